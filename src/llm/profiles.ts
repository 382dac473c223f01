// What each provider accepts: how the answer's shape is asked for, how the schema is written, which
// parameters the model takes. Chosen from the provider setting and the model name; MOBILETEST_LLM_OUTPUT
// (or the config's `ai.output`) overrides how the shape is asked for.
import type { SchemaDialect } from './dialects.js';

/**
 * How the answer's shape is asked for:
 * - `strict-schema`: OpenAI structured output with `strict: true` (the server enforces the schema);
 * - `schema`: a JSON Schema the server may enforce (`strict: false`; local servers compile it to a grammar);
 * - `tool`: Anthropic's forced tool, the schema as its `input_schema`;
 * - `json-object`: `response_format: {type: 'json_object'}`, any JSON object, the shape from the prompt;
 * - `prompt`: nothing but the prompt (servers with no structured output at all).
 */
export type OutputMode = 'strict-schema' | 'schema' | 'tool' | 'json-object' | 'prompt';
export const OUTPUT_MODES: readonly OutputMode[] = ['strict-schema', 'schema', 'tool', 'json-object', 'prompt'];

export type ProfileId = 'openai' | 'openai-reasoning' | 'openai-compatible' | 'anthropic' | 'gemini' | 'local';

export interface ProviderProfile {
  id: ProfileId;
  /** The API the request is written in. */
  wire: 'openai' | 'anthropic';
  output: OutputMode;
  /** How schemas are written for this provider (see dialects.ts). */
  dialect: SchemaDialect;
  /** The name of the answer-length cap on the wire. */
  tokenCap: 'max_tokens' | 'max_completion_tokens';
  /** Whether the model takes a temperature; when not, none is sent whatever the settings say. */
  temperature: boolean;
  /** A reasoning model: takes `reasoning_effort`, and its reasoning counts against the answer cap. */
  reasoning: boolean;
}

/** OpenAI's reasoning models (o1, o3, o4-mini, gpt-5, ...) take max_completion_tokens and only the default temperature. */
export function isOpenAiReasoningModel(model: string): boolean {
  return /^(?:[\w.-]+\/)?(?:o\d|gpt-5)/i.test(model);
}

/** Claude Opus 4.7 and every later model refuse `temperature`; earlier ones take 0 to 1. */
export function anthropicTakesTemperature(model: string): boolean {
  const m = /claude-(?:(opus|sonnet|haiku)-)?(\d+)(?:[-.](\d+))?(?:-(opus|sonnet|haiku))?/i.exec(model);
  if (!m) return true;
  const family = (m[1] ?? m[4] ?? '').toLowerCase();
  const major = Number(m[2]);
  // A date suffix (claude-opus-4-20250514) is not a minor version.
  const minor = m[3] !== undefined && m[3].length <= 2 ? Number(m[3]) : 0;
  if (major >= 5) return false;
  return !(family === 'opus' && major === 4 && minor >= 7);
}

/** The default output mode of each profile: the strictest shape the provider enforces. */
const outputs: Record<ProfileId, OutputMode> = {
  openai: 'strict-schema',
  'openai-reasoning': 'strict-schema',
  'openai-compatible': 'schema',
  anthropic: 'tool',
  gemini: 'schema',
  local: 'schema',
};

/** The dialect a schema is written in, by profile and output mode. */
function dialectOf(id: ProfileId, output: OutputMode): SchemaDialect {
  if (output === 'strict-schema') return 'openai-strict';
  if (id === 'gemini') return 'gemini';
  if (id === 'local' || id === 'openai-compatible') return 'grammar';
  return 'json-schema';
}

export interface ProfileChoice {
  provider: 'openai' | 'anthropic' | 'gemini' | 'local';
  model: string;
  baseUrl?: string;
  output?: OutputMode;
}

/** Is this base URL OpenAI's own API (or none, which means it)? */
function isOpenAiHost(baseUrl: string | undefined): boolean {
  if (baseUrl === undefined) return true;
  try {
    return new URL(baseUrl).hostname === 'api.openai.com';
  } catch {
    return false;
  }
}

/** The profile for a provider, model and (optional) output mode. */
export function profileFor(choice: ProfileChoice): ProviderProfile {
  const id: ProfileId =
    choice.provider === 'anthropic'
      ? 'anthropic'
      : choice.provider === 'gemini'
        ? 'gemini'
        : choice.provider === 'local'
          ? 'local'
          : !isOpenAiHost(choice.baseUrl)
            ? 'openai-compatible'
            : isOpenAiReasoningModel(choice.model)
              ? 'openai-reasoning'
              : 'openai';
  const reasoning = id === 'openai-reasoning';
  const output = choice.output ?? outputs[id];
  return {
    id,
    wire: id === 'anthropic' ? 'anthropic' : 'openai',
    output,
    dialect: dialectOf(id, output),
    tokenCap: id === 'openai' || reasoning ? 'max_completion_tokens' : 'max_tokens',
    temperature: id === 'anthropic' ? anthropicTakesTemperature(choice.model) : !reasoning,
    reasoning,
  };
}

/** The profile for another model of the same provider (a per-role model): what the model's name decides follows it. */
export function profileForModel(profile: ProviderProfile, model: string): ProviderProfile {
  // Only OpenAI's own API and Anthropic decide by model name; other servers' profiles do not change.
  if (profile.id === 'anthropic') return profileFor({ provider: 'anthropic', model, output: profile.output });
  if (profile.id === 'openai' || profile.id === 'openai-reasoning') return profileFor({ provider: 'openai', model, output: profile.output });
  return profile;
}

/** The output modes a wire can send; `tool` is Anthropic's, the response formats are OpenAI's. */
export function outputProblem(wire: ProviderProfile['wire'], output: OutputMode): string | undefined {
  if (wire === 'anthropic' && (output === 'strict-schema' || output === 'schema' || output === 'json-object')) {
    return `${output} is an OpenAI response format; Anthropic takes tool or prompt`;
  }
  if (wire === 'openai' && output === 'tool')
    return 'tool is how Anthropic is asked; OpenAI-compatible servers take strict-schema, schema, json-object or prompt';
  return undefined;
}
