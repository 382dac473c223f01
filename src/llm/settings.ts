import { LlmSettingsError } from './errors.js';

export type ProviderKind = 'openai' | 'anthropic' | 'offline';

export type LlmSettings =
  | { provider: 'offline' }
  | { provider: 'openai' | 'anthropic'; model: string; apiKey: string; baseUrl?: string };

const kinds: readonly ProviderKind[] = ['openai', 'anthropic', 'offline'];

/** Key sent to OpenAI-compatible local servers (Ollama, llama.cpp, ...) that take none; the SDK needs one. */
const noKey = 'no-key';

/**
 * Reads the model settings from the environment. No provider set means `offline`
 * (the rule-based planner, no model calls).
 */
export function readLlmSettings(env: NodeJS.ProcessEnv = process.env): LlmSettings {
  const raw = env.MOBILETEST_LLM_PROVIDER?.trim().toLowerCase() || 'offline';
  if (!kinds.includes(raw as ProviderKind)) {
    throw new LlmSettingsError('MOBILETEST_LLM_PROVIDER', `"${env.MOBILETEST_LLM_PROVIDER}" is not a provider; set it to ${kinds.join(', ')}`);
  }
  const provider = raw as ProviderKind;
  if (provider === 'offline') return { provider };
  const baseUrl = env.MOBILETEST_LLM_BASE_URL?.trim() || undefined;
  if (baseUrl !== undefined && !URL.canParse(baseUrl)) {
    throw new LlmSettingsError('MOBILETEST_LLM_BASE_URL', `"${baseUrl}" is not a URL; set it to the server's API root, e.g. http://localhost:11434/v1`);
  }
  const model = env.MOBILETEST_LLM_MODEL?.trim();
  if (!model) {
    const example = provider === 'openai' ? 'gpt-4o-mini (or your local server\'s model name)' : 'claude-sonnet-4-5';
    throw new LlmSettingsError('MOBILETEST_LLM_MODEL', `no model is set for provider ${provider}; set it to the model to use, e.g. ${example}`);
  }
  const usual = provider === 'openai' ? 'OPENAI_API_KEY' : 'ANTHROPIC_API_KEY';
  const apiKey = env.MOBILETEST_LLM_API_KEY?.trim() || env[usual]?.trim();
  if (!apiKey) {
    // A local OpenAI-compatible server usually takes no key; the hosted APIs always do.
    if (provider === 'openai' && baseUrl !== undefined) return { provider, model, apiKey: noKey, baseUrl };
    throw new LlmSettingsError('MOBILETEST_LLM_API_KEY', `no API key for provider ${provider}; set MOBILETEST_LLM_API_KEY or ${usual}`);
  }
  return { provider, model, apiKey, ...(baseUrl === undefined ? {} : { baseUrl }) };
}
