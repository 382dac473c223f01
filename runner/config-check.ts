// Checks the mobile options in a config's `use` (and each project's) when the config loads, so a
// typo or a wrong value fails at once with the option's name and what it accepts, not deep in a test.
import { z } from 'zod';
import { closest } from '../src/primitives/schema/suggest.js';
import type { MobileOptions } from './fixtures/options.js';

const PACKAGE = /^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/;

/** One schema per mobile option; the keys are MobileOptions' own, so the two cannot drift apart. */
const OPTION_SCHEMAS = {
  app: z.string().regex(PACKAGE, 'must be an Android package name such as com.example.shop'),
  device: z.string().trim().min(1, "must be 'sim', 'android:any', an adb serial, or serials separated by commas"),
  dialogs: z.enum(['allow', 'deny', 'fail']),
  permissions: z.union([z.literal('all'), z.array(z.string().min(1))], { error: "must be 'all' or a list of permission names" }),
  clearState: z.boolean(),
  launch: z.boolean(),
  actionTimeout: z.number().int().positive().max(600_000),
} satisfies { [K in keyof Required<MobileOptions>]: z.ZodType };

const MOBILE_KEYS = Object.keys(OPTION_SCHEMAS);

// Playwright's own `use` options: a key that is one of these is never taken for a misspelt mobile option.
const PLAYWRIGHT_USE_KEYS = [
  'acceptDownloads', 'actionTimeout', 'baseURL', 'browserName', 'bypassCSP', 'channel', 'clientCertificates', 'colorScheme',
  'connectOptions', 'contextOptions', 'defaultBrowserType', 'deviceScaleFactor', 'extraHTTPHeaders', 'geolocation', 'hasTouch',
  'headless', 'httpCredentials', 'ignoreHTTPSErrors', 'isMobile', 'javaScriptEnabled', 'launchOptions', 'locale',
  'navigationTimeout', 'offline', 'permissions', 'proxy', 'screenshot', 'serviceWorkers', 'storageState', 'testIdAttribute',
  'timezoneId', 'trace', 'userAgent', 'video', 'viewport', 'devices',
];

/** A config value mobiletest cannot use: names the option, the value and what it accepts. */
export class ConfigOptionError extends Error {
  override name = 'ConfigOptionError';
}

/** Throws ConfigOptionError for a bad mobile option in `use`; `where` names it ('use', 'projects[1].use'). */
export function checkMobileOptions(use: Record<string, unknown> | undefined, where: string): void {
  if (!use) return;
  const problems: string[] = [];
  for (const [key, value] of Object.entries(use)) {
    if (value === undefined) continue;
    const schema = (OPTION_SCHEMAS as Record<string, z.ZodType | undefined>)[key];
    if (schema) {
      const result = schema.safeParse(value);
      if (!result.success) problems.push(`${where}.${key} is ${JSON.stringify(value)}: ${describeIssue(result.error)}`);
      continue;
    }
    const guess = PLAYWRIGHT_USE_KEYS.includes(key) ? undefined : closest(key, MOBILE_KEYS);
    if (guess) problems.push(`${where}.${key} is not an option; did you mean ${guess}?`);
  }
  if (problems.length > 0) {
    throw new ConfigOptionError(`The mobiletest config has ${problems.length === 1 ? 'a bad option' : 'bad options'}:\n  ${problems.join('\n  ')}\nSee docs/writing-tests.md for the options and their values.`);
  }
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue.code === 'invalid_value') return `it must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  if (issue.code === 'invalid_type') return `it must be a ${issue.expected}`;
  if (issue.code === 'too_small') return `it must be ${issue.inclusive ? 'at least' : 'more than'} ${String(issue.minimum)}`;
  if (issue.code === 'too_big') return `it must be ${issue.inclusive ? 'at most' : 'less than'} ${String(issue.maximum)}`;
  return issue.message.startsWith('must') ? issue.message : `it ${issue.message.replace(/^[A-Z]/, (c) => c.toLowerCase())}`;
}
