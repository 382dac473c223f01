import { test, expect } from '@playwright/test';
import { defineConfig } from './config.js';
import { ConfigOptionError } from './config-check.js';
import { TempProject } from './testing/project.js';

test('a bad mobile option fails when the config loads, naming the option, its value and what it takes', () => {
  const load = () => defineConfig({ use: { app: 'shop', dialogs: 'maybe' as 'allow', actionTimeout: -5, ...{ devcie: 'sim' } } }, {});
  expect(load).toThrow(ConfigOptionError);
  expect(load).toThrow([
    'The mobiletest config has bad options:',
    '  use.app is "shop": must be an Android package name such as com.example.shop',
    '  use.dialogs is "maybe": it must be one of "allow", "deny", "fail"',
    '  use.actionTimeout is -5: it must be more than 0',
    '  use.devcie is not an option; did you mean device?',
  ].join('\n'));
  expect(() => defineConfig({ projects: [{ name: 'phones', use: { permissions: 'some' as 'all' } }] }, {})).toThrow(
    `projects[0] (phones).use.permissions is "some": must be 'all' or a list of permission names`,
  );
});

test("good options and Playwright's own pass untouched", () => {
  const config = defineConfig({ use: { app: 'com.example.shop', device: 'sim', dialogs: 'deny', permissions: ['notifications'], clearState: false, launch: true, actionTimeout: 5000, baseURL: 'http://x', trace: 'on' } }, {});
  expect(config.use).toMatchObject({ app: 'com.example.shop', devices: 'sim', dialogs: 'deny', trace: 'on' });
});

test('mobiletest test with a misspelt option stops before any test runs and says what to fix', async () => {
  test.setTimeout(120_000);
  const project = await TempProject.create({
    'mobiletest.config.ts': "import { defineConfig } from 'mobiletest';\nexport default defineConfig({ use: { app: 'com.example.shop', dialogs: 'sometimes' } });\n",
    'a.test.ts': "import { test } from 'mobiletest';\ntest('never runs', async ({ device }) => { await device.tap('Log in'); });\n",
  });
  try {
    const run = await project.mobiletest(['test']);
    expect(run.exitCode).not.toBe(0);
    expect(run.output).toContain('use.dialogs is "sometimes": it must be one of "allow", "deny", "fail"');
    expect(run.output).not.toContain('never runs');
  } finally {
    await project.remove();
  }
});

test('a bad value given with test.use() in a spec fails that test with the same message', async () => {
  test.setTimeout(120_000);
  const project = await TempProject.create({
    'mobiletest.config.ts': "import { defineConfig } from 'mobiletest';\nexport default defineConfig({ use: { app: 'com.example.shop', device: 'sim' } });\n",
    'a.test.ts': "import { test } from 'mobiletest';\ntest.use({ clearState: 'yes' as unknown as boolean });\ntest('uses a bad option', async ({ device }) => { await device.tap('Log in'); });\n",
  });
  try {
    const run = await project.mobiletest(['test']);
    expect(run.exitCode).toBe(1);
    expect(run.output).toContain('test.use.clearState is "yes": it must be a boolean');
  } finally {
    await project.remove();
  }
});
