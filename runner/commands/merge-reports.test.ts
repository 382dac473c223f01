// The JSON and JUnit reports, sharding and merge-reports, run as users run them: a throw-away
// project of plain Playwright specs that write an events log and attach it as the device fixture
// does, so no phone is needed to check what the reports make of it.
import { test, expect } from '@playwright/test';
import path from 'node:path';
import { SaxesParser } from 'saxes';
import { PACKAGE_ROOT, TempProject, type RunResult } from '../testing/project.js';

const REPORTERS = ['json', 'junit'].map((name) => path.join(PACKAGE_ROOT, 'dist', 'reporters', `${name}.js`)).join(',');
const API_KEY = 'sk-live-0123456789abcdef';
const TYPED_SECRET = 'pass123-very-secret';

const FIXTURES = `
import { test as base } from '@playwright/test';
import { EventLog, newActionId, registerSecret } from 'mobiletest';

interface Outcome { verdict?: 'OK' | 'FAIL' | 'EXCEPTION'; category?: string; message?: string }

/** Writes what the device fixture and the executor write, for one test. */
export class Evidence {
  constructor(private readonly log: EventLog, private readonly file: string) {}

  async step(primitive: string, params: Record<string, unknown>, outcome: Outcome = {}): Promise<void> {
    const line = Number(new Error().stack?.split('\\n').find((frame) => frame.includes(this.file))?.match(/:(\\d+):\\d+\\)?$/)?.[1] ?? 0);
    const action_id = newActionId();
    const target = typeof params.target === 'string' ? params.target : undefined;
    await this.log.append({ kind: 'action_start', action_id, primitive, params, ...(target ? { target } : {}), source: 'script', location: { file: this.file, line } });
    const verdict = outcome.verdict ?? 'OK';
    const error = verdict === 'OK' ? {} : { error: { name: 'ActionFailed', message: outcome.message ?? 'failed', category: outcome.category } };
    await this.log.append({ kind: 'action_end', action_id, verdict, timings: { total_ms: 12, device_ms: 9, harness_ms: 3 }, ...error });
    if (verdict !== 'OK') throw new Error(outcome.message);
  }

  async llm(tokens_in: number, tokens_out: number): Promise<void> {
    await this.log.append({ kind: 'llm_call', role: 'planner', model: 'm', prompt_ref: 'p.txt', answer_ref: 'a.txt', tokens_in, tokens_out, cost_usd: 0, duration_ms: 5 });
  }
}

export const test = base.extend<{ evidence: Evidence; adb: string }>({
  evidence: async ({}, use, testInfo) => {
    const log = await EventLog.open(testInfo.outputPath('events.jsonl'), { testId: testInfo.testId });
    await log.append({ kind: 'test_start', title: testInfo.title, device: 'sim-5554', retry: testInfo.retry, location: { file: testInfo.file, line: testInfo.line } });
    await use(new Evidence(log, testInfo.file));
    await log.append({ kind: 'test_end', status: testInfo.status ?? 'failed', duration_ms: testInfo.duration });
    await log.close();
    await testInfo.attach('mobiletest-events', { path: log.path, contentType: 'application/x-ndjson' });
  },
  adb: async ({}, use) => {
    throw new Error('adb: device emulator-5554 offline');
    await use('never');
  },
});
export { registerSecret };
`;

const SHOP_SPEC = `
import { expect } from '@playwright/test';
import { test, registerSecret } from '../fixtures';

test('logs in', async ({ evidence }) => {
  await evidence.step('launch_app', {});
  await evidence.step('input_text', { target: 'Email', text: 'alice@example.com' });
  await evidence.step('input_text', { target: 'Password', text: '${TYPED_SECRET}', secret: true });
  await evidence.step('tap', { target: 'Log in' });
  await evidence.llm(900, 40);
});

test.describe('cart', () => {
  test('adds headphones', async ({ evidence }) => {
    await evidence.step('tap', { target: 'Add to cart' });
    await evidence.step('assert_text', { target: 'cart badge', text: '1' });
  });
});

test('checks out', async ({ evidence }) => {
  await evidence.step('tap', { target: 'Checkout' }, { verdict: 'FAIL', category: 'locator', message: 'no element matches "Checkout"; closest: "Check out"' });
});
`;

