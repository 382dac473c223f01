import { test, expect } from '@playwright/test';
import { LlmSettingsError, createProvider, readLlmSettings } from './index.js';

test('no provider set means offline', () => {
  expect(readLlmSettings({})).toEqual({ provider: 'offline' });
});

test('openai settings come from the MOBILETEST_ variables, the key from OPENAI_API_KEY as a fallback', () => {
  const settings = readLlmSettings({ MOBILETEST_LLM_PROVIDER: 'openai', MOBILETEST_LLM_MODEL: 'gpt-4o-mini', OPENAI_API_KEY: 'sk-1' });
  expect(settings).toEqual({ provider: 'openai', model: 'gpt-4o-mini', apiKey: 'sk-1' });
  expect(createProvider(settings).name).toBe('openai');
});

test('MOBILETEST_LLM_API_KEY wins over the provider key', () => {
  const settings = readLlmSettings({ MOBILETEST_LLM_PROVIDER: 'anthropic', MOBILETEST_LLM_MODEL: 'claude', ANTHROPIC_API_KEY: 'a', MOBILETEST_LLM_API_KEY: 'b' });
  expect(settings).toEqual({ provider: 'anthropic', model: 'claude', apiKey: 'b' });
});

test('a local OpenAI-compatible server needs no key', () => {
  const settings = readLlmSettings({ MOBILETEST_LLM_PROVIDER: 'openai', MOBILETEST_LLM_MODEL: 'llama3', MOBILETEST_LLM_BASE_URL: 'http://localhost:11434/v1' });
  expect(settings).toMatchObject({ provider: 'openai', baseUrl: 'http://localhost:11434/v1' });
});

test('each missing or wrong setting names its variable', () => {
  const failure = (env: NodeJS.ProcessEnv): LlmSettingsError => {
    try { readLlmSettings(env); } catch (error) { return error as LlmSettingsError; }
    throw new Error('expected readLlmSettings to throw');
  };
  expect(failure({ MOBILETEST_LLM_PROVIDER: 'gemini' }).message).toContain('MOBILETEST_LLM_PROVIDER: "gemini" is not a provider; set it to openai, anthropic, offline');
  expect(failure({ MOBILETEST_LLM_PROVIDER: 'anthropic', ANTHROPIC_API_KEY: 'a' }).variable).toBe('MOBILETEST_LLM_MODEL');
  const noKey = failure({ MOBILETEST_LLM_PROVIDER: 'anthropic', MOBILETEST_LLM_MODEL: 'claude' });
  expect(noKey).toBeInstanceOf(LlmSettingsError);
  expect(noKey.message).toContain('set MOBILETEST_LLM_API_KEY or ANTHROPIC_API_KEY');
  expect(failure({ MOBILETEST_LLM_PROVIDER: 'openai', MOBILETEST_LLM_MODEL: 'm', MOBILETEST_LLM_BASE_URL: 'not a url' }).variable).toBe('MOBILETEST_LLM_BASE_URL');
});
