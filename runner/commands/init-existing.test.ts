import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { test, expect } from '@playwright/test';
import { TempProject } from '../testing/project.js';

let project: TempProject;

// Each test runs the CLI (and Playwright under it) as child processes.
test.describe.configure({ timeout: 120_000 });

test.afterEach(async () => {
  await project?.remove();
});

/** A web project as `npm init playwright` leaves it, minus the browsers. */
const WEB_PROJECT = {
  'playwright.config.ts':
    "import { defineConfig } from '@playwright/test';\n\nexport default defineConfig({\n  use: { baseURL: 'http://localhost:3000' },\n});\n",
  'tests/home.spec.ts': "import { test } from '@playwright/test';\n\ntest('home page', async () => {});\n",
};

/** Every file of the project but node_modules, with its content. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const file = path.relative(dir, path.join(entry.parentPath, entry.name));
    if (entry.isFile() && !file.startsWith('node_modules')) files[file] = await readFile(path.join(dir, file), 'utf8');
  }
  return files;
}

test('a Playwright web project keeps its config and tests/; the examples go into mobile-tests/ and the output says so', async () => {
  project = await TempProject.create(WEB_PROJECT);
  const before = await snapshot(project.dir);
  const run = await project.mobiletest(['init', '--yes']);
  expect(run.exitCode, run.output).toBe(0);

  // A playwright.config.ts makes it a TypeScript project, even with no typescript installed.
  for (const file of ['mobiletest.config.ts', 'mobile-tests/shop.test.ts', 'mobile-tests/shop.test.yml']) expect(run.stdout).toContain(`wrote    ${file}`);
  expect(run.stdout).toContain('Left as they were: playwright.config.ts and tests/; the examples are in mobile-tests/.');
  expect(run.stdout).toMatch(/npx mobiletest test +uses mobiletest\.config\.ts, which runs the specs in mobile-tests\//);
  expect(run.stdout).toMatch(/npx playwright test +still uses playwright\.config\.ts/);
  expect(run.stdout).toContain('playwright.config.ts sets no testDir');
  expect(run.stdout).toContain("add  testIgnore: '**/mobile-tests/**'  to playwright.config.ts");
  expect(await project.read('mobiletest.config.ts')).toContain("testDir: 'mobile-tests',");
  const after = await snapshot(project.dir);
  for (const [file, content] of Object.entries(before)) expect(after[file], file).toBe(content);

  const mobile = await project.mobiletest(['test', '--list']);
  expect(mobile.exitCode, mobile.output).toBe(0);
  expect(mobile.stdout).toContain('Total: 10 tests in 2 files');
  expect(mobile.stdout).not.toContain('home page');

  // What the note warns of is true, and the fix it gives works.
  const web = await project.playwright(['test', '--list']);
  expect(web.stdout).toContain('tests/home.spec.ts:3:1 › home page');
  expect(web.stdout).toContain('mobile-tests/shop.test.ts');
  await project.write({
    'playwright.config.ts': WEB_PROJECT['playwright.config.ts'].replace('defineConfig({\n', "defineConfig({\n  testIgnore: '**/mobile-tests/**',\n"),
  });
  const fixed = await project.playwright(['test', '--list']);
  expect(fixed.stdout).toContain('Total: 1 test in 1 file');

  // A second run finds the same folder, writes nothing, and has nothing more to warn of.
  const settled = await snapshot(project.dir);
  const second = await project.mobiletest(['init', '--yes']);
  expect(second.stdout).toContain('kept     mobile-tests/shop.test.ts (it exists; not overwritten)');
  expect(second.stdout).toContain('Nothing written: every file was already there.');
  expect(second.stdout).not.toContain('sets no testDir');
  expect(await snapshot(project.dir)).toEqual(settled);
});

test('a Playwright config whose testDir is tests/ needs no warning: playwright test still lists only the web tests', async () => {
  project = await TempProject.create({
    ...WEB_PROJECT,
    'playwright.config.ts': WEB_PROJECT['playwright.config.ts'].replace('defineConfig({\n', "defineConfig({\n  testDir: './tests',\n"),
  });
  const run = await project.mobiletest(['init', '--yes']);
  expect(run.stdout).toContain('wrote    mobile-tests/shop.test.ts');
  expect(run.stdout).not.toContain('testIgnore');
  const web = await project.playwright(['test', '--list']);
  expect(web.stdout).toContain('Total: 1 test in 1 file');
});

test('a tests/ folder of other tests is left alone, and a second run writes into the same other folder', async () => {
  project = await TempProject.create({ 'tests/unit.test.js': "// the project's own tests\n" });
  const first = await project.mobiletest(['init', '--yes']);
  expect(first.stdout).toContain('wrote    mobile-tests/shop.test.js');
  expect(first.stdout).toContain('Left as they were: tests/; the examples are in mobile-tests/.');
  expect(first.stdout).not.toContain('playwright test');
  expect(await project.read('tests/unit.test.js')).toBe("// the project's own tests\n");
  const files = await snapshot(project.dir);

  const second = await project.mobiletest(['init', '--yes']);
  expect(second.stdout).toContain('kept     mobile-tests/shop.test.js');
  expect(second.stdout).toContain('Nothing written');
  expect(await snapshot(project.dir)).toEqual(files);
});

const MANAGERS: Array<{ manager: string; files: Record<string, string>; add: string; run: string }> = [
  { manager: 'npm', files: {}, add: 'npm install -D', run: 'npx mobiletest test' },
  { manager: 'pnpm', files: { 'pnpm-lock.yaml': "lockfileVersion: '9.0'\n" }, add: 'pnpm add -D', run: 'pnpm exec mobiletest test' },
  { manager: 'Yarn', files: { 'yarn.lock': '# yarn lockfile v1\n' }, add: 'yarn add -D', run: 'yarn mobiletest test' },
  {
    manager: 'Yarn 2+',
    files: { 'yarn.lock': '__metadata:\n  version: 8\n', '.yarnrc.yml': 'nodeLinker: node-modules\n' },
    add: 'yarn add -D',
    run: 'yarn mobiletest test',
  },
];

for (const { manager, files, add, run: next } of MANAGERS) {
  test(`without @playwright/test installed, init gives the one ${manager} command that adds it, and the next in ${manager} too`, async () => {
    // package.json lists it, but what counts is whether it resolves from the project.
    project = await TempProject.create({
      ...files,
      'package.json': JSON.stringify({ name: 'app', private: true, devDependencies: { '@playwright/test': '^1.50.0' } }),
    });
    await rm(project.path('node_modules', '@playwright', 'test'));
    const run = await project.mobiletest(['init', '--yes']);
    expect(run.exitCode, run.output).toBe(0);
    const lines = run.stdout
      .slice(run.stdout.indexOf('Next:'))
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines[0]).toBe(`${add} @playwright/test`);
    expect(lines[1]).toMatch(new RegExp(`^${next.replace(/[.]/g, '\\.')} +# runs tests/`));
    expect(lines[2]).toMatch(new RegExp(`^${next.replace(/[.]/g, '\\.')} --project android +# one platform only`));
    expect(lines).toHaveLength(3);
  });
}

test('without mobiletest installed either (run through npx), the one command adds both', async () => {
  project = await TempProject.create({});
  await rm(project.path('node_modules'), { recursive: true });
  const run = await project.mobiletest(['init', '--yes']);
  expect(run.stdout).toContain('Next:\n  npm install -D mobiletest @playwright/test\n');
});
