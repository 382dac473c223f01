// Splits `mobiletest test` arguments into mobiletest's own options, spec paths, and everything that
// goes to `playwright test` untouched. Only Playwright options that take a value are listed, so the
// value is never mistaken for a spec path; flags and unknown options pass through as they are.
import { PLATFORMS, type Platform } from '../../src/drivers/index.js';
import { CACHE_MODES, type CacheMode } from '../../src/agent/types.js';
import { UsageError } from '../errors.js';

export const OUTPUTS = ['list', 'json', 'junit', 'html', 'blob'] as const;
export type Output = (typeof OUTPUTS)[number];
/** The reports a run writes when neither --output nor MOBILETEST_OUTPUT says. */
export const DEFAULT_OUTPUTS: readonly Output[] = ['list', 'json', 'junit'];

/** Playwright test options that take a value (`--retries 2`), long and short. */
const PLAYWRIGHT_VALUE_OPTIONS = new Set([
  '--add-reporter',
  '--browser',
  '--grep-invert',
  '-G',
  '--global-timeout',
  '--last-failed-file',
  '--max-failures',
  '--project',
  '--repeat-each',
  '--reporter',
  '--retries',
  '--run-agents',
  '--test-list',
  '--test-list-invert',
  '--timeout',
  '--trace',
  '--tsconfig',
  '--ui-host',
  '--ui-port',
  '--update-source-method',
]);

/** Playwright options whose value is optional: the next word is theirs only when it fits. */
const PLAYWRIGHT_OPTIONAL_VALUES: Record<string, RegExp> = {
  '--update-snapshots': /^(all|changed|missing|none|default)$/,
  '-u': /^(all|changed|missing|none|default)$/,
  '--debug': /^(inspector|cli)$/,
  '--shuffle': /^\d+$/,
};

/** mobiletest's own options (some of which are also given to Playwright after checking). */
const OWN_OPTIONS: Record<string, string> = {
  '--device': 'device',
  '--platform': 'platform',
  '--workers': 'workers',
  '-j': 'workers',
  '--shard': 'shard',
  '--output': 'output',
  '--grep': 'grep',
  '-g': 'grep',
  '--config': 'config',
  '-c': 'config',
  '--cache': 'cache',
};

export interface TestArgs {
  help: boolean;
  device?: string;
  /** android or ios; becomes MOBILETEST_PLATFORM. */
  platform?: Platform;
  workers?: string;
  shard?: { current: number; total: number };
  output?: Output[];
  grep?: string;
  config?: string;
  /** How agent steps use the plan cache; becomes MOBILETEST_CACHE. */
  cache?: CacheMode;
  /** Re-run the last run's failed tests from their last checkpoints. */
  resume?: boolean;
  /** Words that are not options: spec paths, folders or Playwright's file filters. */
  positionals: string[];
  /** Options for `playwright test`, in the order given. */
  passThrough: string[];
}

function splitOption(token: string): { name: string; inline: string | undefined } {
  const eq = token.indexOf('=');
  return token.startsWith('--') && eq > 0 ? { name: token.slice(0, eq), inline: token.slice(eq + 1) } : { name: token, inline: undefined };
}

