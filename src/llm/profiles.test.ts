import { expect, test } from '@playwright/test';
import { anthropicTakesTemperature, isOpenAiReasoningModel, profileFor } from './profiles.js';

test('OpenAI reasoning models are told apart by name', () => {
  for (const model of ['o1', 'o3-mini', 'o4-mini-2025-04-16', 'gpt-5', 'gpt-5-mini', 'gpt-5.1', 'openai/gpt-5-nano'])
    expect(isOpenAiReasoningModel(model), model).toBe(true);
  for (const model of ['gpt-4o-mini', 'gpt-4.1', 'omni-moderation-latest', 'llama3']) expect(isOpenAiReasoningModel(model), model).toBe(false);
});

test('Claude Opus 4.7 and every later model take no temperature; earlier ones do', () => {
  for (const model of ['claude-opus-4-7', 'claude-opus-4-8-20261001', 'claude-sonnet-5', 'claude-haiku-5-1'])
    expect(anthropicTakesTemperature(model), model).toBe(false);
  for (const model of ['claude-sonnet-4-5', 'claude-opus-4-1-20250805', 'claude-3-5-haiku-latest', 'claude-opus-4-20250514'])
    expect(anthropicTakesTemperature(model), model).toBe(true);
});

test('each provider gets its profile: how the answer is asked for, the cap parameter, temperature', () => {
  expect(profileFor({ provider: 'openai', model: 'gpt-4o-mini' })).toMatchObject({
    id: 'openai',
    output: 'strict-schema',
    dialect: 'openai-strict',
    tokenCap: 'max_completion_tokens',
    temperature: true,
  });
  expect(profileFor({ provider: 'openai', model: 'gpt-5' })).toMatchObject({ id: 'openai-reasoning', temperature: false, reasoning: true });
  expect(profileFor({ provider: 'openai', model: 'qwen2.5', baseUrl: 'http://localhost:8000/v1' })).toMatchObject({
    id: 'openai-compatible',
    output: 'schema',
    dialect: 'grammar',
    tokenCap: 'max_tokens',
  });
  expect(profileFor({ provider: 'anthropic', model: 'claude-opus-4-7' })).toMatchObject({ wire: 'anthropic', output: 'tool', temperature: false });
  expect(profileFor({ provider: 'gemini', model: 'gemini-2.5-flash' })).toMatchObject({ wire: 'openai', dialect: 'gemini', tokenCap: 'max_tokens' });
  expect(profileFor({ provider: 'local', model: 'llama', output: 'json-object' })).toMatchObject({ id: 'local', output: 'json-object' });
});
