import { AnthropicProvider } from './anthropic.js';
import { LlmSettingsError } from './errors.js';
import { OpenAiProvider } from './openai.js';
import type { LlmSettings } from './settings.js';
import type { Provider, RetryPolicy } from './types.js';

/** The model provider for settings read by readLlmSettings; `offline` has no model to call. */
export function createProvider(settings: LlmSettings, retry?: Partial<RetryPolicy>): Provider {
  if (settings.provider === 'offline') {
    throw new LlmSettingsError('MOBILETEST_LLM_PROVIDER', 'is offline, so there is no model to call; set it to openai or anthropic');
  }
  const policy = settings.timeoutMs === undefined ? retry : { timeoutMs: settings.timeoutMs, ...retry };
  const options = { model: settings.model, apiKey: settings.apiKey, baseUrl: settings.baseUrl, retry: policy };
  return settings.provider === 'openai' ? new OpenAiProvider(options) : new AnthropicProvider(options);
}