export function parseTestArgs(argv: string[]): TestArgs {
  const args: TestArgs = { help: false, positionals: [], passThrough: [] };
  const own: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i];
    if (token === '--') {
      args.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (token === '--help' || token === '-h') {
      args.help = true;
      continue;
    }
    if (token === '--resume') {
      args.resume = true;
      continue;
    }
    if (!token.startsWith('-') || token === '-') {
      args.positionals.push(token);
      continue;
    }
    const { name, inline } = splitOption(token);
    const takeValue = (): string => {
      if (inline !== undefined) return inline;
      const value = argv[i + 1];
      if (value === undefined || (value.startsWith('-') && value !== '-')) throw new UsageError(`${name} needs a value.`);
      i++;
      return value;
    };
    if (OWN_OPTIONS[name]) {
      own[OWN_OPTIONS[name]] = takeValue();
    } else if (PLAYWRIGHT_VALUE_OPTIONS.has(name)) {
      args.passThrough.push(name, takeValue());
    } else if (PLAYWRIGHT_OPTIONAL_VALUES[name] && inline === undefined && PLAYWRIGHT_OPTIONAL_VALUES[name].test(argv[i + 1] ?? '')) {
      args.passThrough.push(name, argv[++i]);
    } else {
      args.passThrough.push(token);
    }
  }
  if (own.device !== undefined) args.device = checkDevice(own.device);
  if (own.platform !== undefined) args.platform = checkPlatform(own.platform);
  if (own.workers !== undefined) args.workers = checkWorkers(own.workers);
  if (own.shard !== undefined) args.shard = checkShard(own.shard);
  if (own.output !== undefined) args.output = checkOutput(own.output);
  if (own.grep !== undefined) args.grep = checkGrep(own.grep);
  if (own.cache !== undefined) args.cache = checkCache(own.cache);
  args.config = own.config;
  return args;
}

/** `sim`, `android:any`, `ios:any`, an adb serial or simulator UDID, a WebDriverAgent URL, or several separated by commas. */
function checkDevice(value: string): string {
  const parts = value.split(',').map((part) => part.trim());
  const bad = parts.find((part) => !/^[\w.:@[\]-]+$/.test(part) && !/^([\w-]+@)?https?:\/\/[\w.:[\]-]+\/?$/.test(part));
  if (bad !== undefined) {
    throw new UsageError(
      `--device "${value}": "${bad}" is not a device. Use sim (the virtual phone or iPhone), android:any (any connected Android device), ios:any (any booted simulator), an adb serial such as emulator-5554, a simulator UDID, a WebDriverAgent URL such as http://127.0.0.1:8100, or several separated by commas; \`mobiletest devices\` lists the connected ones.`,
    );
  }
  return parts.join(',');
}

function checkPlatform(value: string): Platform {
  const platform = PLATFORMS.find((p) => p === value.trim().toLowerCase());
  if (!platform) throw new UsageError(`--platform "${value}": give ${PLATFORMS.join(' or ')}.`);
  return platform;
}

function checkWorkers(value: string): string {
  const match = /^(\d+)(%?)$/.exec(value);
  if (!match || Number(match[1]) < 1 || (match[2] && Number(match[1]) > 100)) {
    throw new UsageError(`--workers "${value}": give a number of workers >= 1 (e.g. 2) or a share of the CPU cores (e.g. 50%).`);
  }
  return value;
}

function checkShard(value: string): { current: number; total: number } {
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const current = Number(match?.[1]);
  const total = Number(match?.[2]);
  if (!match || total < 1 || current < 1 || current > total) {
    throw new UsageError(`--shard "${value}": write it as i/n with 1 <= i <= n, for example --shard 1/3 for the first of three shards.`);
  }
  return { current, total };
}

function checkOutput(value: string): Output[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !(OUTPUTS as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `--output "${value}": ${unknown.length ? `unknown output ${unknown.map((n) => `"${n}"`).join(', ')}` : 'no output named'}. Choose a comma-separated list of: ${OUTPUTS.join(', ')}.`,
    );
  }
  return [...new Set(names)] as Output[];
}

function checkCache(value: string): CacheMode {
  const mode = CACHE_MODES.find((m) => m === value.trim());
  if (mode) return mode;
  throw new UsageError(
    `--cache "${value}" is not a cache mode. Use read-write (replay cached plans, record new ones), read-only (replay, never write: the CI default), refresh (plan afresh and overwrite) or off (no cache).`,
  );
}

function checkGrep(value: string): string {
  try {
    new RegExp(value);
  } catch (error) {
    throw new UsageError(`--grep "${value}" is not a regular expression: ${(error as Error).message}.`);
  }
  return value;
}