const SETTINGS_SPEC = `
import { expect } from '@playwright/test';
import { test } from '../fixtures';

test.describe.configure({ retries: 1 });

test('wifi toggles', async ({ evidence }) => {
  await evidence.step('tap', { target: 'Wi-Fi' });
  expect('off').toBe('on');
});

test('refresh settles', async ({ evidence }, testInfo) => {
  await evidence.step('tap', { target: 'Refresh' });
  expect(testInfo.retry).toBe(1);
});

test.skip('dark mode', async ({ evidence }) => {
  await evidence.step('tap', { target: 'Dark mode' });
});
`;

const PLAIN_SPEC = `
import { test as plain, expect } from '@playwright/test';
import { test } from '../fixtures';

plain('adds numbers', async () => {
  expect(1 + 1).toBe(2);
});

test('reaches the device', async ({ adb }) => {
  expect(adb).toBe('never');
});

plain('calls the service', async () => {
  throw new Error('request refused for key ' + process.env.MOBILETEST_SERVICE_API_KEY);
});
`;

const TEST_COUNT = 9;
const ENV = { MOBILETEST_SERVICE_API_KEY: API_KEY };

async function evidenceProject(): Promise<TempProject> {
  return TempProject.create({
    'playwright.config.ts': `import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: 'specs', fullyParallel: true, workers: 2 });\n`,
    'fixtures.ts': FIXTURES,
    'specs/shop.test.ts': SHOP_SPEC,
    'specs/settings.test.ts': SETTINGS_SPEC,
    'specs/plain.test.ts': PLAIN_SPEC,
  });
}

interface Step {
  primitive: string;
  target: string | null;
  status: string;
  duration_ms: number;
  device_ms: number;
  location: string | null;
}
interface TestEntry {
  title: string;
  title_path: string[];
  file: string;
  line: number;
  status: string;
  duration_ms: number;
  retry: number;
  device: string | null;
  steps: Step[];
  failure: { category: string; message: string } | null;
  llm_calls: number;
  tokens: number;
}
interface ResultsFile {
  version: number;
  run: { status: string; started_at: string; duration_ms: number; totals: Record<string, number> };
  tests: TestEntry[];
}

/** results.json without what varies from run to run: start time and durations. */
function withoutTimings(results: ResultsFile): unknown {
  return {
    ...results,
    run: { ...results.run, started_at: '-', duration_ms: 0 },
    tests: results.tests.map((entry) => ({ ...entry, duration_ms: 0, steps: entry.steps.map((step) => ({ ...step, duration_ms: 0, device_ms: 0 })) })),
  };
}

function byTitle(results: ResultsFile, title: string): TestEntry {
  const found = results.tests.find((entry) => entry.title === title);
  if (!found) throw new Error(`no test "${title}" in results.json: ${results.tests.map((entry) => entry.title).join(', ')}`);
  return found;
}

/** `mobiletest merge-reports ARGS` in the project. */
function mergeReports(project: TempProject, args: string[], env: Record<string, string>): Promise<RunResult> {
  return project.mobiletest(['merge-reports', ...args], { env: { ...ENV, ...env } });
}

let project: TempProject;
test.beforeAll(async () => {
  project = await evidenceProject();
});
test.afterAll(async () => {
  await project.remove();
});

// One project, run once unsharded and once in two shards; later tests read what earlier ones wrote.
test.describe.configure({ mode: 'serial', timeout: 600_000 });

