import { test, expect } from '@playwright/test';
import { AgentSettingsError, resolveAgentSettings } from './agent-settings.js';

function failure(run: () => unknown): AgentSettingsError {
  try {
    run();
  } catch (error) {
    if (error instanceof AgentSettingsError) return error;
    throw error;
  }
  throw new Error('expected resolveAgentSettings to throw');
}

test('with nothing set, agent steps run offline on the rules planner, caching plans, within the default limits', () => {
  expect(resolveAgentSettings(undefined, {})).toEqual({
    llm: { provider: 'offline' },
    roles: {},
    cache: 'read-write',
    maxSteps: 20,
    maxReplans: 3,
    budget: {},
  });
});

test("the config's ai option is used when the environment says nothing; an empty variable counts as unset", () => {
  const ai = {
    provider: 'openai',
    model: 'llama3',
    baseUrl: 'http://localhost:11434/v1',
    maxSteps: 8,
    maxReplans: 1,
    budget: { maxCalls: 30, maxCostUsd: 0.25 },
  } as const;
  expect(resolveAgentSettings(ai, { MOBILETEST_LLM_MODEL: ' ', OPENAI_API_KEY: '' })).toMatchObject({
    llm: { provider: 'openai', model: 'llama3', baseUrl: 'http://localhost:11434/v1' },
    maxSteps: 8,
    maxReplans: 1,
    budget: { maxCalls: 30, maxCostUsd: 0.25 },
  });
});

test('MOBILETEST_LLM_* wins over the config, and the API key comes only from the environment', () => {
  const settings = resolveAgentSettings(
    { provider: 'openai', model: 'gpt-4o-mini' },
    { MOBILETEST_LLM_PROVIDER: 'anthropic', MOBILETEST_LLM_MODEL: 'claude-sonnet-4-5', ANTHROPIC_API_KEY: 'sk-ant-from-env' },
  );
  expect(settings.llm).toEqual({ provider: 'anthropic', model: 'claude-sonnet-4-5', apiKey: 'sk-ant-from-env' });
  expect(resolveAgentSettings({ provider: 'anthropic', model: 'x' }, { MOBILETEST_LLM_PROVIDER: 'offline' }).llm).toEqual({ provider: 'offline' });
});

test('per-role settings merge field by field, the environment over the config', () => {
  const settings = resolveAgentSettings(
    { roles: { planner: { model: 'big', temperature: 0.3 }, validator: { maxTokens: 100 }, locator: {} } },
    { MOBILETEST_LLM_PLANNER_TEMPERATURE: '0', MOBILETEST_LLM_DEBUGGER_MODEL: 'small' },
  );
  expect(settings.roles).toEqual({ planner: { model: 'big', temperature: 0 }, validator: { maxTokens: 100 }, debugger: { model: 'small' } });
});

test('the cache mode: MOBILETEST_CACHE (from --cache), then ai.cache, then read-only on CI, else read-write', () => {
  expect(resolveAgentSettings({ cache: 'off' }, { MOBILETEST_CACHE: 'refresh', CI: 'true' }).cache).toBe('refresh');
  expect(resolveAgentSettings({ cache: 'off' }, { CI: 'true' }).cache).toBe('off');
  expect(resolveAgentSettings({}, { CI: 'true' }).cache).toBe('read-only');
  expect(resolveAgentSettings({}, { CI: '1' }).cache).toBe('read-only');
  expect(resolveAgentSettings({}, { CI: 'false' }).cache).toBe('read-write');
  expect(resolveAgentSettings({}, { CI: '' }).cache).toBe('read-write');
  expect(resolveAgentSettings({}, { MOBILETEST_CACHE: 'OFF' }).cache).toBe('off');
});

test('a bad setting says which one, its value, and what it takes; a key never shows', () => {
  expect(failure(() => resolveAgentSettings({}, { MOBILETEST_CACHE: 'sometimes' })).message).toBe(
    'MOBILETEST_CACHE: "sometimes" is not a cache mode; set it (or mobiletest test --cache) to read-write, read-only, refresh, off',
  );
  expect(failure(() => resolveAgentSettings({ cache: 'never' as 'off' }, {})).message).toContain(
    'ai.cache in the config: "never" is not a cache mode; it takes read-write, read-only',
  );
  expect(failure(() => resolveAgentSettings({ provider: 'anthropic' }, {})).message).toBe(
    'MOBILETEST_LLM_MODEL (or ai.model in the config): no model is set for provider anthropic; set it to the model to use, e.g. claude-sonnet-4-5',
  );
  expect(failure(() => resolveAgentSettings({ provider: 'openai', model: 'm', baseUrl: 'my server' }, {})).message).toMatch(
    /^ai\.baseUrl in the config: "my server" is not a URL/,
  );
  expect(
    failure(() =>
      resolveAgentSettings({ baseUrl: 'http://ok/v1' }, { MOBILETEST_LLM_PROVIDER: 'openai', MOBILETEST_LLM_MODEL: 'm', MOBILETEST_LLM_BASE_URL: 'nope' }),
    ).setting,
  ).toBe('MOBILETEST_LLM_BASE_URL');
  expect(failure(() => resolveAgentSettings({ provider: 'anthropic', model: 'claude' }, {})).message).toBe(
    'MOBILETEST_LLM_API_KEY: no API key for provider anthropic; set MOBILETEST_LLM_API_KEY or ANTHROPIC_API_KEY',
  );
  expect(failure(() => resolveAgentSettings({}, { MOBILETEST_LLM_VALIDATOR_TEMPERATURE: 'hot' })).message).toBe(
    'MOBILETEST_LLM_VALIDATOR_TEMPERATURE: "hot" is not a number from 0 to 2, e.g. 0 or 0.2, or none to send no temperature',
  );
  const withKey = failure(() => resolveAgentSettings({}, { MOBILETEST_LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'sk-ant-secret-value' }));
  expect(withKey.message).not.toContain('sk-ant-secret-value');
});
