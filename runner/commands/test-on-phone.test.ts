import { test, expect } from '@playwright/test';
import { TempProject } from '../testing/project.js';

// `mobiletest test` with mobiletest's fixtures: specs drive the virtual phone's Shop app.
const SIGN_IN_TS = `import { test, expect } from 'mobiletest';
test.use({ app: 'com.example.shop' });
test('alice signs in', async ({ device }) => {
  await device.fill('Email', 'alice@example.com');
  await device.fill('Password', 'pass123', { secret: true });
  await device.tap('Log in');
  await expect(device.find('greeting')).toHaveText('Hi, Alice');
});
`;

const SIGN_IN_YAML = `app: com.example.shop
tests:
  - name: alice signs in from YAML
    steps:
      - input_text: { target: Email, text: alice@example.com }
      - input_text: { target: Password, text: pass123, secret: true }
      - tap: Log in
      - assert_visible: greeting
`;

let project: TempProject;

// Each test runs the CLI (and Playwright under it) as child processes.
test.describe.configure({ timeout: 300_000 });

test.afterEach(async () => {
  await project?.remove();
});

test('with no config, TS and YAML specs run on the virtual phone and the reports land in the folder', async () => {
  project = await TempProject.create({ 'specs/sign-in.test.ts': SIGN_IN_TS, 'specs/sign-in.test.yml': SIGN_IN_YAML });
  const run = await project.mobiletest(['test']);
  expect(run.output).toContain('2 passed');
  expect(run.exitCode).toBe(0);
  const results = await project.readJson<unknown>('mobiletest-report/results.json');
  expect(JSON.stringify(results)).toContain('alice signs in from YAML');
  expect(await project.read('mobiletest-report/junit.xml')).toContain('alice signs in');
});

test("a spec path outside the config's testDir runs only that file, TS or YAML", async () => {
  project = await TempProject.create({
    'mobiletest.config.ts': "import { defineConfig } from 'mobiletest';\nexport default defineConfig({ testDir: 'tests' });\n",
    'tests/sign-in.test.ts': SIGN_IN_TS,
    'elsewhere/deep/sign-in.test.yml': SIGN_IN_YAML,
  });
  const all = await project.mobiletest(['test', '--list']);
  expect(all.stdout).toContain('Total: 1 test in 1 file');
  expect(all.stdout).toContain('alice signs in');

  const yaml = await project.mobiletest(['test', 'elsewhere/deep/sign-in.test.yml']);
  expect(yaml.output).toContain('alice signs in from YAML');
  expect(yaml.output).toContain('1 passed');
  expect(yaml.output).not.toContain('sign-in.test.ts');
  expect(yaml.exitCode).toBe(0);
});

test('init writes a project whose example specs pass with `mobiletest test`', async () => {
  project = await TempProject.create({});
  expect((await project.mobiletest(['init', '--yes'])).exitCode).toBe(0);
  // Its android project (the install matrix runs both platforms from the packed package).
  const run = await project.mobiletest(['test', '--project', 'android']);
  // Two scripted TS tests, one scripted YAML test, and the TS and YAML agent steps on the offline rules.
  expect(run.output).toContain('5 passed');
  expect(run.exitCode).toBe(0);
});
