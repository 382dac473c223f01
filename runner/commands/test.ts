// `mobiletest test`: a thin layer over `playwright test`. It picks the config, checks the options
// it owns, hands the contract's environment variables to the config and fixtures, and runs the
// project's single copy of Playwright as a child with the terminal, exiting with its code.
import { spawn } from 'node:child_process';
import { AndroidDriver, AdbServerUnavailable } from '../../src/drivers/index.js';
import { DEFAULT_REPORT_DIR, reportDir } from '../../src/events/index.js';
import { namesIosDevices, parseDeviceSpec } from '../device/lease/spec.js';
import { UsageError } from '../errors.js';
import { adbAddress } from './adb-devices.js';
import { chooseConfig, type ConfigChoice } from './config-file.js';
import { resolvePlaywright } from './playwright-install.js';
import { selectSpecs } from './spec-paths.js';
import { DEFAULT_OUTPUTS, OUTPUTS, parseTestArgs, type TestArgs } from './test-args.js';
import { yamlSpecsProblem } from './yaml-config.js';
import { collectResumePlan, writeResumePlan } from '../resume/plan.js';
import path from 'node:path';

export const TEST_USAGE = `Usage: mobiletest test [paths...] [options]

Runs specs with Playwright Test on a phone, an emulator or the virtual phone.

Paths:
  a spec file (TS or YAML, optionally file:line) runs wherever it lies in the project; a folder runs
  the specs under it; a word that is no path filters spec files as in Playwright.

Options:
  --device S        sim (the virtual phone or iPhone), android:any, ios:any, an adb serial, a simulator UDID, a
                    WebDriverAgent URL, or several separated by commas (one per worker); sets MOBILETEST_DEVICE.
                    Default: the config's, else a connected device, else the virtual device
  --platform P      android or ios: the kind of device to lease; sets MOBILETEST_PLATFORM (default: the config's)
  --workers N       parallel workers (N, or a share of CPU cores like 50%)
  --shard i/n       run the i-th of n shards; adds a blob report to merge with \`mobiletest merge-reports\`
  --output LIST     reports, comma-separated: ${OUTPUTS.join(', ')} (default ${DEFAULT_OUTPUTS.join(',')}), in ${DEFAULT_REPORT_DIR}/
  -g, --grep RE     run only tests whose title matches RE
  --cache MODE      how agent steps use the plan cache: read-write (default), read-only (default on CI),
                    refresh (plan afresh, overwrite the cache) or off; sets MOBILETEST_CACHE
  --resume          re-run the last run's failed tests (from the report folder): each replays the path the
                    failed run recorded to its last checkpoint (agent steps ask no model), checks the
                    checkpoint's screen, and goes on from there
  -c, --config FILE the config (default mobiletest.config.{ts,mts,cts,js,mjs,cjs}, then playwright.config.*, in this
                    folder; with none, the embedded default runs the specs under this folder)

Every other option goes to Playwright untouched: --list, --retries N, --repeat-each N, --reporter R,
--project P, --timeout MS, -x, --max-failures N, --last-failed, ... (see npx playwright test --help;
Playwright's own --output folder is the config's outputDir).`;

/** The env of the Playwright child: the caller's, plus the contract's MOBILETEST_* variables. */
function childEnv(args: TestArgs, files: string[], config: ConfigChoice): NodeJS.ProcessEnv {
  const env = { ...process.env };
  // Report paths are relative to the config's folder: for the embedded config that is the package,
  // so its reports are pinned to the folder the user runs in.
  if (config.embedded) env.MOBILETEST_REPORT_DIR = reportDir(process.cwd(), env);
  if (args.device !== undefined) env.MOBILETEST_DEVICE = args.device;
  if (args.platform !== undefined) env.MOBILETEST_PLATFORM = args.platform;
  if (args.cache !== undefined) env.MOBILETEST_CACHE = args.cache;
  if (args.output || args.shard) {
    const outputs = args.output ?? env.MOBILETEST_OUTPUT?.split(',').filter(Boolean) ?? DEFAULT_OUTPUTS;
    env.MOBILETEST_OUTPUT = [...new Set([...outputs, ...(args.shard ? ['blob'] : [])])].join(',');
  }
  // Listing runs no test: it must not replace the last run's reports with empty ones.
  if (args.passThrough.includes('--list') && !args.output) env.MOBILETEST_OUTPUT = 'list';
  if (files.length > 0) env.MOBILETEST_TEST_FILES = JSON.stringify(files);
  else delete env.MOBILETEST_TEST_FILES;
  return env;
}

