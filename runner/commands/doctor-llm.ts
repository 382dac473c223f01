// The doctor's LLM line: the provider and model agent steps would use (config `use.ai` overlaid by
// MOBILETEST_*), whether an API key is set (never the key), and the plan cache mode.
import { AgentSettingsError, onCi, resolveAgentSettings, type AgentSettings } from '../agent-settings.js';
import { apiKeyVariable, profileOf } from '../../src/llm/index.js';
import type { AiOptions } from '../fixtures/options.js';
import type { CheckResult } from './doctor-checks.js';

const OFFLINE = "offline: agent steps use the built-in rules planner (see README 'Agent steps')";
const SET_UP =
  'for goals the rules do not cover, set MOBILETEST_LLM_PROVIDER (openai, anthropic, gemini, or a local server: llamacpp, ollama, lmstudio, vllm), MOBILETEST_LLM_MODEL and MOBILETEST_LLM_API_KEY (or MOBILETEST_LLM_BASE_URL for a local OpenAI-compatible server), or use: { ai: { provider, model } } in the config';

/** The LLM check for `ai` (the config's, when readable) and the environment. */
export function checkLlm(env: NodeJS.ProcessEnv = process.env, ai: AiOptions | undefined = undefined): CheckResult {
  let settings: AgentSettings;
  try {
    settings = resolveAgentSettings(ai, env);
  } catch (error) {
    if (!(error instanceof AgentSettingsError)) throw error;
    return { status: 'fail', title: 'LLM', detail: summary(ai, env), fix: error.message };
  }
  const cache = `plan cache ${settings.cache}${cacheSource(ai, env)}`;
  const { llm } = settings;
  if (llm.provider === 'offline') {
    const chosen = Boolean(value(env, 'MOBILETEST_LLM_PROVIDER') ?? ai?.provider);
    return chosen
      ? { status: 'ok', title: 'LLM', detail: `${OFFLINE}; ${cache}` }
      : { status: 'info', title: 'LLM', detail: `not set, so ${OFFLINE}; ${cache}`, fix: SET_UP };
  }
  const roles = Object.entries(settings.roles)
    .filter(([, role]) => role.model)
    .map(([name, role]) => `${name} ${role.model}`);
  const profile = profileOf(llm);
  const sends = `profile ${profile.id}: ${profile.output}, ${profile.tokenCap}${profile.temperature ? '' : ', no temperature'}`;
  return { status: 'ok', title: 'LLM', detail: `${summary(ai, env, llm.baseUrl)}${roles.length ? ` (${roles.join(', ')})` : ''}; ${sends}; ${cache}` };
}

/** `openai, model gpt-4o-mini, at URL, API key set`, from what is set even when it is incomplete. */
function summary(ai: AiOptions | undefined, env: NodeJS.ProcessEnv, resolvedUrl?: string): string {
  const provider = value(env, 'MOBILETEST_LLM_PROVIDER') ?? ai?.provider ?? 'offline';
  if (provider === 'offline') return 'offline';
  const model = value(env, 'MOBILETEST_LLM_MODEL') ?? ai?.model;
  // A local server by name and Gemini have a default address: the one resolved is shown.
  const baseUrl = value(env, 'MOBILETEST_LLM_BASE_URL') ?? ai?.baseUrl ?? resolvedUrl;
  const usual = apiKeyVariable(provider);
  const key = value(env, 'MOBILETEST_LLM_API_KEY') ?? (usual ? value(env, usual) : undefined);
  // Only a local server has no usual key variable.
  const local = usual === undefined;
  const keyText = key ? 'API key set' : (provider === 'openai' && baseUrl) || local ? 'no API key (a local server takes none)' : 'API key not set';
  return `${provider}, ${model ? `model ${model}` : 'no model'}${baseUrl ? `, at ${baseUrl}` : ''}, ${keyText}`;
}

function cacheSource(ai: AiOptions | undefined, env: NodeJS.ProcessEnv): string {
  if (value(env, 'MOBILETEST_CACHE')) return ' (MOBILETEST_CACHE)';
  if (ai?.cache) return ' (config)';
  return onCi(env) ? ' (CI)' : '';
}

function value(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw ? raw : undefined;
}
