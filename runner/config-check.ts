// Checks the mobile options in a config's `use` (and each project's) when the config loads, so a
// typo or a wrong value fails at once with the option's name and what it accepts, not deep in a test.
import type { PlaywrightTestOptions, PlaywrightWorkerOptions } from '@playwright/test';
import { z } from 'zod';
import { closest } from '../src/primitives/schema/suggest.js';
import { ExplainedError } from './errors.js';
import { MOBILE_OPTIONS_SCHEMA, type MobileWorkerOptions } from './fixtures/options.js';

/** Each mobile option's own schema (unwrapped from the optional every key of `use` is). */
const OPTION_SCHEMAS: ReadonlyMap<string, z.ZodType> = new Map(Object.entries(MOBILE_OPTIONS_SCHEMA.shape).map(([key, schema]) => [key, schema.unwrap()]));

const MOBILE_KEYS = [...OPTION_SCHEMAS.keys()];

// Playwright's own `use` options, and the phone as specs see it (`devices`): a key that is one of these is
// never taken for a misspelt mobile option. `satisfies` fails the build when Playwright adds or drops one.
const PLAYWRIGHT_USE_KEYS = Object.keys({
  acceptDownloads: 1,
  actionTimeout: 1,
  baseURL: 1,
  browserName: 1,
  bypassCSP: 1,
  channel: 1,
  clientCertificates: 1,
  colorScheme: 1,
  connectOptions: 1,
  contextOptions: 1,
  contrast: 1,
  defaultBrowserType: 1,
  deviceScaleFactor: 1,
  extraHTTPHeaders: 1,
  forcedColors: 1,
  geolocation: 1,
  hasTouch: 1,
  headless: 1,
  httpCredentials: 1,
  ignoreHTTPSErrors: 1,
  isMobile: 1,
  javaScriptEnabled: 1,
  launchOptions: 1,
  locale: 1,
  navigationTimeout: 1,
  offline: 1,
  permissions: 1,
  proxy: 1,
  reducedMotion: 1,
  reuseContext: 1,
  screen: 1,
  screenshot: 1,
  serviceWorkers: 1,
  storageState: 1,
  testIdAttribute: 1,
  timezoneId: 1,
  trace: 1,
  userAgent: 1,
  video: 1,
  viewport: 1,
  devices: 1,
  platform: 1,
  teamRoles: 1,
} satisfies Record<keyof PlaywrightTestOptions | keyof PlaywrightWorkerOptions | keyof MobileWorkerOptions, 1>);

/** A config value mobiletest cannot use: names the option, where it is written, the value and what it takes. */
export class ConfigOptionError extends ExplainedError {
  override name = 'ConfigOptionError';
}

/** One bad option: `key` as written in the source (to find its line), `text` the sentence about it. */
export interface OptionProblem {
  key: string;
  text: string;
}

/** The problems of the mobile options in `use`; `where` names it ('use', 'projects[1] (phones).use'). */
export function mobileOptionProblems(use: Record<string, unknown> | undefined, where: string): OptionProblem[] {
  if (!use) return [];
  const problems: OptionProblem[] = [];
  for (const [key, value] of Object.entries(use)) {
    if (value === undefined) continue;
    const schema = OPTION_SCHEMAS.get(key);
    if (schema) {
      const result = schema.safeParse(value);
      if (!result.success) problems.push(...result.error.issues.flatMap((issue) => describeProblem(issue, { where: `${where}.${key}`, key, value, schema })));
      continue;
    }
    const guess = PLAYWRIGHT_USE_KEYS.includes(key) ? undefined : closest(key, MOBILE_KEYS);
    if (guess) problems.push({ key, text: `${where}.${key} is not an option; did you mean ${guess}?` });
  }
  return problems;
}

/** Throws ConfigOptionError for a bad mobile option given with test.use() in a spec. */
export function checkMobileOptions(use: Record<string, unknown> | undefined, where: string): void {
  const problems = mobileOptionProblems(use, where);
  if (problems.length === 0) return;
  throw new ConfigOptionError(
    `${where}() has ${problems.length === 1 ? 'a bad option' : 'bad options'}:\n  ${problems.map((p) => p.text).join('\n  ')}\n${OPTIONS_DOC}`,
  );
}

/** Where the options are described, for the last line of every message about them. */
export const OPTIONS_DOC = "mobiletest's docs/writing-tests.md lists the options and the values they take.";

/** The mobile option names, for a key that belongs in `use` but was written elsewhere. */
export const MOBILE_OPTION_NAMES: readonly string[] = MOBILE_KEYS;

type Issue = z.core.$ZodIssue;

/** The option an issue is about: where it is written (`use.ai`), its key and value, and the schema it was checked against. */
interface CheckedOption {
  where: string;
  key: string;
  value: unknown;
  schema: z.ZodType;
}

/** One line per problem; for a nested option (`use.ai.budget.maxCalls`) the path names the inner key. */
function describeProblem(issue: Issue, { where, key, value, schema }: CheckedOption): OptionProblem[] {
  const at = [where, ...issue.path.map(String)].join('.');
  if (issue.code === 'unrecognized_keys') {
    return issue.keys.map((unknown) => {
      if (/api_?key/i.test(unknown))
        return {
          key: unknown,
          text: `${at}.${unknown} is not an option: API keys are read only from the environment (MOBILETEST_LLM_API_KEY, OPENAI_API_KEY or ANTHROPIC_API_KEY), never from a file`,
        };
      const guess = closest(unknown, keysAt(schema, issue.path));
      return {
        key: unknown,
        text: `${at}.${unknown} is not an option${guess ? `; did you mean ${guess}?` : `; it takes ${keysAt(schema, issue.path).join(', ')}`}`,
      };
    });
  }
  const inner = issue.path.filter((part) => typeof part === 'string').at(-1);
  return [{ key: inner ?? key, text: `${at} is ${JSON.stringify(valueAt(value, issue.path))}: ${describeIssue(issue)}` }];
}

/** The keys an object schema takes at `path`, for did-you-mean hints. */
function keysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let current: unknown = schema;
  for (const key of path) current = shapeOf(current)?.[String(key)];
  return Object.keys(shapeOf(current) ?? {});
}

function shapeOf(schema: unknown): Record<string, unknown> | undefined {
  let inner = schema;
  while (inner instanceof z.ZodOptional) inner = inner.unwrap();
  return inner instanceof z.ZodObject ? (inner.shape as Record<string, unknown>) : undefined;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) current = typeof current === 'object' && current !== null ? (current as Record<PropertyKey, unknown>)[key] : undefined;
  return current;
}

function describeIssue(issue: Issue): string {
  if (issue.code === 'invalid_value') return `it must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  if (issue.code === 'invalid_type') return `it must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
  if (issue.code === 'too_small' && issue.origin === 'string') return 'it must not be empty';
  if (issue.code === 'too_small') return `it must be ${issue.inclusive ? 'at least' : 'more than'} ${String(issue.minimum)}`;
  if (issue.code === 'too_big') return `it must be ${issue.inclusive ? 'at most' : 'less than'} ${String(issue.maximum)}`;
  return issue.message.startsWith('must') ? issue.message : `it ${issue.message.replace(/^[A-Z]/, (c) => c.toLowerCase())}`;
}
