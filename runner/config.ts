// defineConfig(): Playwright's config with mobiletest's defaults: which files are specs, the reports
// MOBILETEST_OUTPUT asks for, the report folder, the files named on the command line, and workers.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig as playwrightDefineConfig, type PlaywrightTestConfig, type ReporterDescription } from '@playwright/test';
import { knownDeviceCount, parseDeviceSpec } from './device/lease/spec.js';
import { deviceSetting, withTeamRoles, type MobileOptions } from './fixtures/options.js';
import { DEFAULT_OUTPUTS, OUTPUTS } from './commands/test-args.js';
import { reportDirSetting } from '../src/events/index.js';
import { checkConfig } from './config-problems.js';
import { ExplainedError } from './errors.js';
import { PACKAGE_ROOT } from './package-root.js';
import { TEST_FILE_PATTERNS } from './spec-files.js';
// YAML specs load through a module hook; importing it here puts it in the runner process and every worker.
import './yaml/register.js';
// Errors of loading the user's code (the config, a spec's imports) say where and what to do; see load-errors/.
import './load-errors/register.js';

/** A mobiletest project config: Playwright's, with `use` taking the mobile options. */
export type MobileUse = Omit<NonNullable<PlaywrightTestConfig['use']>, keyof MobileOptions> & MobileOptions;
export type MobileConfig = Omit<PlaywrightTestConfig, 'use' | 'projects'> & {
  use?: MobileUse;
  projects?: Array<Omit<NonNullable<PlaywrightTestConfig['projects']>[number], 'use'> & { use?: MobileUse }>;
};

/** A bad MOBILETEST_* setting or config value: says which, what it was, and what is allowed. */
export class ConfigError extends ExplainedError {
  override name = 'ConfigError';
}

function reporterFile(name: string): string {
  return path.join(PACKAGE_ROOT, 'dist', 'reporters', `${name}.js`);
}

/** The reporters MOBILETEST_OUTPUT names (default list,json,junit); a reporter not built yet is skipped with a warning. */
export function outputReporters(env: NodeJS.ProcessEnv = process.env): ReporterDescription[] {
  const raw = env.MOBILETEST_OUTPUT?.trim();
  const names = raw
    ? raw
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
    : DEFAULT_OUTPUTS;
  const reportDir = reportDirSetting(env);
  const reporters: ReporterDescription[] = [];
  for (const name of new Set(names)) {
    if (!(OUTPUTS as readonly string[]).includes(name)) {
      throw new ConfigError(`MOBILETEST_OUTPUT names an unknown output "${name}"; use a comma list of ${OUTPUTS.join(', ')}`);
    }
    // After the list, a test that passed only after a recovery is named with what failed and what was replayed.
    if (name === 'list') reporters.push(['list'], [reporterFile('summary-line'), { count: false }]);
    else if (name === 'blob') reporters.push(['blob', { outputDir: path.join(reportDir, 'blob') }]);
    else {
      const file = reporterFile(name);
      if (existsSync(file)) reporters.push([file]);
      else console.warn(`mobiletest: the ${name} report is not available in this build (${file} is missing); skipping it`);
    }
  }
  return reporters;
}

function testFiles(env: NodeJS.ProcessEnv): string[] | undefined {
  const raw = env.MOBILETEST_TEST_FILES?.trim();
  if (!raw) return undefined;
  let files: unknown;
  try {
    files = JSON.parse(raw);
  } catch {
    throw new ConfigError(`MOBILETEST_TEST_FILES is not JSON: ${raw.slice(0, 80)}; it must be a JSON array of absolute spec paths`);
  }
  if (!Array.isArray(files) || files.some((f) => typeof f !== 'string' || !path.isAbsolute(f))) {
    throw new ConfigError(`MOBILETEST_TEST_FILES must be a JSON array of absolute spec paths; got ${raw.slice(0, 80)}`);
  }
  return files.length === 0 ? undefined : (files as string[]);
}

function commonFolder(files: string[]): string {
  let dir = path.dirname(files[0]);
  while (!files.every((f) => f === dir || f.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep))) dir = path.dirname(dir);
  return dir;
}

/**
 * Playwright config use: `device` and `team` are fixtures' names in specs, so the phone travels as
 * `devices` and a team's roles as `teamRoles`.
 */
function withDevices<T extends { device?: string; devices?: string } | undefined>(use: T): T {
  if (!use) return use;
  const roles = withTeamRoles(use as Record<string, unknown>) as T & { device?: string };
  if (roles.device === undefined) return roles;
  const { device, ...rest } = roles;
  return { ...rest, devices: device } as T;
}

/**
 * Playwright's defineConfig with mobiletest's defaults (specs `*.test.ts`, `*.spec.ts`, `*.test.yml`, also .js, .mjs, .cjs,
 * reports into mobiletest-report/, 60 s per test, fully parallel, one worker per known device).
 */
export function defineConfig(config: MobileConfig = {}, env: NodeJS.ProcessEnv = process.env): PlaywrightTestConfig {
  checkConfig(config as Record<string, unknown>);
  const files = testFiles(env);
  const setting = deviceSetting(config.use?.device, env);
  const devices = knownDeviceCount(parseDeviceSpec(setting));
  const narrowed = files ? { testDir: commonFolder(files), testMatch: files, testIgnore: [] } : {};
  const { use, projects, ...rest } = config;
  return playwrightDefineConfig({
    testMatch: [...TEST_FILE_PATTERNS],
    timeout: 60_000,
    fullyParallel: true,
    workers: devices ?? 1,
    reporter: outputReporters(env),
    outputDir: path.join(reportDirSetting(env), 'test-results'),
    ...rest,
    ...narrowed,
    ...(use ? { use: withDevices(use) as PlaywrightTestConfig['use'] } : {}),
    ...(projects
      ? { projects: projects.map((project) => ({ ...project, ...(project.use ? { use: withDevices(project.use) } : {}) })) as PlaywrightTestConfig['projects'] }
      : {}),
  });
}
