// Bad input gets one clear message: a config that throws, a misspelt option, a spec whose import finds
// nothing, a YAML spec the config cannot run. Each is run as a user runs it, in CommonJS and ES-module
// projects with mobiletest installed as npm installs it, and judged by what the user reads first.
import { test, expect } from '@playwright/test';
import { TempProject, type RunResult } from './testing/project.js';

const COMMONJS = JSON.stringify({ name: 'user-project', version: '1.0.0', type: 'commonjs' });
const ES_MODULE = JSON.stringify({ name: 'user-project', version: '1.0.0', type: 'module' });
const SPEC = "import { test } from 'mobiletest';\ntest('runs', () => {});\n";

let project: TempProject | undefined;

test.describe.configure({ timeout: 180_000 });

test.afterEach(async () => {
  await project?.remove();
  project = undefined;
});

async function create(files: Record<string, string>): Promise<TempProject> {
  project = await TempProject.create(files, { installed: true });
  return project;
}

/** `mobiletest test ARGS` in a new project of `files`, whose package.json says which kind of module it is. */
async function testIn(packageJson: string, files: Record<string, string>, args: string[] = []): Promise<RunResult> {
  return (await create({ 'package.json': packageJson, ...files })).mobiletest(['test', ...args]);
}

/** The run's output without the blank lines before its first words. */
function firstLine(run: RunResult): string {
  return run.output.trimStart().split('\n')[0];
}

/** What a user must not have to read: Node's and Playwright's own frames, or mobiletest's files. */
function expectNoInternalFrames(run: RunResult): void {
  expect(run.output).not.toContain('node:internal');
  expect(run.output).not.toMatch(/node_modules[\\/](playwright|mobiletest)/);
  expect(run.output).not.toContain('Require stack');
}

/** The run stopped with `exitCode`, `first` is what the user reads first, and no internal frame follows. */
function expectStopped(run: RunResult, first: string, exitCode = 1): void {
  expect(run.exitCode).toBe(exitCode);
  expect(firstLine(run)).toBe(first);
  expectNoInternalFrames(run);
}

test.describe('a config that throws', () => {
  const THROWS =
    "import { defineConfig } from 'mobiletest';\n\nif (!process.env.PORT) throw new Error('set PORT');\n\nexport default defineConfig({ testDir: 'tests' });\n";

  test('CommonJS, TypeScript config: the config line that threw, its code, and what to do, from mobiletest test and playwright test', async () => {
    const p = await create({ 'package.json': COMMONJS, 'mobiletest.config.ts': THROWS, 'tests/a.test.ts': SPEC });
    for (const run of [await p.mobiletest(['test']), await p.playwright(['test', '-c', 'mobiletest.config.ts'])]) {
      expectStopped(run, 'The config failed to load at mobiletest.config.ts:3: set PORT');
      expect(run.output).toContain("> 3 | if (!process.env.PORT) throw new Error('set PORT');");
      expect(run.output).toContain('No test ran. Fix the code at mobiletest.config.ts:3, or give it what it checks for');
      expect(run.output).not.toContain('passed');
    }
    // With what it checks for, the same config runs.
    const fixed = await p.mobiletest(['test'], { env: { PORT: '1' } });
    expect(fixed.output).toContain('1 passed');
    expect(fixed.exitCode).toBe(0);
  });

  test('ES module, JavaScript config whose import throws: the line of the imported file that threw', async () => {
    const run = await testIn(ES_MODULE, {
      'mobiletest.config.mjs':
        "import { defineConfig } from 'mobiletest';\nimport { app } from './env.mjs';\n\nexport default defineConfig({ testDir: 'tests', use: { app } });\n",
      'env.mjs': "if (!process.env.APP) {\n  throw new TypeError('APP is not set');\n}\nexport const app = process.env.APP;\n",
      'tests/a.test.ts': SPEC,
    });
    expectStopped(run, 'The config failed to load at env.mjs:2: TypeError: APP is not set');
    expect(run.output).toContain("> 2 |   throw new TypeError('APP is not set');");
  });

  test('CommonJS, a config that throws before it requires mobiletest: mobiletest test still says where', async () => {
    const run = await testIn(COMMONJS, {
      'mobiletest.config.cjs':
        "if (!process.env.PORT) throw new Error('set PORT');\nconst { defineConfig } = require('mobiletest');\nmodule.exports = defineConfig({ testDir: 'tests' });\n",
      'tests/a.test.ts': SPEC,
    });
    expectStopped(run, 'The config failed to load at mobiletest.config.cjs:1: set PORT');
  });

  test('ES module, TypeScript config whose import finds nothing: the import line, what was looked for, once', async () => {
    const run = await testIn(ES_MODULE, {
      'mobiletest.config.ts':
        "import { defineConfig } from 'mobiletest';\nimport { app } from './env';\n\nexport default defineConfig({ testDir: 'tests', use: { app } });\n",
      'tests/a.test.ts': SPEC,
    });
    expectStopped(
      run,
      "The config failed to load at mobiletest.config.ts:2: ModuleNotFoundError: cannot find module './env': no file is at env, with any of .ts, .mts, .cts, .js, .mjs, .cjs or .json. Fix the path (it is relative to ./) or create the file.",
    );
    expect(run.output).toContain("> 2 | import { app } from './env';");
  });

  test("Playwright's own message for a config it refuses is left as Playwright prints it", async () => {
    const run = await testIn(COMMONJS, { 'mobiletest.config.ts': "import 'mobiletest';\nexport default 'tests';\n", 'tests/a.test.ts': SPEC });
    expect(run.exitCode).toBe(1);
    expect(run.output).toContain('Configuration file must export a single object');
    expect(run.output).not.toContain('The config failed to load');
  });
});

