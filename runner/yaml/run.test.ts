import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { TempProject } from '../testing/project.js';

// YAML specs as a user runs them: a throw-away project, Playwright's CLI as a child process.
const CONFIG = `import { defineConfig } from 'mobiletest';\nexport default defineConfig({ testDir: 'specs' });\n`;

const LOGIN = `app: com.example.shop
tests:
  - name: login
    timeout: 90s
    steps:
      - input_text: { target: Email, text: alice@example.com }
      - input_text: { target: Password, text: pass123, secret: true }
      - tap: Log in
      - assert_text: { target: { id: greeting }, contains: Alice }

  -   name: greeting stays after rotation
      steps:
        - launch_app
        - assert_visible: Email
`;

interface JsonSpec {
  title: string;
  file: string;
  line: number;
  column: number;
  tests: { results: { status: string; errors: { message?: string }[] }[] }[];
}
interface JsonSuite {
  title: string;
  file: string;
  specs: JsonSpec[];
  suites?: JsonSuite[];
}

function specsOf(report: { suites: JsonSuite[] }): JsonSpec[] {
  const all: JsonSpec[] = [];
  const visit = (suite: JsonSuite) => {
    all.push(...suite.specs);
    suite.suites?.forEach(visit);
  };
  report.suites.forEach(visit);
  return all;
}

// Child runs of Playwright, some driving the virtual phone: room for a busy machine.
test.describe.configure({ timeout: 240_000 });

let project: TempProject;

test.afterEach(async () => {
  await project?.remove();
});

test('YAML tests are listed at the line and column of their name, beside TypeScript specs', async () => {
  project = await TempProject.create({
    'mobiletest.config.ts': CONFIG,
    'specs/shop.test.yml': LOGIN,
    'specs/seed.test.yaml': 'tasks:\n  - name: add to cart\n    task: Search for headphones and add the first result to the cart\n',
    'specs/plain.test.ts': `import { test } from 'mobiletest';\ntest('plain', () => {});\n`,
  });
  const run = await project.playwright(['test', '-c', 'mobiletest.config.ts', '--list']);
  expect(run.exitCode).toBe(0);
  expect(run.stdout).toContain('shop.test.yml:3:5 › login');
  expect(run.stdout).toContain('shop.test.yml:11:7 › greeting stays after rotation');
  expect(run.stdout).toContain('seed.test.yaml:2:5 › add to cart');
  expect(run.stdout).toContain('plain.test.ts:2:1 › plain');
  expect(run.stdout).toContain('Total: 4 tests in 3 files');

  const json = await project.playwright(['test', '-c', 'mobiletest.config.ts', '--list', '--reporter=json']);
  const specs = specsOf(JSON.parse(json.stdout));
  expect(specs.filter((s) => s.file === 'shop.test.yml').map(({ title, line, column }) => ({ title, line, column }))).toEqual([
    { title: 'login', line: 3, column: 5 },
    { title: 'greeting stays after rotation', line: 11, column: 7 },
  ]);
});

test('mobiletest test takes a YAML file, and a YAML test by the line of its name', async () => {
  project = await TempProject.create({ 'mobiletest.config.ts': CONFIG, 'specs/shop.test.yml': LOGIN, 'specs/other.test.yml': LOGIN });
  const file = await project.mobiletest(['test', 'specs/shop.test.yml', '--list']);
  expect(file.exitCode, file.output).toBe(0);
  expect(file.stdout).toContain('Total: 2 tests in 1 file');
  const line = await project.mobiletest(['test', 'specs/shop.test.yml:11', '--list']);
  expect(line.stdout).toContain('shop.test.yml:11:7 › greeting stays after rotation');
  expect(line.stdout).toContain('Total: 1 test in 1 file');
});

test('a YAML spec logs in to Shop on the virtual phone, each step reported at its YAML line', async () => {
  project = await TempProject.create({ 'mobiletest.config.ts': CONFIG, 'specs/shop.test.yml': LOGIN });
  const run = await project.playwright(['test', '-c', 'mobiletest.config.ts', '--reporter=json']);
  expect(run.exitCode, run.stderr).toBe(0);
  const report = JSON.parse(run.stdout);
  const specs = specsOf(report);
  expect(specs.map((s) => [s.title, s.tests[0].results[0].status])).toEqual([
    ['login', 'passed'],
    ['greeting stays after rotation', 'passed'],
  ]);
  const login = specs[0].tests[0].results[0] as unknown as { steps: { title: string }[]; attachments: { name: string; path: string }[] };
  expect(login.steps.map((s) => s.title)).toEqual([
    'input_text "Email" with "alice@example.com"',
    'input_text "Password" with ***',
    'tap "Log in"',
    'assert_text { id "greeting" }',
  ]);
  // The evidence log places each scripted action at its YAML line, and the secret stays out of it.
  const log = await readFile(login.attachments.find((a) => a.name === 'mobiletest-events')!.path, 'utf8');
  const actions = log
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { kind: string; primitive?: string; location?: { file: string; line: number; column: number } })
    .filter((event) => event.kind === 'action_start' && event.location)
    .map((event) => `${path.basename(event.location!.file)}:${event.location!.line}:${event.location!.column} ${event.primitive}`);
  expect(actions).toEqual(['shop.test.yml:6:9 input_text', 'shop.test.yml:7:9 input_text', 'shop.test.yml:8:9 tap', 'shop.test.yml:9:9 assert_text']);
  expect(log).not.toContain('pass123');
  expect(run.output).not.toContain('pass123');

  // A test whose first step is launch_app launches the app once, from fresh data (the sign-in form again).
  const second = specs[1].tests[0].results[0] as unknown as { attachments: { name: string; path: string }[] };
  const events = (await readFile(second.attachments.find((a) => a.name === 'mobiletest-events')!.path, 'utf8'))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { kind: string; primitive?: string; location?: { line: number } });
  const started = events.filter((e) => e.kind === 'action_start').map((e) => `${e.primitive}${e.location ? `:${e.location.line}` : ''}`);
  expect(started).toEqual(['clear_app_data', 'launch_app:13', 'assert_visible:14']);
});