test('an unsharded run writes results.json with steps, devices, categories and totals', async () => {
  const run = await project.playwright(['test', '--reporter', REPORTERS], { env: ENV });
  expect(run.exitCode, run.output).toBe(1);
  expect(run.stdout).toContain('JSON report: mobiletest-report/results.json');
  expect(run.stdout).toContain('JUnit report: mobiletest-report/junit.xml');
  const results = await project.readJson<ResultsFile>('mobiletest-report/results.json');
  expect(results.version).toBe(1);
  expect(results.run).toMatchObject({ status: 'failed', totals: { passed: 3, failed: 4, flaky: 1, skipped: 1 } });
  expect(results.tests).toHaveLength(TEST_COUNT);
  expect(results.tests.map((entry) => `${entry.file}:${entry.line}`)).toEqual([
    'plain.test.ts:5',
    'plain.test.ts:9',
    'plain.test.ts:13',
    'settings.test.ts:7',
    'settings.test.ts:12',
    'settings.test.ts:17',
    'shop.test.ts:5',
    'shop.test.ts:14',
    'shop.test.ts:20',
  ]);

  const login = byTitle(results, 'logs in');
  expect(login).toMatchObject({ status: 'passed', device: 'sim-5554', retry: 0, failure: null, llm_calls: 1, tokens: 940 });
  expect(login.steps.map((step) => [step.primitive, step.target, step.status, step.location])).toEqual([
    ['launch_app', null, 'OK', 'shop.test.ts:6'],
    ['input_text', 'Email', 'OK', 'shop.test.ts:7'],
    ['input_text', 'Password', 'OK', 'shop.test.ts:8'],
    ['tap', 'Log in', 'OK', 'shop.test.ts:9'],
  ]);
  expect(byTitle(results, 'adds headphones').title_path).toEqual(['cart', 'adds headphones']);

  const checkout = byTitle(results, 'checks out');
  expect(checkout).toMatchObject({
    status: 'failed',
    retry: 0,
    failure: { category: 'locator', message: 'Error: no element matches "Checkout"; closest: "Check out"' },
  });
  expect(checkout.steps.at(-1)).toMatchObject({ primitive: 'tap', target: 'Checkout', status: 'FAIL' });
  expect(byTitle(results, 'wifi toggles')).toMatchObject({ status: 'failed', retry: 1, failure: { category: 'product' } });
  expect(byTitle(results, 'reaches the device').failure).toMatchObject({ category: 'environment', message: expect.stringContaining('emulator-5554 offline') });
  expect(byTitle(results, 'calls the service').failure).toMatchObject({ category: 'execution', message: 'Error: request refused for key •••' });
  expect(byTitle(results, 'refresh settles')).toMatchObject({ status: 'flaky', retry: 1, failure: null });
  expect(byTitle(results, 'dark mode')).toMatchObject({ status: 'skipped', steps: [], failure: null });
  expect(byTitle(results, 'adds numbers')).toMatchObject({ status: 'passed', device: null, steps: [], llm_calls: 0, tokens: 0 });
});

interface JunitCase {
  classname: string;
  name: string;
  properties: Record<string, string>;
  failure?: { type: string; message: string };
  skipped: boolean;
  out: string;
}

/** Parses junit.xml with a strict XML parser (a malformed file throws) into suites of cases. */
function parseJunit(xml: string): Map<string, JunitCase[]> {
  const suites = new Map<string, JunitCase[]>();
  const parser = new SaxesParser();
  let suite: JunitCase[] = [];
  let current: JunitCase | undefined;
  let inOut = false;
  parser.on('opentag', (tag) => {
    const attr = (name: string) => String(tag.attributes[name] ?? '');
    if (tag.name === 'testsuite') suites.set(attr('name'), (suite = []));
    else if (tag.name === 'testcase') suite.push((current = { classname: attr('classname'), name: attr('name'), properties: {}, skipped: false, out: '' }));
    else if (tag.name === 'property' && current) current.properties[attr('name')] = attr('value');
    else if (tag.name === 'failure' && current) current.failure = { type: attr('type'), message: attr('message') };
    else if (tag.name === 'skipped' && current) current.skipped = true;
    else if (tag.name === 'system-out') inOut = true;
  });
  parser.on('closetag', (tag) => {
    if (tag.name === 'system-out') inOut = false;
  });
  parser.on('cdata', (text) => {
    if (inOut && current) current.out += text;
  });
  parser.on('text', (text) => {
    if (inOut && current) current.out += text;
  });
  parser.write(xml).close();
  return suites;
}

