import { test, expect } from '@playwright/test';
import { checkLlm } from './doctor-llm.js';

const KEY = 'sk-ant-0123456789secret';

test('with nothing set, the LLM line says agent steps run on the offline rules planner, and how to add a model', () => {
  const result = checkLlm({}, undefined);
  expect(result).toMatchObject({
    status: 'info',
    detail: "not set, so offline: agent steps use the built-in rules planner (see README 'Agent steps'); plan cache read-write",
  });
  expect(result.fix).toContain('MOBILETEST_LLM_PROVIDER');
  expect(checkLlm({ MOBILETEST_LLM_PROVIDER: 'offline', CI: 'true' }).detail).toBe(
    "offline: agent steps use the built-in rules planner (see README 'Agent steps'); plan cache read-only (CI)",
  );
});

test('a configured provider shows its model, server and per-role models, the key only as set, and where the cache mode comes from', () => {
  const result = checkLlm(
    { ANTHROPIC_API_KEY: KEY, MOBILETEST_LLM_PLANNER_MODEL: 'claude-opus-4', MOBILETEST_CACHE: 'refresh' },
    { provider: 'anthropic', model: 'claude-sonnet-4-5', cache: 'off' },
  );
  expect(result).toEqual({
    status: 'ok',
    title: 'LLM',
    detail:
      'anthropic, model claude-sonnet-4-5, API key set (planner claude-opus-4); profile anthropic: tool, max_tokens; plan cache refresh (MOBILETEST_CACHE)',
  });
  expect(
    checkLlm(
      { MOBILETEST_LLM_PROVIDER: 'openai', MOBILETEST_LLM_MODEL: 'llama3', MOBILETEST_LLM_BASE_URL: 'http://localhost:11434/v1' },
      { cache: 'read-only' },
    ).detail,
  ).toBe(
    'openai, model llama3, at http://localhost:11434/v1, no API key (a local server takes none); profile openai-compatible: schema, max_tokens; plan cache read-only (config)',
  );
  // A reasoning model is sent no temperature, and a local server by name needs neither key nor address.
  expect(checkLlm({ MOBILETEST_LLM_PROVIDER: 'openai', MOBILETEST_LLM_MODEL: 'gpt-5-mini', OPENAI_API_KEY: KEY }).detail).toBe(
    'openai, model gpt-5-mini, API key set; profile openai-reasoning: strict-schema, max_completion_tokens, no temperature; plan cache read-write',
  );
  expect(checkLlm({ MOBILETEST_LLM_PROVIDER: 'ollama', MOBILETEST_LLM_MODEL: 'qwen2.5:7b' }).detail).toBe(
    'ollama, model qwen2.5:7b, at http://localhost:11434/v1, no API key (a local server takes none); profile local: schema, max_tokens; plan cache read-write',
  );
});

test('a setting that would stop agent steps fails the check, naming it and the fix, never the key', () => {
  const noKey = checkLlm({ MOBILETEST_LLM_PROVIDER: 'anthropic', MOBILETEST_LLM_MODEL: 'claude-sonnet-4-5' });
  expect(noKey).toEqual({
    status: 'fail',
    title: 'LLM',
    detail: 'anthropic, model claude-sonnet-4-5, API key not set',
    fix: 'MOBILETEST_LLM_API_KEY: no API key for provider anthropic; set MOBILETEST_LLM_API_KEY or ANTHROPIC_API_KEY',
  });
  const noModel = checkLlm({ ANTHROPIC_API_KEY: KEY }, { provider: 'anthropic' });
  expect(noModel).toMatchObject({
    status: 'fail',
    detail: 'anthropic, no model, API key set',
    fix: expect.stringMatching(/^MOBILETEST_LLM_MODEL \(or ai\.model in the config\): no model is set/),
  });
  expect(JSON.stringify(noModel)).not.toContain(KEY);
  expect(checkLlm({ MOBILETEST_CACHE: 'always' })).toMatchObject({
    status: 'fail',
    fix: expect.stringContaining('MOBILETEST_CACHE: "always" is not a cache mode'),
  });
});
