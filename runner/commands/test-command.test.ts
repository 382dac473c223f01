import { mkdir, rm, writeFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import { freePort, startSim, type Sim } from '../../src/sim/index.js';
import { TempProject } from '../testing/project.js';

// `mobiletest test` as a user runs it: a throw-away project, the CLI as a child process.
const plainSpec = (name: string) => `import { test } from '@playwright/test';
test('${name} one', () => {});
test('${name} two', () => {});
`;

/** The titles a --list run printed, e.g. "a one". */
function listed(output: string): string[] {
  return [...output.matchAll(/› (.+)$/gm)].map((match) => match[1].trim()).sort();
}

let project: TempProject;

// Each test runs the CLI (and Playwright under it) as child processes.
test.describe.configure({ timeout: 300_000 });

test.afterEach(async () => {
  await project?.remove();
});

test("with no config, the specs under the folder run and the exit code is Playwright's", async () => {
  project = await TempProject.create({
    'specs/pass.test.ts': plainSpec('pass'),
    'other/place/fail.spec.ts': `import { test, expect } from '@playwright/test';\ntest('fails', () => { expect(1).toBe(2); });\n`,
  });
  const run = await project.mobiletest(['test', '--workers', '1']);
  expect(run.output).toContain('2 passed');
  expect(run.output).toContain('1 failed');
  expect(run.exitCode).toBe(1);

  const green = await project.mobiletest(['test', 'specs']);
  expect(green.output).toContain('2 passed');
  expect(green.exitCode).toBe(0);
});

test('a spec path runs only that file; file:line only that test', async () => {
  project = await TempProject.create({ 'specs/a.test.ts': plainSpec('a'), 'specs/b.test.ts': plainSpec('b') });
  const one = await project.mobiletest(['test', 'specs/b.test.ts', '--list']);
  expect(listed(one.stdout)).toEqual(['b one', 'b two']);
  const line = await project.mobiletest(['test', 'specs/a.test.ts:3']);
  expect(line.output).toContain('a two');
  expect(line.output).toContain('1 passed');
  expect(line.exitCode).toBe(0);
  // Listing afterwards leaves the last run's reports alone.
  const relisted = await project.mobiletest(['test', '--list']);
  expect(relisted.stdout).not.toContain('results.json');
  const results = await project.readJson<{ tests: Array<{ title: string }> }>('mobiletest-report/results.json');
  expect(results.tests.map((t) => t.title)).toEqual(['a two']);
});

test('a path that does not exist is a usage error naming it', async () => {
  project = await TempProject.create({ 'specs/a.test.ts': plainSpec('a') });
  const run = await project.mobiletest(['test', 'specs/missing.test.ts']);
  expect(run.exitCode).toBe(2);
  expect(run.stderr).toContain('specs/missing.test.ts: no such file or folder');
  expect(run.stdout).not.toContain('passed');
});

test("Playwright's own flags pass through: --list, --repeat-each, --retries, -x", async () => {
  project = await TempProject.create({ 'specs/a.test.ts': plainSpec('a') });
  const list = await project.mobiletest(['test', '--list', '--repeat-each', '2']);
  expect(list.exitCode).toBe(0);
  expect(list.stdout).toContain('Total: 4 tests in 1 file');
  expect(list.stdout).not.toContain('passed');

  await project.write({
    'specs/flaky.test.ts': `import { test, expect } from '@playwright/test';\ntest('second try', () => { expect(test.info().retry).toBe(1); });\n`,
  });
  const retried = await project.mobiletest(['test', 'specs/flaky.test.ts', '--retries', '1', '-x']);
  expect(retried.output).toContain('1 flaky');
  expect(retried.exitCode).toBe(0);
});

test('--shard 1/2 and 2/2 run disjoint sets that together are all tests', async () => {
  const files: Record<string, string> = {};
  for (const name of ['a', 'b', 'c', 'd', 'e']) files[`specs/${name}.test.ts`] = plainSpec(name);
  project = await TempProject.create(files);
  const all = listed((await project.mobiletest(['test', '--list'])).stdout);
  const first = listed((await project.mobiletest(['test', '--list', '--shard', '1/2'])).stdout);
  const second = listed((await project.mobiletest(['test', '--list', '--shard=2/2'])).stdout);
  expect(all).toHaveLength(10);
  expect(first.length).toBeGreaterThan(0);
  expect(second.length).toBeGreaterThan(0);
  expect(first.filter((title) => second.includes(title))).toEqual([]);
  expect([...first, ...second].sort()).toEqual(all);
});

test('the contract variables reach the specs: device, outputs (+ blob when sharded), cache mode, the files named', async () => {
  project = await TempProject.create({
    'specs/env.test.ts': `import { test } from '@playwright/test';
test('env', () => {
  console.log('ENV ' + JSON.stringify({ device: process.env.MOBILETEST_DEVICE, output: process.env.MOBILETEST_OUTPUT, cache: process.env.MOBILETEST_CACHE, files: process.env.MOBILETEST_TEST_FILES }));
});
`,
  });
  const run = await project.mobiletest([
    'test',
    'specs/env.test.ts',
    '--device',
    'sim',
    '--shard',
    '1/1',
    '--output',
    'junit,html',
    '--cache=refresh',
    '--reporter',
    'list',
  ]);
  expect(run.exitCode).toBe(0);
  const env = JSON.parse(/ENV (.+)$/m.exec(run.stdout)?.[1] ?? '{}') as { device?: string; output?: string; cache?: string; files?: string };
  expect(env.device).toBe('sim');
  expect(env.cache).toBe('refresh');
  expect(env.output).toBe('junit,html,blob');
  expect(JSON.parse(env.files ?? '[]')).toEqual([project.path('specs', 'env.test.ts')]);
});

test('bad options are usage errors with the fix: --output, --shard, --workers, --device, --cache', async () => {
  project = await TempProject.create({ 'specs/a.test.ts': plainSpec('a') });
  const output = await project.mobiletest(['test', '--output', 'list,xml']);
  expect(output.exitCode).toBe(2);
  expect(output.stderr).toContain('unknown output "xml"');
  expect(output.stderr).toContain('list, json, junit, html, blob');
  const shard = await project.mobiletest(['test', '--shard', '3/2']);
  expect(shard.exitCode).toBe(2);
  expect(shard.stderr).toContain('--shard 1/3');
  const workers = await project.mobiletest(['test', '--workers', 'many']);
  expect(workers.exitCode).toBe(2);
  const device = await project.mobiletest(['test', '--device', 'my phone']);
  expect(device.exitCode).toBe(2);
  expect(device.stderr).toContain('"my phone" is not a device');
  const cache = await project.mobiletest(['test', '--cache', 'sometimes']);
  expect(cache.exitCode).toBe(2);
  expect(cache.stderr).toContain('--cache "sometimes" is not a cache mode. Use read-write');
  expect(cache.stderr).toContain('--cache MODE');
});

test.describe('--device with an adb server', () => {
  let sim: Sim;
  test.beforeAll(async () => {
    sim = await startSim({ serverPort: 0, seed: 1 });
  });
  test.afterAll(async () => {
    await sim?.stop();
  });

  test('an unknown serial is a clear error listing the connected devices', async () => {
    project = await TempProject.create({ 'specs/a.test.ts': plainSpec('a') });
    const run = await project.mobiletest(['test', '--device', 'nonsense'], { env: { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${sim.serverPort}` } });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('device nonsense is not on the adb server');
    expect(run.stderr).toContain(`connected: ${sim.serial} (device)`);
    expect(run.stdout).not.toContain('passed');
  });

  test('with no adb server, a serial is refused and the virtual phone suggested', async () => {
    project = await TempProject.create({ 'specs/a.test.ts': plainSpec('a') });
    const run = await project.mobiletest(['test', '--device', 'emulator-5554'], { env: { ADB_SERVER_SOCKET: `tcp:127.0.0.1:${await freePort()}` } });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('no adb server runs');
    expect(run.stderr).toContain('--device sim');
  });
});

test('a project with its own, different copy of @playwright/test is told so before anything runs', async () => {
  project = await TempProject.create({
    'specs/a.test.ts': plainSpec('a'),
  });
  // Replace the link to the shared copy with a copy of another version.
  await rm(project.path('node_modules', '@playwright', 'test'));
  await mkdir(project.path('node_modules', '@playwright', 'test'), { recursive: true });
  await writeFile(project.path('node_modules', '@playwright', 'test', 'package.json'), JSON.stringify({ name: '@playwright/test', version: '1.49.0' }));
  const run = await project.mobiletest(['test']);
  expect(run.exitCode).toBe(1);
  expect(run.stderr).toContain('two copies of @playwright/test');
  expect(run.stderr).toContain("the project's 1.49.0");
  expect(run.stderr).toContain('npm ls @playwright/test');
});

test('the config is mobiletest.config.* first, then playwright.config.*, or the one --config names', async () => {
  project = await TempProject.create({
    'playwright.config.ts': "export default { testDir: 'pw' };\n",
    'pw/a.test.ts': plainSpec('pw'),
    'mt/a.test.ts': plainSpec('mt'),
  });
  expect(listed((await project.mobiletest(['test', '--list'])).stdout)).toEqual(['pw one', 'pw two']);
  await project.write({ 'mobiletest.config.ts': "export default { testDir: 'mt' };\n" });
  expect(listed((await project.mobiletest(['test', '--list'])).stdout)).toEqual(['mt one', 'mt two']);
  expect(listed((await project.mobiletest(['test', '--list', '-c', 'playwright.config.ts'])).stdout)).toEqual(['pw one', 'pw two']);
  const missing = await project.mobiletest(['test', '--config', 'ci.config.ts']);
  expect(missing.exitCode).toBe(2);
  expect(missing.stderr).toContain('--config ci.config.ts: no such file');
});
