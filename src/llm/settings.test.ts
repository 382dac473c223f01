import { test, expect } from '@playwright/test';
import { LlmSettingsError, createProvider, readLlmSettings, readRoleSettings, readTokenPrices } from './index.js';

test('no provider set means offline', () => {
  expect(readLlmSettings({})).toEqual({ provider: 'offline' });
});

test('openai settings come from the MOBILETEST_ variables, the key from OPENAI_API_KEY as a fallback', () => {
  const settings = readLlmSettings({ MOBILETEST_LLM_PROVIDER: 'openai', MOBILETEST_LLM_MODEL: 'gpt-4o-mini', OPENAI_API_KEY: 'sk-1' });
  expect(settings).toEqual({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-1' });
  expect(createProvider(settings).name).toBe('openai');
});

test('MOBILETEST_LLM_API_KEY wins over the provider key', () => {
  const settings = readLlmSettings({
    MOBILETEST_LLM_PROVIDER: 'anthropic',
    MOBILETEST_LLM_MODEL: 'claude',
    ANTHROPIC_API_KEY: 'a',
    MOBILETEST_LLM_API_KEY: 'b',
  });
  expect(settings).toEqual({ provider: 'anthropic', model: 'claude', apiKey: 'b' });
});

test('a local OpenAI-compatible server needs no key', () => {
  const settings = readLlmSettings({ MOBILETEST_LLM_PROVIDER: 'openai', MOBILETEST_LLM_MODEL: 'llama3', MOBILETEST_LLM_BASE_URL: 'http://localhost:11434/v1' });
  expect(settings).toMatchObject({ provider: 'openai', baseUrl: 'http://localhost:11434/v1' });
});

test('each missing or wrong setting names its variable', () => {
  const failure = (env: NodeJS.ProcessEnv): LlmSettingsError => {
    try {
      readLlmSettings(env);
    } catch (error) {
      return error as LlmSettingsError;
    }
    throw new Error('expected readLlmSettings to throw');
  };
  expect(failure({ MOBILETEST_LLM_PROVIDER: 'bard' }).message).toContain(
    'MOBILETEST_LLM_PROVIDER: "bard" is not a provider; set it to openai, anthropic, gemini, local, offline (or a local server by name: ollama, llamacpp, llama.cpp, lmstudio, vllm)',
  );
  expect(failure({ MOBILETEST_LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'a' }).variable).toBe('MOBILETEST_LLM_MODEL');
  const noKey = failure({ MOBILETEST_LLM_PROVIDER: 'anthropic', MOBILETEST_LLM_MODEL: 'claude' });
  expect(noKey).toBeInstanceOf(LlmSettingsError);
  expect(noKey.message).toContain('set MOBILETEST_LLM_API_KEY or ANTHROPIC_API_KEY');
  expect(failure({ MOBILETEST_LLM_PROVIDER: 'openai', MOBILETEST_LLM_MODEL: 'm', MOBILETEST_LLM_BASE_URL: 'not a url' }).variable).toBe(
    'MOBILETEST_LLM_BASE_URL',
  );
});

test('per-role model, temperature and token cap come from MOBILETEST_LLM_<ROLE>_*; unset roles are left out', () => {
  expect(readRoleSettings({})).toEqual({});
  expect(
    readRoleSettings({
      MOBILETEST_LLM_PLANNER_MODEL: 'gpt-4o',
      MOBILETEST_LLM_PLANNER_TEMPERATURE: '0.2',
      MOBILETEST_LLM_LOCATOR_MAX_TOKENS: '90',
    }),
  ).toEqual({ planner: { model: 'gpt-4o', temperature: 0.2 }, locator: { maxTokens: 90 } });
});

test('a bad per-role number names its variable and what it takes', () => {
  const failure = (env: NodeJS.ProcessEnv): LlmSettingsError => {
    try {
      readRoleSettings(env);
    } catch (error) {
      return error as LlmSettingsError;
    }
    throw new Error('expected readRoleSettings to throw');
  };
  expect(failure({ MOBILETEST_LLM_DEBUGGER_MAX_TOKENS: '1.5' }).message).toBe(
    'MOBILETEST_LLM_DEBUGGER_MAX_TOKENS: "1.5" is not a whole number of tokens above 0, e.g. 400',
  );
  expect(failure({ MOBILETEST_LLM_VALIDATOR_TEMPERATURE: 'warm' }).variable).toBe('MOBILETEST_LLM_VALIDATOR_TEMPERATURE');
  expect(failure({ MOBILETEST_LLM_PLANNER_TEMPERATURE: '3' }).message).toContain('a number from 0 to 2');
});

test('token prices are read per million tokens; none set means none', () => {
  expect(readTokenPrices({})).toBeUndefined();
  expect(readTokenPrices({ MOBILETEST_LLM_PRICE_IN: '0.15', MOBILETEST_LLM_PRICE_OUT: '0.6' })).toEqual({ inputPerMillion: 0.15, outputPerMillion: 0.6 });
  expect(() => readTokenPrices({ MOBILETEST_LLM_PRICE_OUT: '$1' })).toThrow('MOBILETEST_LLM_PRICE_OUT: "$1" is not a price in USD per million tokens');
});

test('MOBILETEST_LLM_TIMEOUT_MS sets how long one model call may take; a bad value says what it takes', () => {
  const base = { MOBILETEST_LLM_PROVIDER: 'openai', MOBILETEST_LLM_MODEL: 'm', MOBILETEST_LLM_BASE_URL: 'http://localhost:11434/v1' };
  expect(readLlmSettings({ ...base, MOBILETEST_LLM_TIMEOUT_MS: '120000' })).toMatchObject({ timeoutMs: 120_000 });
  expect(readLlmSettings(base)).not.toHaveProperty('timeoutMs');
  expect(() => readLlmSettings({ ...base, MOBILETEST_LLM_TIMEOUT_MS: '2m' })).toThrow(
    'MOBILETEST_LLM_TIMEOUT_MS: "2m" is not a timeout; set it to whole milliseconds',
  );
});