/** Checks that named serials (or any device, for android:any) are on the adb server before tests start. */
async function checkDevice(device: string): Promise<void> {
  const spec = parseDeviceSpec(device);
  if (spec.kind === 'sim' || spec.kind === 'auto' || namesIosDevices(spec)) return;
  const address = adbAddress();
  let listed;
  try {
    listed = await AndroidDriver.devices({ host: address.host, port: address.port, timeoutMs: 10_000 });
  } catch (error) {
    if (!(error instanceof AdbServerUnavailable)) throw error;
    throw new UsageError(
      `--device ${device}: no adb server runs (${address.describe}), so no phone or emulator can be reached. Start one with \`adb start-server\`, or run on the virtual phone with --device sim.`,
    );
  }
  const usable = listed.filter((d) => d.state === 'device').map((d) => d.id);
  const connected = listed.length ? `connected: ${listed.map((d) => `${d.id} (${d.state})`).join(', ')}` : 'no devices are connected';
  const hint = '`mobiletest devices` lists them; --device sim runs on the virtual phone.';
  if (spec.kind === 'any' && usable.length === 0)
    throw new UsageError(`--device ${device}: android:any needs a connected Android device; ${connected}. ${hint}`);
  const missing = spec.kind === 'serials' ? spec.serials.filter((serial) => !usable.includes(serial)) : [];
  if (missing.length > 0)
    throw new UsageError(
      `--device ${device}: ${missing.map((serial) => `device ${serial}`).join(', ')} ${missing.length === 1 ? 'is' : 'are'} not on ${address.describe}; ${connected}. ${hint}`,
    );
}

function playwrightArgs(args: TestArgs, config: string, filters: string[]): string[] {
  const argv = ['test', '--config', config, ...filters, ...args.passThrough];
  if (args.workers !== undefined) argv.push('--workers', args.workers);
  if (args.shard) argv.push('--shard', `${args.shard.current}/${args.shard.total}`);
  if (args.grep !== undefined) argv.push('--grep', args.grep);
  return argv;
}

/** Makes a config that throws, or an import that finds nothing, say where and what to do (see load-errors/). */
const LOAD_ERRORS = new URL('../load-errors/register.js', import.meta.url).href;

/** Runs Playwright with the terminal; resolves with its exit code. */
function runChild(cli: string, argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    // Preloaded as well as imported by mobiletest: it then holds for a config that throws before it imports mobiletest, or never does.
    const child = spawn(process.execPath, ['--import', LOAD_ERRORS, cli, ...argv], { stdio: 'inherit', env });
    // Ctrl-C reaches the child from the terminal; this process waits for it to finish its reports.
    const onInterrupt = (): void => undefined;
    const onTerminate = (): void => {
      child.kill('SIGTERM');
    };
    process.on('SIGINT', onInterrupt);
    process.on('SIGTERM', onTerminate);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      process.off('SIGINT', onInterrupt);
      process.off('SIGTERM', onTerminate);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

export async function runTestCommand(argv: string[]): Promise<number> {
  let args: TestArgs;
  try {
    args = parseTestArgs(argv);
  } catch (error) {
    if (error instanceof UsageError) throw new UsageError(`test: ${error.message}\n\n${TEST_USAGE}`);
    throw error;
  }
  if (args.help) {
    console.log(TEST_USAGE);
    return 0;
  }
  const cwd = process.cwd();
  const config = chooseConfig(cwd, args.config);
  const resumed = args.resume ? await resumeRun(config.embedded ? reportDir(cwd) : reportDir(path.dirname(config.file))) : undefined;
  if (args.resume && !resumed) return 0;
  const specs = selectSpecs(cwd, [...args.positionals, ...(resumed?.locations.map((at) => path.relative(cwd, at)) ?? [])]);
  const yamlWarning = yamlSpecsProblem({ cwd, config, named: specs.named });
  let playwright;
  try {
    playwright = resolvePlaywright(cwd);
  } catch (error) {
    console.error(`mobiletest test: ${(error as Error).message}`);
    return 1;
  }
  // Android serials are checked against the adb server before Playwright starts; iOS devices when leased.
  if (args.device !== undefined && args.platform !== 'ios') await checkDevice(args.device);
  if (config.embedded) console.error('mobiletest: no mobiletest.config.ts in this folder; running the specs under it with the default config.');
  if (yamlWarning) console.error(yamlWarning);
  const env = childEnv(args, specs.files, config);
  if (resumed) env.MOBILETEST_RESUME = resumed.file;
  return runChild(playwright.cli, playwrightArgs(args, config.file, specs.filters), env);
}

/** Reads the last run's failed tests and where each got to; undefined (said why) when there is none to resume. */
async function resumeRun(dir: string): Promise<{ file: string; locations: string[] } | undefined> {
  const plan = await collectResumePlan(dir);
  const tests = Object.values(plan.tests);
  if (tests.length === 0) {
    console.error(`mobiletest test --resume: the last run's reports in ${dir} have no failed test to resume.`);
    return undefined;
  }
  console.error(`mobiletest: resuming ${tests.length} failed test${tests.length === 1 ? '' : 's'} of the last run:`);
  for (const test of tests) {
    const points = Object.entries(test.devices);
    const where =
      points.length === 0
        ? 'from the start (it failed before any checkpoint)'
        : points.map(([role, p]) => `${role ? `${role}: ` : ''}from checkpoint "${p.checkpoint}" (${p.steps.length} steps replayed)`).join(', ');
    console.error(`  ${test.title} — ${where}`);
  }
  return { file: await writeResumePlan(plan), locations: tests.map((test) => test.at) };
}
