import { test, expect } from '@playwright/test';
import { TempProject } from '../testing/project.js';

let project: TempProject;

// Each test runs the CLI (and Playwright under it) as child processes.
test.describe.configure({ timeout: 120_000 });

test.afterEach(async () => {
  await project?.remove();
});

const EXAMPLE_TITLES = [
  'alice signs in and sees her greeting',
  'a wrong password keeps the user on the sign-in screen',
  'bob signs in by goals',
  'alice signs in (YAML)',
  'bob signs in by goals (YAML)',
];

/** What `npm init -y` writes today. */
const NPM_INIT = {
  name: 'user-project',
  version: '1.0.0',
  main: 'index.js',
  scripts: { test: 'echo "Error: no test specified" && exit 1' },
  license: 'ISC',
  type: 'commonjs',
};

const KINDS: Array<{ kind: string; files: Record<string, string>; extension: 'ts' | 'js'; commonJs: boolean }> = [
  { kind: 'CommonJS JavaScript (npm init -y)', files: { 'package.json': JSON.stringify(NPM_INIT, null, 2) }, extension: 'js', commonJs: true },
  {
    kind: 'CommonJS JavaScript (no "type")',
    files: { 'package.json': JSON.stringify({ name: 'user-project', private: true }) },
    extension: 'js',
    commonJs: true,
  },
  {
    kind: 'ES-module JavaScript',
    files: { 'package.json': JSON.stringify({ name: 'user-project', private: true, type: 'module' }) },
    extension: 'js',
    commonJs: false,
  },
  {
    kind: 'CommonJS TypeScript',
    files: { 'package.json': JSON.stringify({ ...NPM_INIT, devDependencies: { typescript: '^5.9.0' } }) },
    extension: 'ts',
    commonJs: false,
  },
  {
    kind: 'ES-module TypeScript (tsconfig.json)',
    files: { 'package.json': JSON.stringify({ name: 'user-project', private: true, type: 'module' }), 'tsconfig.json': '{}\n' },
    extension: 'ts',
    commonJs: false,
  },
];

for (const { kind, files, extension, commonJs } of KINDS) {
  test(`${kind}: init writes files that load there, and mobiletest test --list lists the examples`, async () => {
    project = await TempProject.create(files, { installed: true });
    const init = await project.mobiletest(['init', '--yes']);
    expect(init.exitCode, init.output).toBe(0);
    const written = [`mobiletest.config.${extension}`, `tests/shop.test.${extension}`, 'tests/shop.test.yml', '.github/workflows/mobiletest.yml'];
    for (const file of written) expect(init.stdout).toContain(`wrote    ${file}`);
    expect(init.stdout).toContain(`Wrote 4 files.`);

    const config = await project.read(`mobiletest.config.${extension}`);
    const spec = await project.read(`tests/shop.test.${extension}`);
    expect(config).toContain("testDir: 'tests',");
    // Both platforms, one project each: with no device connected, the virtual phone and the virtual iPhone.
    expect(config).toContain("{ name: 'android', use: { platform: 'android' } },");
    expect(config).toContain("{ name: 'ios', use: { platform: 'ios' } },");
    if (commonJs) {
      expect(config).toMatch(/^const \{ defineConfig \} = require\('mobiletest'\);$/m);
      expect(config).toMatch(/^module\.exports = defineConfig\(\{$/m);
      expect(spec).toMatch(/^const \{ test, expect \} = require\('mobiletest'\);$/m);
    } else {
      expect(config).toMatch(/^import \{ defineConfig \} from 'mobiletest';$/m);
      expect(config).toMatch(/^export default defineConfig\(\{$/m);
      expect(spec).toMatch(/^import \{ test, expect \} from 'mobiletest';$/m);
    }
    expect(await project.read('tests/shop.test.yml')).toContain(`# The same sign-in as tests/shop.test.${extension},`);

    const list = await project.mobiletest(['test', '--list']);
    expect(list.exitCode, list.output).toBe(0);
    // Each example once per platform.
    const listed = list.stdout.split('\n').filter((line) => / › shop\.test\.(ts|js|yml):/.test(line));
    for (const title of EXAMPLE_TITLES)
      expect(
        listed.filter((line) => line.endsWith(` › ${title}`)).map((line) => /\[(\w+)\]/.exec(line)?.[1]),
        title,
      ).toEqual(['android', 'ios']);
    expect(list.stdout).toContain('Total: 10 tests in 2 files');
  });
}

test('init says what it found and what to run next', async () => {
  project = await TempProject.create({ 'package.json': JSON.stringify(NPM_INIT), 'package-lock.json': '{}\n' });
  const run = await project.mobiletest(['init', '--yes']);
  expect(run.stdout).toContain('Project: CommonJS JavaScript, installed with npm (package-lock.json)');
  expect(run.stdout).toContain('wrote    mobiletest.config.js (the config in CommonJS JavaScript, running the specs in tests/)');
  expect(run.stdout).toMatch(/Next:\n {2}npx mobiletest test +# runs tests\/ on the virtual phone and the virtual iPhone/);
  expect(run.stdout).toMatch(/\n {2}npx mobiletest test --project android +# one platform only\n/);
  // The temporary project links mobiletest and @playwright/test, so nothing is left to install.
  expect(run.stdout).not.toContain('install -D');
});

test('a second init overwrites nothing and says which files it kept', async () => {
  project = await TempProject.create({ 'tsconfig.json': '{}\n', 'tests/shop.test.ts': '// mine\n' });
  const first = await project.mobiletest(['init']);
  expect(first.stdout).toContain('kept     tests/shop.test.ts (it exists; not overwritten)');
  expect(await project.read('tests/shop.test.ts')).toBe('// mine\n');
  await project.write({ 'mobiletest.config.ts': '// edited\n' });

  const second = await project.mobiletest(['init', '--yes']);
  expect(second.exitCode).toBe(0);
  for (const file of ['mobiletest.config.ts', 'tests/shop.test.ts', 'tests/shop.test.yml', '.github/workflows/mobiletest.yml'])
    expect(second.stdout).toContain(`kept     ${file}`);
  expect(second.stdout).toContain('Nothing written');
  expect(await project.read('mobiletest.config.ts')).toBe('// edited\n');
});

test("a second run keeps the first run's file names when the project has turned TypeScript since", async () => {
  project = await TempProject.create({});
  const first = await project.mobiletest(['init', '--yes']);
  expect(first.stdout).toContain('wrote    tests/shop.test.js');
  await project.write({ 'tsconfig.json': '{}\n' });

  const second = await project.mobiletest(['init', '--yes']);
  expect(second.stdout).toContain('Project: TypeScript');
  for (const file of ['mobiletest.config.js', 'tests/shop.test.js', 'tests/shop.test.yml']) expect(second.stdout).toContain(`kept     ${file}`);
  expect(second.stdout).toContain('Nothing written');
  expect(second.stdout).not.toContain('.ts (');
});

test('an existing mobiletest config of any kind is kept, and its testDir is where the examples go', async () => {
  project = await TempProject.create({
    'mobiletest.config.mjs': "import { defineConfig } from 'mobiletest';\nexport default defineConfig({ testDir: './e2e/' });\n",
  });
  const run = await project.mobiletest(['init', '--yes']);
  expect(run.stdout).toContain('kept     mobiletest.config.mjs');
  expect(run.stdout).not.toContain('mobiletest.config.js');
  expect(run.stdout).toContain('wrote    e2e/shop.test.js');
  expect(run.stdout).toContain('wrote    e2e/shop.test.yml');
});
