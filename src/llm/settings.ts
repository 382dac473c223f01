import type { TokenPrices } from './accounting.js';
import { LlmSettingsError } from './errors.js';
import type { ModelRole } from './types.js';

export type ProviderKind = 'openai' | 'anthropic' | 'offline';

export type LlmSettings =
  | { provider: 'offline' }
  | { provider: 'openai' | 'anthropic'; model: string; apiKey: string; baseUrl?: string; timeoutMs?: number };

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
    if (provider === 'openai' && baseUrl !== undefined) return { provider, model, apiKey: noKey, baseUrl, ...timeoutOf(env) };
    throw new LlmSettingsError('MOBILETEST_LLM_API_KEY', `no API key for provider ${provider}; set MOBILETEST_LLM_API_KEY or ${usual}`);
  }
  return { provider, model, apiKey, ...(baseUrl === undefined ? {} : { baseUrl }), ...timeoutOf(env) };
}

/** MOBILETEST_LLM_TIMEOUT_MS: how long one attempt of a model call may take (a slow local model needs more than the default 60 s). */
function timeoutOf(env: NodeJS.ProcessEnv): { timeoutMs?: number } {
  const raw = env.MOBILETEST_LLM_TIMEOUT_MS?.trim();
  if (!raw) return {};
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1000) {
    throw new LlmSettingsError('MOBILETEST_LLM_TIMEOUT_MS', `"${raw}" is not a timeout; set it to whole milliseconds, at least 1000 (e.g. 120000 for a slow local model)`);
  }
  return { timeoutMs: value };
}

/** Per-role model settings; anything unset falls back to the provider's model and `roleDefaults`. */
export interface RoleSettings {
  model?: string;
  temperature?: number;
  maxTokens?: number;
}

export const MODEL_ROLES: readonly ModelRole[] = ['planner', 'locator', 'validator', 'debugger'];

/** Temperature 0 keeps answers repeatable; the token caps fit each role's answer with room to spare. */
export const roleDefaults: Readonly<Record<ModelRole, Required<Omit<RoleSettings, 'model'>>>> = {
  planner: { temperature: 0, maxTokens: 400 },
  locator: { temperature: 0, maxTokens: 150 },
  validator: { temperature: 0, maxTokens: 200 },
  debugger: { temperature: 0, maxTokens: 200 },
};

/** Reads MOBILETEST_LLM_<ROLE>_MODEL, _TEMPERATURE and _MAX_TOKENS; only what is set is returned. */
export function readRoleSettings(env: NodeJS.ProcessEnv = process.env): Partial<Record<ModelRole, RoleSettings>> {
  const out: Partial<Record<ModelRole, RoleSettings>> = {};
  for (const role of MODEL_ROLES) {
    const prefix = `MOBILETEST_LLM_${role.toUpperCase()}`;
    const settings: RoleSettings = {};
    const model = env[`${prefix}_MODEL`]?.trim();
    if (model) settings.model = model;
    const temperature = readNumber(env, `${prefix}_TEMPERATURE`, 'a number from 0 to 2, e.g. 0 or 0.2', (n) => n >= 0 && n <= 2);
    if (temperature !== undefined) settings.temperature = temperature;
    const maxTokens = readNumber(env, `${prefix}_MAX_TOKENS`, 'a whole number of tokens above 0, e.g. 400', (n) => Number.isInteger(n) && n > 0);
    if (maxTokens !== undefined) settings.maxTokens = maxTokens;
    if (Object.keys(settings).length > 0) out[role] = settings;
  }
  return out;
}

/** Reads MOBILETEST_LLM_PRICE_IN and _OUT (USD per million tokens); none set means no prices. */
export function readTokenPrices(env: NodeJS.ProcessEnv = process.env): TokenPrices | undefined {
  const takes = 'a price in USD per million tokens, e.g. 0.15';
  const inputPerMillion = readNumber(env, 'MOBILETEST_LLM_PRICE_IN', takes, (n) => n >= 0);
  const outputPerMillion = readNumber(env, 'MOBILETEST_LLM_PRICE_OUT', takes, (n) => n >= 0);
  if (inputPerMillion === undefined && outputPerMillion === undefined) return undefined;
  return { inputPerMillion: inputPerMillion ?? 0, outputPerMillion: outputPerMillion ?? 0 };
}

function readNumber(env: NodeJS.ProcessEnv, variable: string, takes: string, valid: (n: number) => boolean): number | undefined {
  const raw = env[variable]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || !valid(value)) throw new LlmSettingsError(variable, `"${raw}" is not ${takes}`);
  return value;
}
