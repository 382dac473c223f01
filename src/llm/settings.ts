import { z } from 'zod';
import type { TokenPrices } from './accounting.js';
import { LlmSettingsError } from './errors.js';
import { OUTPUT_MODES, outputProblem, profileFor, type OutputMode, type ProviderProfile } from './profiles.js';
import { MODEL_ROLES, REASONING_EFFORTS, type ModelRole } from './types.js';

/**
 * `openai` (OpenAI's API, or any OpenAI-compatible server at a base URL), `anthropic`, `gemini` (its
 * OpenAI-compatible endpoint), `local` (llama.cpp server, Ollama, LM Studio, vLLM; also by those names),
 * or `offline` (the rules planner, no model).
 */
export type ProviderKind = 'openai' | 'anthropic' | 'gemini' | 'local' | 'offline';

export type LlmSettings =
  | { provider: 'offline' }
  | {
      provider: Exclude<ProviderKind, 'offline'>;
      model: string;
      apiKey: string;
      baseUrl?: string;
      timeoutMs?: number;
      /** MOBILETEST_LLM_OUTPUT: how the answer's shape is asked for, when not the profile's own. */
      output?: OutputMode;
      /**
       * MOBILETEST_LLM_VISION_MODEL: the model (of the same provider) asked instead when a screen needs its
       * picture; naming it says it takes images. Without it, the role's own model is asked, if it takes them.
       */
      visionModel?: string;
    };

const kinds: readonly ProviderKind[] = ['openai', 'anthropic', 'gemini', 'local', 'offline'];

/** Local servers by name, each with the address it listens on out of the box. */
const LOCAL_SERVERS = {
  ollama: 'http://localhost:11434/v1',
  llamacpp: 'http://localhost:8080/v1',
  'llama.cpp': 'http://localhost:8080/v1',
  lmstudio: 'http://localhost:1234/v1',
  vllm: 'http://localhost:8000/v1',
} as const;

/** A value MOBILETEST_LLM_PROVIDER (and the config's `ai.provider`) takes: a kind, or a local server by name. */
export type ProviderName = ProviderKind | keyof typeof LOCAL_SERVERS;
export const PROVIDER_NAMES: readonly ProviderName[] = [...kinds, ...(Object.keys(LOCAL_SERVERS) as Array<keyof typeof LOCAL_SERVERS>)];

const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta/openai/';