test.describe('a misspelt option', () => {
  test('CommonJS, TypeScript config: use.devcie at its own line with a did-you-mean, and no stack', async () => {
    const p = await create({
      'package.json': COMMONJS,
      'mobiletest.config.ts':
        "import { defineConfig } from 'mobiletest';\n\nexport default defineConfig({\n  testDir: 'tests',\n  use: { devcie: 'sim' },\n});\n",
      'tests/a.test.ts': SPEC,
    });
    for (const run of [await p.mobiletest(['test']), await p.playwright(['test', '-c', 'mobiletest.config.ts'])]) {
      expectStopped(run, 'mobiletest.config.ts:5: use.devcie is not an option; did you mean device?');
      expect(run.output).toContain("> 5 |   use: { devcie: 'sim' },");
      expect(run.output).toContain('No test ran: fix the option in mobiletest.config.ts and run again');
      expect(run.output).not.toContain('ConfigOptionError');
      expect(run.output).not.toMatch(/^\s+at /m);
    }
  });

  test('ES module, JavaScript config: a misspelt top-level key and a mobile option outside use, each at its line', async () => {
    const run = await testIn(ES_MODULE, {
      'mobiletest.config.mjs':
        "import { defineConfig } from 'mobiletest';\n\nexport default defineConfig({\n  testdir: 'tests',\n  app: 'com.example.shop',\n});\n",
      'tests/a.test.ts': SPEC,
    });
    expect(run.exitCode).toBe(1);
    expect(run.output.trimStart().split('\n').slice(0, 2)).toEqual([
      'mobiletest.config.mjs:4: testdir is not a config option; did you mean testDir?',
      'mobiletest.config.mjs:5: app is a mobile option, which goes in use: write use: { app: ... }',
    ]);
    expect(run.output).toContain("> 4 |   testdir: 'tests',");
    expect(run.output).toContain('No test ran: fix these 2 options in mobiletest.config.mjs');
    expectNoInternalFrames(run);
  });
});

test.describe('a spec whose import finds nothing', () => {
  const MISSING = "import { test } from 'mobiletest';\nimport { helper } from './helpers/login';\n\ntest('logs in', () => helper());\n";
  const CONFIG = "import { defineConfig } from 'mobiletest';\nexport default defineConfig({ testDir: 'tests' });\n";

  for (const [kind, packageJson] of [
    ['CommonJS', COMMONJS],
    ['ES module', ES_MODULE],
  ] as const) {
    test(`${kind}: the spec's line, what was looked for and what to do, on the terminal and in both reports`, async () => {
      const p = await create({ 'package.json': packageJson, 'mobiletest.config.ts': CONFIG, 'tests/a.test.ts': MISSING });
      const run = await p.mobiletest(['test']);
      expect(run.exitCode).toBe(1);
      const message =
        "tests/a.test.ts:2: cannot find module './helpers/login': there is no folder tests/helpers/. Fix the path (it is relative to tests/) or create the file.";
      expect(firstLine(run)).toBe(`ModuleNotFoundError: ${message}`);
      expect(run.output).toContain("> 2 | import { helper } from './helpers/login';");
      expectNoInternalFrames(run);

      const results = await p.readJson<{ run: { status: string; errors: Array<{ message: string; location: string | null }> }; tests: unknown[] }>(
        'mobiletest-report/results.json',
      );
      expect(results.run.status).toBe('failed');
      expect(results.tests).toEqual([]);
      expect(results.run.errors[0]).toEqual({ message: `ModuleNotFoundError: ${message}`, location: 'a.test.ts:2' });
      const junit = await p.read('mobiletest-report/junit.xml');
      expect(junit).toMatch(/<testsuites name="mobiletest" tests="\d+" failures="0" errors="[1-9]\d*"/);
      expect(junit).toContain('<testcase classname="a.test.ts" name="error at a.test.ts:2">');
      expect(junit).toContain(`<error message="ModuleNotFoundError: ${message}"`);
    });
  }

  test('ES module, JavaScript specs: a file there under another extension, a misspelt name, a package not installed', async () => {
    const run = await testIn(ES_MODULE, {
      'mobiletest.config.mjs': CONFIG,
      'tests/helpers/login.mjs': 'export function helper() {}\n',
      'tests/a.test.mjs': "import { test } from 'mobiletest';\nimport { helper } from './helpers/login.js';\ntest('logs in', () => helper());\n",
      'tests/b.test.mjs': "import { test } from 'mobiletest';\n\nimport pad from 'left-pad';\ntest('pads', () => pad('a', 2));\n",
      'tests/c.test.mjs': "import { test } from 'mobiletest';\nimport { helper } from './helpers/logn';\ntest('logs in', () => helper());\n",
    });
    expect(run.exitCode).toBe(1);
    expect(run.output).toContain(
      "tests/a.test.mjs:2: cannot find module './helpers/login.js': there is tests/helpers/login.mjs: import it under that name, './helpers/login.mjs'.",
    );
    expect(run.output).toContain(
      "tests/b.test.mjs:3: cannot find module 'left-pad': no package left-pad is installed here. Install it (npm install --save-dev left-pad), or fix the import.",
    );
    expect(run.output).toContain(
      "tests/c.test.mjs:2: cannot find module './helpers/logn': nothing is at tests/helpers/logn; did you mean './helpers/login' (tests/helpers/login.mjs)?",
    );
    expectNoInternalFrames(run);
    const results = await project!.readJson<{ run: { errors: Array<{ location: string | null }> } }>('mobiletest-report/results.json');
    expect(results.run.errors.map((error) => error.location)).toEqual(expect.arrayContaining(['a.test.mjs:2', 'b.test.mjs:3', 'c.test.mjs:2']));
  });

  test('a global setup that throws is in both reports too, at its line', async () => {
    const p = await create({
      'package.json': COMMONJS,
      'mobiletest.config.ts': "import { defineConfig } from 'mobiletest';\nexport default defineConfig({ testDir: 'tests', globalSetup: './setup.ts' });\n",
      'setup.ts': "export default function setup() {\n  throw new Error('the backend is down');\n}\n",
      'tests/a.test.ts': SPEC,
    });
    const run = await p.mobiletest(['test']);
    expect(run.exitCode).toBe(1);
    const results = await p.readJson<{ run: { status: string; errors: Array<{ message: string; location: string | null }> } }>(
      'mobiletest-report/results.json',
    );
    expect(results.run.status).toBe('failed');
    expect(results.run.errors).toEqual([{ message: expect.stringContaining('the backend is down'), location: '../setup.ts:2' }]);
    expect(await p.read('mobiletest-report/junit.xml')).toContain('name="error at ../setup.ts:2"');
  });
});

