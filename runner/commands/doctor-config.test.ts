import { test, expect } from '@playwright/test';
import { freePort } from '../../src/sim/index.js';
import { TempProject } from '../testing/project.js';

// `mobiletest doctor` reads the config by loading it as `mobiletest test` does, not from its text.
let project: TempProject;
let env: Record<string, string>;

// Each test runs the CLI, and Playwright under it, as child processes.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async () => {
  project = await TempProject.create({});
  // No adb server at this address: the doctor checks the app on the virtual phone.
  env = {
    ADB_SERVER_SOCKET: `tcp:127.0.0.1:${await freePort()}`,
    MOBILETEST_LLM_PROVIDER: '',
    MOBILETEST_LLM_MODEL: '',
    MOBILETEST_CACHE: '',
    MOBILETEST_DEVICE: '',
    OPENAI_API_KEY: 'sk-test',
    CI: '',
  };
});

test.afterEach(async () => {
  await project?.remove();
});

test('the doctor sees the values the run sees: built from a variable, nested, and not the commented-out ones', async () => {
  await project.write({
    'mobiletest.config.ts': `import { defineConfig } from 'mobiletest';
const app = ['com', 'example', 'shop'].join('.');
const model = 'gpt-4o-' + 'mini';
export default defineConfig({
  // use: { app: 'com.example.notes', device: 'emulator-5554', ai: { provider: 'anthropic', cache: 'off' } },
  use: { app, device: 'sim', ai: { roles: { planner: { model: 'big-model' } }, provider: 'openai', model, cache: 'read-only', budget: { maxCalls: 5 } } },
});
`,
    'specs/a.test.ts': "throw new Error('the doctor loaded a spec');\n",
  });
  const run = await project.mobiletest(['doctor'], { env });
  expect(run.stdout).toContain('✓ config: mobiletest.config.ts loads');
  expect(run.stdout).toContain('✓ app com.example.shop: a sample app of the virtual phone');
  expect(run.stdout).not.toContain('com.example.notes');
  expect(run.stdout).toMatch(/^✓ LLM: openai, model gpt-4o-mini, API key set \(planner big-model\); .*; plan cache read-only \(config\)$/m);
  expect(run.output).not.toContain('the doctor loaded a spec');
  expect(run.exitCode, run.output).toBe(0);
});

test('each project is checked with its own app; a config that does not load fails the doctor with the reason', async () => {
  await project.write({
    'mobiletest.config.ts': `import { defineConfig } from 'mobiletest';
export default defineConfig({ use: { device: 'sim' }, projects: [{ name: 'shop', use: { app: 'com.example.shop' } }, { name: 'gone', use: { app: 'com.example.gone' } }] });
`,
  });
  const projects = await project.mobiletest(['doctor'], { env });
  expect(projects.stdout).toContain('✓ config: mobiletest.config.ts loads (projects shop, gone)');
  expect(projects.stdout).toContain('✓ app com.example.shop: a sample app of the virtual phone');
  expect(projects.stdout).toMatch(/^✗ app com\.example\.gone: not on the virtual phone/m);
  expect(projects.exitCode).toBe(1);

  await project.write({
    'mobiletest.config.ts':
      "import { defineConfig } from 'mobiletest';\nexport default defineConfig({ use: { app: 'com.example.shop', dialogs: 'sometimes' } });\n",
  });
  const broken = await project.mobiletest(['doctor'], { env });
  expect(broken.stdout).toContain('✗ config: mobiletest.config.ts does not load');
  expect(broken.stdout).toContain('use.dialogs is "sometimes": it must be one of "allow", "deny", "fail"');
  expect(broken.exitCode).toBe(1);
});