/** The usual API key variable of each hosted provider. */
const KEY_VARIABLES: Partial<Record<string, string>> = { openai: 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY', gemini: 'GEMINI_API_KEY' };

/** The usual API key variable of a provider (`OPENAI_API_KEY`, ...); none for a local server. */
export function apiKeyVariable(provider: string): string | undefined {
  return KEY_VARIABLES[provider];
}

/** Key sent to OpenAI-compatible local servers (Ollama, llama.cpp, ...) that take none; the SDK needs one. */
const noKey = 'no-key';

/**
 * Reads the model settings from the environment. No provider set means `offline`
 * (the rule-based planner, no model calls).
 */
export function readLlmSettings(env: NodeJS.ProcessEnv = process.env): LlmSettings {
  const raw = env.MOBILETEST_LLM_PROVIDER?.trim().toLowerCase() || 'offline';
  const server = (LOCAL_SERVERS as Readonly<Record<string, string>>)[raw];
  if (!kinds.includes(raw as ProviderKind) && server === undefined) {
    throw new LlmSettingsError(
      'MOBILETEST_LLM_PROVIDER',
      `"${env.MOBILETEST_LLM_PROVIDER}" is not a provider; set it to ${kinds.join(', ')} (or a local server by name: ${Object.keys(LOCAL_SERVERS).join(', ')})`,
    );
  }
  const provider = server === undefined ? (raw as ProviderKind) : 'local';
  if (provider === 'offline') return { provider };
  const defaultUrl = server ?? (provider === 'gemini' ? GEMINI_BASE_URL : undefined);
  const baseUrl = env.MOBILETEST_LLM_BASE_URL?.trim() || defaultUrl;
  if (baseUrl !== undefined && !URL.canParse(baseUrl)) {
    throw new LlmSettingsError('MOBILETEST_LLM_BASE_URL', `"${baseUrl}" is not a URL; set it to the server's API root, e.g. http://localhost:11434/v1`);
  }
  if (provider === 'local' && baseUrl === undefined) {
    throw new LlmSettingsError(
      'MOBILETEST_LLM_BASE_URL',
      `provider local needs the server's API root, e.g. http://localhost:8080/v1 (llama.cpp) or http://localhost:11434/v1 (Ollama); or set MOBILETEST_LLM_PROVIDER to the server's name (${Object.keys(LOCAL_SERVERS).join(', ')})`,
    );
  }
  const model = env.MOBILETEST_LLM_MODEL?.trim();
  if (!model) {
    const examples: Record<string, string> = {
      openai: "gpt-4o-mini (or your local server's model name)",
      anthropic: 'claude-sonnet-4-5',
      gemini: 'gemini-2.5-flash',
      local: 'the name your server loaded, e.g. qwen2.5:7b',
    };
    throw new LlmSettingsError('MOBILETEST_LLM_MODEL', `no model is set for provider ${provider}; set it to the model to use, e.g. ${examples[provider]}`);
  }
  const output = outputOf(env, provider);
  const visionModel = env.MOBILETEST_LLM_VISION_MODEL?.trim();
  const extra = {
    ...(baseUrl === undefined ? {} : { baseUrl }),
    ...timeoutOf(env),
    ...(output === undefined ? {} : { output }),
    ...(visionModel ? { visionModel } : {}),
  };
  const usual = apiKeyVariable(provider);
  const apiKey = env.MOBILETEST_LLM_API_KEY?.trim() || (usual ? env[usual]?.trim() : undefined);
  if (!apiKey) {
    // A local OpenAI-compatible server usually takes no key; the hosted APIs always do.
    if (provider === 'local' || (provider === 'openai' && env.MOBILETEST_LLM_BASE_URL?.trim())) return { provider, model, apiKey: noKey, ...extra };
    throw new LlmSettingsError('MOBILETEST_LLM_API_KEY', `no API key for provider ${provider}; set MOBILETEST_LLM_API_KEY or ${usual}`);
  }
  return { provider, model, apiKey, ...extra };
}

/** MOBILETEST_LLM_OUTPUT, checked against what the provider's wire can send. */
function outputOf(env: NodeJS.ProcessEnv, provider: Exclude<ProviderKind, 'offline'>): OutputMode | undefined {
  const raw = env.MOBILETEST_LLM_OUTPUT?.trim().toLowerCase();
  if (!raw) return undefined;
  if (!OUTPUT_MODES.includes(raw as OutputMode)) {
    throw new LlmSettingsError('MOBILETEST_LLM_OUTPUT', `"${env.MOBILETEST_LLM_OUTPUT}" is not an output mode; set it to ${OUTPUT_MODES.join(', ')}`);
  }
  const problem = outputProblem(provider === 'anthropic' ? 'anthropic' : 'openai', raw as OutputMode);
  if (problem) throw new LlmSettingsError('MOBILETEST_LLM_OUTPUT', `"${raw}" does not fit provider ${provider}: ${problem}`);
  return raw as OutputMode;
}

/** The profile requests are shaped by, for settings that call a model. */
export function profileOf(settings: Exclude<LlmSettings, { provider: 'offline' }>): ProviderProfile {
  return profileFor({ provider: settings.provider, model: settings.model, baseUrl: settings.baseUrl, output: settings.output });
}

/** MOBILETEST_LLM_TIMEOUT_MS: how long one attempt of a model call may take (a slow local model needs more than the default 60 s). */
function timeoutOf(env: NodeJS.ProcessEnv): { timeoutMs?: number } {
  const raw = env.MOBILETEST_LLM_TIMEOUT_MS?.trim();
  if (!raw) return {};
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1000) {
    throw new LlmSettingsError(
      'MOBILETEST_LLM_TIMEOUT_MS',
      `"${raw}" is not a timeout; set it to whole milliseconds, at least 1000 (e.g. 120000 for a slow local model)`,
    );
  }
  return { timeoutMs: value };
}

/**
 * Per-role model settings, as the config's `ai.roles.<role>` takes them; anything unset falls back to the
 * provider's model and `roleDefaults`.
 */
export const RoleSettings = z
  .strictObject({
    /** A different model for this role. */
    model: z.string().trim().min(1),
    /** `null` sends none, for models that refuse one (a model known to refuse it never gets one). */
    temperature: z.number().min(0).max(2).nullable(),
    /** Cap of the answer's tokens (a reasoning model's reasoning counts too). */
    maxTokens: z.number().int().positive(),
    /** For reasoning models only: minimal, low, medium or high. */
    reasoningEffort: z.enum(REASONING_EFFORTS),
  })
  .partial();
export type RoleSettings = z.infer<typeof RoleSettings>;

export { MODEL_ROLES };

