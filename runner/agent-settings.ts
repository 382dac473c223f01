// The settings an agent step runs with: the config's `ai` option, overlaid by the MOBILETEST_*
// environment (which `mobiletest test --cache` and CI set), with defaults for what neither says.
import { onCi } from '../src/agent/index.js';
import { CACHE_MODES, CacheMode } from '../src/agent/types.js';

export { onCi };
import {
  LlmSettingsError,
  readLlmSettings,
  readRoleSettings,
  type BudgetLimits,
  type LlmSettings,
  type ModelRole,
  type RoleSettings,
} from '../src/llm/index.js';
import { AI_DEFAULTS, type AiOptions } from './fixtures/options.js';

export interface AgentSettings {
  llm: LlmSettings;
  /** Per-role model settings: the environment's over the config's, field by field. */
  roles: Partial<Record<ModelRole, RoleSettings>>;
  cache: CacheMode;
  maxSteps: number;
  maxReplans: number;
  budget: BudgetLimits;
}

/** An agent setting mobiletest cannot use: names the setting (variable or config key), its value and what it takes. */
export class AgentSettingsError extends Error {
  override name = 'AgentSettingsError';
  constructor(
    readonly setting: string,
    reason: string,
  ) {
    super(`${setting}: ${reason}`);
  }
}

/** The config keys behind MOBILETEST_LLM_* variables; the API key has none, as it is read only from the environment. */
const CONFIG_KEYS: Partial<Record<string, 'provider' | 'model' | 'baseUrl' | 'output' | 'visionModel'>> = {
  MOBILETEST_LLM_PROVIDER: 'provider',
  MOBILETEST_LLM_MODEL: 'model',
  MOBILETEST_LLM_BASE_URL: 'baseUrl',
  MOBILETEST_LLM_OUTPUT: 'output',
  MOBILETEST_LLM_VISION_MODEL: 'visionModel',
};

/** Resolves `ai` and the environment into one set of settings; throws AgentSettingsError for a bad value. */
export function resolveAgentSettings(ai: AiOptions | undefined, env: NodeJS.ProcessEnv = process.env): AgentSettings {
  return {
    llm: llmSettings(ai, env),
    roles: roleSettings(ai, env),
    cache: cacheMode(ai, env),
    maxSteps: ai?.maxSteps ?? AI_DEFAULTS.maxSteps,
    maxReplans: ai?.maxReplans ?? AI_DEFAULTS.maxReplans,
    budget: { ...ai?.budget },
  };
}

function llmSettings(ai: AiOptions | undefined, env: NodeJS.ProcessEnv): LlmSettings {
  const fromConfig: NodeJS.ProcessEnv = {};
  for (const [variable, key] of Object.entries(CONFIG_KEYS)) if (key && ai?.[key] !== undefined) fromConfig[variable] = ai[key];
  // An empty variable is unset, so CI can blank one without hiding the config's value.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''));
  try {
    return readLlmSettings({ ...fromConfig, ...set });
  } catch (error) {
    if (!(error instanceof LlmSettingsError)) throw error;
    throw new AgentSettingsError(settingName(error.variable, ai, set), reasonOf(error));
  }
}

/** Which setting a problem is in: the variable when the environment set it, else the config key, else both. */
function settingName(variable: string, ai: AiOptions | undefined, set: NodeJS.ProcessEnv): string {
  const key = CONFIG_KEYS[variable];
  if (!key || set[variable] !== undefined) return variable;
  return ai?.[key] !== undefined ? `ai.${key} in the config` : `${variable} (or ai.${key} in the config)`;
}

function reasonOf(error: LlmSettingsError): string {
  const prefix = `${error.variable}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}

function roleSettings(ai: AiOptions | undefined, env: NodeJS.ProcessEnv): Partial<Record<ModelRole, RoleSettings>> {
  let fromEnv: Partial<Record<ModelRole, RoleSettings>>;
  try {
    fromEnv = readRoleSettings(env);
  } catch (error) {
    if (error instanceof LlmSettingsError) throw new AgentSettingsError(error.variable, reasonOf(error));
    throw error;
  }
  const roles: Partial<Record<ModelRole, RoleSettings>> = {};
  for (const role of new Set([...Object.keys(ai?.roles ?? {}), ...Object.keys(fromEnv)]) as Set<ModelRole>) {
    const merged = { ...definedOnly(ai?.roles?.[role]), ...fromEnv[role] };
    if (Object.keys(merged).length > 0) roles[role] = merged;
  }
  return roles;
}

function definedOnly<T extends object>(value: T | undefined): Partial<T> {
  return Object.fromEntries(Object.entries(value ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** MOBILETEST_CACHE (set by `--cache`), else the config's `ai.cache`, else read-only on CI, else read-write. */
function cacheMode(ai: AiOptions | undefined, env: NodeJS.ProcessEnv): CacheMode {
  const raw = env.MOBILETEST_CACHE?.trim();
  if (raw) {
    const asked = CacheMode.safeParse(raw.toLowerCase());
    if (asked.success) return asked.data;
    throw new AgentSettingsError('MOBILETEST_CACHE', `"${raw}" is not a cache mode; set it (or mobiletest test --cache) to ${CACHE_MODES.join(', ')}`);
  }
  if (ai?.cache !== undefined) {
    if (CacheMode.safeParse(ai.cache).success) return ai.cache;
    throw new AgentSettingsError('ai.cache in the config', `"${String(ai.cache)}" is not a cache mode; it takes ${CACHE_MODES.join(', ')}`);
  }
  // On CI a run must not rewrite the plans a person reviewed: it reads the cache and leaves it alone.
  return onCi(env) ? 'read-only' : 'read-write';
}