test.describe('a YAML spec the config cannot run', () => {
  const WEB_CONFIG = "import { defineConfig } from '@playwright/test';\nexport default defineConfig({ testDir: 'tests' });\n";
  const YAML = 'app: com.example.shop\ntests:\n  - name: login\n    steps:\n      - launch_app\n';
  const WEB_SPEC = "import { test } from '@playwright/test';\ntest('web page', () => {});\n";

  test("CommonJS, a web project's playwright.config.ts: said before running, and the other specs still run", async () => {
    const run = await testIn(COMMONJS, { 'playwright.config.ts': WEB_CONFIG, 'tests/x.test.yml': YAML, 'tests/web.spec.ts': WEB_SPEC });
    expect(firstLine(run)).toBe(
      "mobiletest: tests/x.test.yml is a YAML spec, but playwright.config.ts does not load mobiletest, so it does not run. To run it, use mobiletest's defineConfig in playwright.config.ts (import { defineConfig } from 'mobiletest'), or create mobiletest.config.ts, which mobiletest test picks before playwright.config.ts (npx mobiletest init writes one, with example specs).",
    );
    expect(run.output).toContain('1 passed');
    expect(run.exitCode).toBe(0);
  });

  test('ES module: a YAML spec named on the command line is refused, not dropped', async () => {
    const run = await testIn(ES_MODULE, { 'playwright.config.ts': WEB_CONFIG, 'tests/x.test.yml': YAML }, ['tests/x.test.yml']);
    expect(run.exitCode).toBe(2);
    expect(firstLine(run)).toBe(
      "mobiletest: tests/x.test.yml is a YAML spec, but playwright.config.ts does not load mobiletest, so Playwright cannot run it. To run YAML specs, use mobiletest's defineConfig in playwright.config.ts (import { defineConfig } from 'mobiletest'), or create mobiletest.config.ts, which mobiletest test picks before playwright.config.ts (npx mobiletest init writes one, with example specs).",
    );
    expect(run.output).not.toContain('No tests found');
  });

  test('a config that loads mobiletest through a shared base file is taken as loading it: no message, the YAML spec is listed', async () => {
    const run = await testIn(
      COMMONJS,
      {
        'playwright.config.ts': "import base from './config/base';\nexport default base;\n",
        'config/base.ts': "import { defineConfig } from 'mobiletest';\nexport default defineConfig({ testDir: '../tests' });\n",
        'tests/x.test.yml': YAML,
      },
      ['tests/x.test.yml', '--list'],
    );
    expect(run.output).not.toContain('does not load mobiletest');
    expect(run.stdout).toContain('x.test.yml:3:5 › login');
    expect(run.exitCode).toBe(0);
  });
});
