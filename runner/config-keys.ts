// The keys a config and each of its projects take: Playwright's own (a misspelt one is silently
// ignored by Playwright, so `testdir:` would run the wrong folder) and mobiletest's, which go in `use`.
import type { PlaywrightTestConfig } from '@playwright/test';
import { closest } from '../src/primitives/schema/suggest.js';
import { MOBILE_OPTION_NAMES, type OptionProblem } from './config-check.js';

type ProjectConfig = NonNullable<PlaywrightTestConfig['projects']>[number];

// `satisfies` fails the build when Playwright's types add or drop a key.
const CONFIG_KEYS = Object.keys({
  build: 1,
  captureGitInfo: 1,
  expect: 1,
  failOnFlakyTests: 1,
  forbidOnly: 1,
  fullyParallel: 1,
  globalSetup: 1,
  globalTeardown: 1,
  globalTimeout: 1,
  grep: 1,
  grepInvert: 1,
  ignoreSnapshots: 1,
  maxFailures: 1,
  metadata: 1,
  name: 1,
  outputDir: 1,
  preserveOutput: 1,
  projects: 1,
  quiet: 1,
  repeatEach: 1,
  reportSlowTests: 1,
  reporter: 1,
  respectGitIgnore: 1,
  retries: 1,
  retryStrategy: 1,
  shard: 1,
  snapshotDir: 1,
  snapshotPathTemplate: 1,
  tag: 1,
  testDir: 1,
  testIgnore: 1,
  testMatch: 1,
  timeout: 1,
  tsconfig: 1,
  updateSnapshots: 1,
  updateSourceMethod: 1,
  use: 1,
  webServer: 1,
  workers: 1,
} satisfies Record<keyof PlaywrightTestConfig, 1>);

const PROJECT_KEYS = Object.keys({
  default: 1,
  dependencies: 1,
  expect: 1,
  fullyParallel: 1,
  grep: 1,
  grepInvert: 1,
  ignoreSnapshots: 1,
  metadata: 1,
  name: 1,
  outputDir: 1,
  repeatEach: 1,
  respectGitIgnore: 1,
  retries: 1,
  snapshotDir: 1,
  snapshotPathTemplate: 1,
  teardown: 1,
  testDir: 1,
  testIgnore: 1,
  testMatch: 1,
  timeout: 1,
  use: 1,
  workers: 1,
} satisfies Record<keyof ProjectConfig, 1>);

/** The keys an object takes, where it is written ('' at the top of the config), and what its keys are called in messages. */
interface KeySet {
  known: readonly string[];
  where: string;
  kind: string;
}

/** A key that is not the config's (or a project's) but close to one, or a mobile option written outside `use`. */
function keyProblems(object: Record<string, unknown>, { known, where, kind }: KeySet): OptionProblem[] {
  const problems: OptionProblem[] = [];
  for (const key of Object.keys(object)) {
    if (known.includes(key)) continue;
    const at = where ? `${where}.${key}` : key;
    // A newer Playwright may take keys this list lacks: only a near miss of a known key is reported.
    const guess = closest(key, known);
    if (guess) problems.push({ key, text: `${at} is not ${kind}; did you mean ${guess}?` });
    else if (MOBILE_OPTION_NAMES.includes(key))
      problems.push({ key, text: `${at} is a mobile option, which goes in use: write ${where ? `${where}.` : ''}use: { ${key}: ... }` });
  }
  return problems;
}

/** The misspelt and misplaced keys at the top of a config and of each of its projects. */
export function configKeyProblems(config: Record<string, unknown>): OptionProblem[] {
  const projects = Array.isArray(config.projects) ? (config.projects as Array<Record<string, unknown> | undefined>) : [];
  return [
    ...keyProblems(config, { known: CONFIG_KEYS, where: '', kind: 'a config option' }),
    ...projects.flatMap((project, i) =>
      project && typeof project === 'object' ? keyProblems(project, { known: PROJECT_KEYS, where: projectName(project, i), kind: 'a project option' }) : [],
    ),
  ];
}

/** How messages name a project: `projects[1] (phones)`. */
export function projectName(project: { name?: unknown }, index: number): string {
  return `projects[${index}] (${typeof project.name === 'string' && project.name ? project.name : 'unnamed'})`;
}