test('a CommonJS project loads YAML specs through require(), in the runner and in its workers', async () => {
  project = await TempProject.create({
    'package.json': JSON.stringify({ name: 'commonjs-project', private: true }),
    'mobiletest.config.mjs': CONFIG,
    'specs/shop.test.yml': LOGIN,
  });
  const list = await project.playwright(['test', '-c', 'mobiletest.config.mjs', '--list']);
  expect(list.stdout).toContain('shop.test.yml:11:7 › greeting stays after rotation');
  const run = await project.playwright(['test', '-c', 'mobiletest.config.mjs', '--reporter=list', '-g', 'login']);
  expect(run.output).toMatch(/✓ +\d specs\/shop\.test\.yml:3:5 › login/);
  expect(run.exitCode).toBe(0);
});

test('a broken YAML file fails at file:line:col with every problem while a good file in the same run passes, a failing step at its line', async () => {
  project = await TempProject.create({
    'mobiletest.config.ts': CONFIG,
    'specs/good.test.yml': 'app: com.example.shop\ntests:\n  - name: sees the login form\n    steps:\n      - assert_visible: Email\n',
    'specs/bad.test.yml': 'tests:\n  - name: broken\n    steps:\n      - tapp: Log in\n      - input_text: { target: Email, txt: alice }\n',
    'specs/fails.test.yml':
      'app: com.example.shop\ntests:\n  - name: no checkout yet\n    steps:\n      - assert_visible: { target: Checkout, timeout_ms: 1000 }\n',
  });
  const run = await project.playwright(['test', '-c', 'mobiletest.config.ts', '--reporter=list']);
  expect(run.exitCode).toBe(1);
  expect(run.output).toMatch(/✓ +\d specs\/good\.test\.yml:3:5 › sees the login form/);
  expect(run.output).toContain('specs/bad.test.yml:4:9 › invalid YAML spec');
  expect(run.output).toContain('YamlSpecError: specs/bad.test.yml is not a valid spec (2 problems):');
  expect(run.output).toContain('specs/bad.test.yml:4:9: unknown step `tapp`; did you mean `tap`?');
  expect(run.output).toContain('specs/bad.test.yml:5:21: missing field `text` in input_text');
  expect(run.output).toMatch(/> 4 \|\s+- tapp: Log in/);
  // A step that fails on the phone points at its own YAML line too.
  expect(run.output).toContain('specs/fails.test.yml:3:5 › no checkout yet');
  expect(run.output).toMatch(/> 5 \|\s+- assert_visible: \{ target: Checkout/);
  expect(run.output).toContain('2 failed');
  expect(run.output).toContain('1 passed');
});

test('ai: and expect: steps run on the offline rules; a seed task outside their grammar fails at its line saying it needs a model', async () => {
  project = await TempProject.create({
    'mobiletest.config.ts': CONFIG,
    'specs/agent.test.yml': [
      'app: com.example.shop',
      'tests:',
      '  - name: alice logs in by goals',
      '    steps:',
      '      - ai: log in with alice@example.com and "pass123"',
      '      - expect: the screen shows Hi, Alice',
      '      - expect: the Log in button is visible',
      '',
    ].join('\n'),
    'specs/seed.test.yml': 'app: com.example.shop\ntasks:\n  - name: add to cart\n    task: Search for headphones and add the first result to the cart\n',
  });
  const run = await project.playwright(['test', '-c', 'mobiletest.config.ts', '--reporter=list']);
  expect(run.exitCode).toBe(1);
  // The first test's last expectation is false on the home screen: it fails at its own line.
  expect(run.output).toContain('specs/agent.test.yml:3:5 › alice logs in by goals');
  expect(run.output).toMatch(/> 7 \|\s+- expect: the Log in button is visible/);
  expect(run.output).toContain('ai.expect "the Log in button is visible" failed (ExpectationNotMet)');
  expect(run.output).toContain('specs/seed.test.yml:3:5 › add to cart');
  expect(run.output).toContain('this goal needs a model: set MOBILETEST_LLM_PROVIDER');
  expect(run.output).toMatch(/> 4 \|\s+task: Search for headphones/);
  expect(run.output).toContain('2 failed');
  // The password in the goal is masked everywhere but in the code frame quoting the spec itself.
  expect(
    run.output
      .split('\n')
      .filter((line) => !/^\s*>?\s*\d+ \|/.test(line))
      .join('\n'),
  ).not.toContain('pass123');
});