test('junit.xml is well-formed: a testsuite per spec file, steps in system-out, failures typed by category', async () => {
  const suites = parseJunit(await project.read('mobiletest-report/junit.xml'));
  expect([...suites.keys()]).toEqual(['plain.test.ts', 'settings.test.ts', 'shop.test.ts']);
  const cases = [...suites.values()].flat();
  expect(cases).toHaveLength(TEST_COUNT);
  const byName = (name: string) => cases.find((entry) => entry.name === name);
  expect(byName('logs in')).toMatchObject({ classname: 'shop.test.ts', properties: { device: 'sim-5554', llm_calls: '1', tokens: '940' } });
  expect(byName('logs in')?.out.split('\n')).toEqual([
    expect.stringMatching(/^✓ launch_app \d+ ms$/),
    expect.stringMatching(/^✓ input_text "Email" \d+ ms$/),
    expect.stringMatching(/^✓ input_text "Password" \d+ ms$/),
    expect.stringMatching(/^✓ tap "Log in" \d+ ms$/),
  ]);
  expect(byName('logs in')?.properties.duration_ms).toMatch(/^\d+$/);
  expect(byName('cart › adds headphones')).toBeDefined();
  expect(byName('checks out')?.out).toMatch(/^✗ tap "Checkout" \d+ ms \(FAIL at shop\.test\.ts:21\)$/);
  expect(cases.filter((entry) => entry.failure).map((entry) => [entry.name, entry.failure?.type])).toEqual([
    ['reaches the device', 'environment'],
    ['calls the service', 'execution'],
    ['wifi toggles', 'product'],
    ['checks out', 'locator'],
  ]);
  expect(byName('dark mode')).toMatchObject({ skipped: true });
  expect(byName('refresh settles')).toMatchObject({ skipped: false });
  expect(byName('refresh settles')?.failure).toBeUndefined();
});

test('secrets never reach the reports: typed secret text and API keys from the environment are masked', async () => {
  for (const file of ['mobiletest-report/results.json', 'mobiletest-report/junit.xml']) {
    const text = await project.read(file);
    expect(text, file).not.toContain(API_KEY);
    expect(text, file).not.toContain(TYPED_SECRET);
    expect(text, file).toContain('request refused for key •••');
  }
});

/** junit.xml without what varies from run to run: times and durations. */
function junitWithoutTimings(xml: string): string {
  return xml
    .replace(/ time="[^"]*"/g, '')
    .replace(/name="duration_ms" value="\d+"/g, 'name="duration_ms"')
    .replace(/ \d+ ms/g, ' _ ms');
}

