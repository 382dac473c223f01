import { test, expect } from '@playwright/test';
import { defineConfig } from './config.js';
import { ConfigOptionError, checkMobileOptions } from './config-check.js';
import { configKeyProblems } from './config-keys.js';
import { TempProject } from './testing/project.js';

test('a bad mobile option fails when the config loads, naming the option, its value and what it takes', () => {
  const load = () => defineConfig({ use: { app: 'shop', dialogs: 'maybe' as 'allow', actionTimeout: -5, ...{ devcie: 'sim' } } }, {});
  expect(load).toThrow(ConfigOptionError);
  expect(load).toThrow(
    [
      'The mobiletest config has 4 bad options:',
      '  use.app is "shop": must be an Android package or iOS bundle id such as com.example.shop',
      '  use.dialogs is "maybe": it must be one of "allow", "deny", "fail"',
      '  use.actionTimeout is -5: it must be more than 0',
      '  use.devcie is not an option; did you mean device?',
    ].join('\n'),
  );
  expect(() => defineConfig({ projects: [{ name: 'phones', use: { permissions: 'some' as 'all' } }] }, {})).toThrow(
    `projects[0] (phones).use.permissions is "some": must be 'all' or a list of permission names`,
  );
});

test('frames takes on, off or retain-on-failure; anything else fails naming the three', () => {
  expect(() => defineConfig({ use: { app: 'com.example.shop', frames: 'retain-on-failure' } }, {})).not.toThrow();
  expect(() => defineConfig({ use: { frames: 'always' as 'on' } }, {})).toThrow('use.frames is "always": it must be one of "on", "off", "retain-on-failure"');
  expect(() => defineConfig({ use: { frames: true as unknown as 'on' } }, {})).toThrow(
    'use.frames is true: it must be one of "on", "off", "retain-on-failure"',
  );
  expect(() => checkMobileOptions({ frame: 'off' }, 'test.use')).toThrow('test.use.frame is not an option; did you mean frames?');
});

test("good options and Playwright's own pass untouched", () => {
  const config = defineConfig(
    {
      use: {
        app: 'com.example.shop',
        device: 'sim',
        dialogs: 'deny',
        permissions: ['notifications'],
        clearState: false,
        launch: true,
        actionTimeout: 5000,
        baseURL: 'http://x',
        trace: 'on',
      },
    },
    {},
  );
  expect(config.use).toMatchObject({ app: 'com.example.shop', devices: 'sim', dialogs: 'deny', trace: 'on' });
});

test('mobiletest test with a misspelt option stops before any test runs and says what to fix', async () => {
  test.setTimeout(120_000);
  const project = await TempProject.create({
    'mobiletest.config.ts':
      "import { defineConfig } from 'mobiletest';\nexport default defineConfig({ use: { app: 'com.example.shop', dialogs: 'sometimes' } });\n",
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
    'a.test.ts':
      "import { test } from 'mobiletest';\ntest.use({ clearState: 'yes' as unknown as boolean });\ntest('uses a bad option', async ({ device }) => { await device.tap('Log in'); });\n",
  });
  try {
    const run = await project.mobiletest(['test']);
    expect(run.exitCode).toBe(1);
    expect(run.output).toContain('test.use.clearState is "yes": it must be a boolean');
  } finally {
    await project.remove();
  }
});

test('the ai option is checked key by key: a misspelt key gets a did-you-mean, a bad value what it takes', () => {
  const ai = {
    provider: 'gemeni',
    cache: 'sometimes',
    maxStep: 5,
    maxReplans: -1,
    baseUrl: 'localhost',
    roles: { planer: { model: 'x' }, validator: { temperature: 7 } },
    budget: { maxCalls: 0, maxCost: 1 },
  };
  const load = () => defineConfig({ use: { app: 'com.example.shop', ai: ai as never } }, {});
  expect(load).toThrow(ConfigOptionError);
  let message = '';
  try {
    load();
  } catch (error) {
    message = (error as Error).message;
  }
  for (const line of [
    'use.ai.provider is "gemeni": it must be one of "openai", "anthropic", "gemini", "local", "offline", "ollama", "llamacpp", "llama.cpp", "lmstudio", "vllm"',
    'use.ai.cache is "sometimes": it must be one of "read-write", "read-only", "refresh", "off"',
    'use.ai.maxStep is not an option; did you mean maxSteps?',
    'use.ai.maxReplans is -1: it must be at least 0',
    'use.ai.baseUrl is "localhost": must be a URL such as http://localhost:11434/v1',
    'use.ai.roles.planer is not an option; did you mean planner?',
    'use.ai.roles.validator.temperature is 7: it must be at most 2',
    'use.ai.budget.maxCalls is 0: it must be more than 0',
    'use.ai.budget.maxCost is not an option; it takes maxTokens, maxCalls, maxCostUsd',
  ])
    expect(message).toContain(`\n  ${line}`);
  expect(() => defineConfig({ use: { ai: 'openai' as never } }, {})).toThrow('use.ai is "openai": it must be an object');
  expect(() => checkMobileOptions({ ai: { model: '  ', apiKey: 'sk-123', modle: 'x' } }, 'test.use')).toThrow(
    [
      '  test.use.ai.model is "  ": it must not be empty',
      '  test.use.ai.apiKey is not an option: API keys are read only from the environment (MOBILETEST_LLM_API_KEY, OPENAI_API_KEY or ANTHROPIC_API_KEY), never from a file',
      '  test.use.ai.modle is not an option; did you mean model?',
    ].join('\n'),
  );
});

test('a full ai option passes and reaches the fixtures as written', () => {
  const ai = {
    provider: 'openai',
    model: 'gpt-4o-mini',
    baseUrl: 'http://localhost:11434/v1',
    cache: 'read-only',
    maxSteps: 10,
    maxReplans: 0,
    roles: { planner: { model: 'gpt-4o', temperature: 0.2, maxTokens: 800 }, validator: { temperature: 0 } },
    budget: { maxTokens: 50_000, maxCalls: 40, maxCostUsd: 0.5 },
  } as const;
  expect(defineConfig({ use: { app: 'com.example.shop', ai } }, {}).use).toMatchObject({ ai });
  expect(() => checkMobileOptions({ ai: { provider: 'offline' } }, 'test.use')).not.toThrow();
});

test("a misspelt key of the config or of a project gets a did-you-mean; a mobile option outside use says where it goes; other keys are Playwright's", () => {
  const texts = configKeyProblems({
    testdir: 'tests',
    usee: {},
    device: 'sim',
    retries: 1,
    myOwnSetting: true,
    projects: [{ name: 'phones', testMach: '*.yml' }, { use: {} }],
  }).map((p) => p.text);
  expect(texts).toEqual([
    'testdir is not a config option; did you mean testDir?',
    'usee is not a config option; did you mean use?',
    'device is a mobile option, which goes in use: write use: { device: ... }',
    'projects[0] (phones).testMach is not a project option; did you mean testMatch?',
  ]);
  expect(() => defineConfig({ workers: 1, ...{ workrs: 2 } }, {})).toThrow('workrs is not a config option; did you mean workers?');
});
