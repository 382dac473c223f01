import { AnthropicProvider } from './anthropic.js';
import { LlmSettingsError } from './errors.js';
import { OpenAiProvider } from './openai.js';
import { profileOf, type LlmSettings } from './settings.js';
import type { Provider, RetryPolicy } from './types.js';

/** The model provider for settings read by readLlmSettings; `offline` has no model to call. */
export function createProvider(settings: LlmSettings, retry?: Partial<RetryPolicy>): Provider {
  if (settings.provider === 'offline') {
    throw new LlmSettingsError('MOBILETEST_LLM_PROVIDER', 'is offline, so there is no model to call; set it to openai, anthropic, gemini or local');
  }
  const policy = settings.timeoutMs === undefined ? retry : { timeoutMs: settings.timeoutMs, ...retry };
  const options = { model: settings.model, apiKey: settings.apiKey, baseUrl: settings.baseUrl, retry: policy, profile: profileOf(settings) };
  return settings.provider === 'anthropic' ? new AnthropicProvider(options) : new OpenAiProvider({ ...options, name: settings.provider });
}