test('shards run disjoint parts of the suite, and merge-reports rebuilds the unsharded results.json and junit.xml', async () => {
  const shards: ResultsFile[] = [];
  for (const shard of [1, 2]) {
    const env = { ...ENV, MOBILETEST_REPORT_DIR: `shard-${shard}`, PLAYWRIGHT_BLOB_OUTPUT_DIR: `artifacts/blob-${shard}` };
    const run = await project.playwright(['test', '--shard', `${shard}/2`, '--reporter', `blob,${REPORTERS}`], { env });
    expect(run.exitCode === 0 || run.exitCode === 1, run.output).toBe(true);
    shards.push(await project.readJson<ResultsFile>(`shard-${shard}/results.json`));
  }
  const [first, second] = shards.map((results) => results.tests.map((entry) => `${entry.file} › ${entry.title_path.join(' › ')}`));
  expect(first.length).toBeGreaterThan(0);
  expect(second.length).toBeGreaterThan(0);
  expect(first.filter((title) => second.includes(title))).toEqual([]);
  const unsharded = await project.readJson<ResultsFile>('mobiletest-report/results.json');
  expect([...first, ...second].sort()).toEqual(unsharded.tests.map((entry) => `${entry.file} › ${entry.title_path.join(' › ')}`).sort());

  const merge = await mergeReports(project, ['artifacts/blob-1', 'artifacts/blob-2'], { MOBILETEST_REPORT_DIR: 'merged' });
  expect(merge.exitCode, merge.output).toBe(0);
  expect(merge.stdout).toContain('JSON report: merged/results.json');
  expect(merge.stdout).toContain('JUnit report: merged/junit.xml');
  const merged = await project.readJson<ResultsFile>('merged/results.json');
  // The events attachments travel inside the blob reports: steps and devices survive the merge.
  expect(byTitle(merged, 'logs in')).toMatchObject({ device: 'sim-5554', llm_calls: 1 });
  expect(byTitle(merged, 'logs in').steps).toHaveLength(4);
  expect(withoutTimings(merged)).toEqual(withoutTimings(unsharded));
  expect(junitWithoutTimings(await project.read('merged/junit.xml'))).toBe(junitWithoutTimings(await project.read('mobiletest-report/junit.xml')));

  // A CI download keeps one folder per shard's artifact: their parent folder merges the same.
  const fromParent = await mergeReports(project, ['artifacts'], { MOBILETEST_REPORT_DIR: 'merged-from-parent' });
  expect(fromParent.exitCode, fromParent.output).toBe(0);
  expect(withoutTimings(await project.readJson<ResultsFile>('merged-from-parent/results.json'))).toEqual(withoutTimings(unsharded));
});

test('merge-reports says what is wrong with its input and what to do', async () => {
  const cases: Array<[string[], RegExp]> = [
    [[], /mobiletest-report\/blob is not a folder\. Give the folders that hold the shards' blob reports \(\*\.zip\)/],
    [['specs'], /no blob reports \(\*\.zip\) in .*specs\. Each `mobiletest test --shard i\/n` writes one/],
    [['artifacts', '--output', 'json,xml'], /"xml" is not a report; choose from json, junit, html, list/],
    [['artifacts', '--colour'], /Unknown option '--colour'/],
  ];
  for (const [args, message] of cases) {
    const run = await mergeReports(project, args, {});
    expect(run.exitCode, run.output).toBe(2);
    expect(run.stderr).toMatch(message);
  }
});

test('mobiletest test --shard leaves each shard a blob report, and their merge equals the unsharded run', async () => {
  await project.write({
    'mobiletest.config.ts': `import { defineConfig } from 'mobiletest';\nexport default defineConfig({ testDir: 'specs', workers: 2 });\n`,
  });
  for (const shard of [1, 2]) {
    // Each shard as on its own CI machine: its own report folder.
    const run = await project.mobiletest(['test', '--shard', `${shard}/2`], { env: { ...ENV, MOBILETEST_REPORT_DIR: `machine-${shard}` } });
    expect(run.exitCode === 0 || run.exitCode === 1, run.output).toBe(true);
    expect(run.stdout).toContain(`JUnit report: machine-${shard}/junit.xml`);
  }
  const merge = await mergeReports(project, ['machine-1/blob', 'machine-2/blob'], { MOBILETEST_REPORT_DIR: 'merged-cli' });
  expect(merge.exitCode, merge.output).toBe(0);
  const unsharded = await project.readJson<ResultsFile>('mobiletest-report/results.json');
  expect(withoutTimings(await project.readJson<ResultsFile>('merged-cli/results.json'))).toEqual(withoutTimings(unsharded));
});