/** Temperature 0 keeps answers repeatable; the token caps fit each role's answer with room to spare. */
export const roleDefaults: Readonly<Record<ModelRole, { temperature: number; maxTokens: number }>> = {
  planner: { temperature: 0, maxTokens: 400 },
  locator: { temperature: 0, maxTokens: 150 },
  validator: { temperature: 0, maxTokens: 200 },
  debugger: { temperature: 0, maxTokens: 200 },
};

/** A reasoning model thinks within its answer cap: a role's cap is at least this for one. */
export const REASONING_MIN_TOKENS = 4096;

/** The variable that sets one field of one role's settings: MOBILETEST_LLM_PLANNER_MAX_TOKENS, ... */
export function roleVariable(role: ModelRole, field: keyof RoleSettings): string {
  const suffix = { model: 'MODEL', temperature: 'TEMPERATURE', maxTokens: 'MAX_TOKENS', reasoningEffort: 'REASONING_EFFORT' }[field];
  return `MOBILETEST_LLM_${role.toUpperCase()}_${suffix}`;
}

/** Reads MOBILETEST_LLM_<ROLE>_MODEL, _TEMPERATURE (a number, or `none`), _MAX_TOKENS and _REASONING_EFFORT; only what is set is returned. */
export function readRoleSettings(env: NodeJS.ProcessEnv = process.env): Partial<Record<ModelRole, RoleSettings>> {
  const out: Partial<Record<ModelRole, RoleSettings>> = {};
  for (const role of MODEL_ROLES) {
    const variable = (field: keyof RoleSettings): string => roleVariable(role, field);
    const settings: RoleSettings = {};
    const model = env[variable('model')]?.trim();
    if (model) settings.model = model;
    if (env[variable('temperature')]?.trim().toLowerCase() === 'none') settings.temperature = null;
    else {
      const temperature = readNumber(env, {
        variable: variable('temperature'),
        takes: 'a number from 0 to 2, e.g. 0 or 0.2, or none to send no temperature',
        valid: RoleSettings.shape.temperature,
      });
      if (temperature !== undefined) settings.temperature = temperature;
    }
    const maxTokens = readNumber(env, {
      variable: variable('maxTokens'),
      takes: 'a whole number of tokens above 0, e.g. 400',
      valid: RoleSettings.shape.maxTokens,
    });
    if (maxTokens !== undefined) settings.maxTokens = maxTokens;
    const effort = env[variable('reasoningEffort')]?.trim().toLowerCase() || env.MOBILETEST_LLM_REASONING_EFFORT?.trim().toLowerCase();
    if (effort) {
      const parsed = RoleSettings.shape.reasoningEffort.safeParse(effort);
      if (!parsed.success) {
        const named = env[variable('reasoningEffort')]?.trim() ? variable('reasoningEffort') : 'MOBILETEST_LLM_REASONING_EFFORT';
        throw new LlmSettingsError(named, `"${effort}" is not a reasoning effort; set it to ${REASONING_EFFORTS.join(', ')}`);
      }
      settings.reasoningEffort = parsed.data;
    }
    if (Object.keys(settings).length > 0) out[role] = settings;
  }
  return out;
}

/** Reads MOBILETEST_LLM_PRICE_IN and _OUT (USD per million tokens); none set means no prices. */
export function readTokenPrices(env: NodeJS.ProcessEnv = process.env): TokenPrices | undefined {
  const takes = 'a price in USD per million tokens, e.g. 0.15';
  const inputPerMillion = readNumber(env, { variable: 'MOBILETEST_LLM_PRICE_IN', takes, valid: PRICE });
  const outputPerMillion = readNumber(env, { variable: 'MOBILETEST_LLM_PRICE_OUT', takes, valid: PRICE });
  if (inputPerMillion === undefined && outputPerMillion === undefined) return undefined;
  return { inputPerMillion: inputPerMillion ?? 0, outputPerMillion: outputPerMillion ?? 0 };
}

/** A price per million tokens, as MOBILETEST_LLM_PRICE_IN and _OUT take it. */
const PRICE = z.number().nonnegative();

/** A numeric setting: its variable, what it takes (in words, for the error), and the schema of its valid values. */
interface NumberSetting {
  variable: string;
  takes: string;
  valid: z.ZodType;
}

function readNumber(env: NodeJS.ProcessEnv, { variable, takes, valid }: NumberSetting): number | undefined {
  const raw = env[variable]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value) || !valid.safeParse(value).success) throw new LlmSettingsError(variable, `"${raw}" is not ${takes}`);
  return value;
}
