// For tests: one of mobiletest's own providers, set up as for a named model, talking to a local server that answers
// and refuses as that provider's API does, with the providers' real schema rules plugged in.
import { isDeepStrictEqual } from 'node:util';
import { AnthropicProvider } from '../anthropic.js';
import { toDialect } from '../dialects.js';
import { OpenAiProvider } from '../openai.js';
import { profileFor, type OutputMode, type ProviderProfile } from '../profiles.js';
import type { Provider, RetryPolicy } from '../types.js';
import { anthropicToolProblems, llamaCppGrammar, openAiStrictProblems, type JsonSchema } from './conformance/index.js';
import {
  startAnthropicServer,
  startOpenAiServer,
  type AnthropicAnswer,
  type LocalSchemaCompiler,
  type OpenAiAnswer,
  type ProviderServer,
  type RecordedRequest,
} from './providers/index.js';

/** The models the answer tests run against: each picks a provider profile by its name, as a user's config would. */
export const SERVED_MODELS = {
  /** OpenAI's strict structured output. */
  openai: { provider: 'openai', model: 'gpt-4o' },
  /** A reasoning model: max_completion_tokens, no temperature. */
  'openai-reasoning': { provider: 'openai', model: 'gpt-5-mini' },
  /** A local OpenAI-compatible server (Ollama, llama-server): a schema, not strict. */
  local: { provider: 'local', model: 'qwen2.5:7b' },
  'claude-sonnet-4-5': { provider: 'anthropic', model: 'claude-sonnet-4-5' },
  /** Refuses temperature. */
  'claude-opus-4-7': { provider: 'anthropic', model: 'claude-opus-4-7' },
} as const;

export type ServedModelName = keyof typeof SERVED_MODELS;
export const SERVED_MODEL_NAMES = Object.keys(SERVED_MODELS) as ServedModelName[];

export const SERVED_API_KEY = 'sk-served-KEY-0123456789';

export interface ServedModelOptions {
  /** The model's answers. A `truncated` text is, on Anthropic's wire, the forced tool's call cut short (input {}). */
  decide?: (request: RecordedRequest, n: number) => OpenAiAnswer;
  /** How the answer's shape is asked for, instead of the profile's own. */
  output?: OutputMode;
  /** Another model name under the same provider (one the name rules miss, say). */
  model?: string;
  /** Be a local server: only its schema compiler refuses (see startOpenAiServer). */
  rejectSchema?: LocalSchemaCompiler;
  retry?: Partial<RetryPolicy>;
}

export interface ServedModel {
  provider: Provider;
  profile: ProviderProfile;
  server: ProviderServer;
  /** The bodies the server received, in order (refused ones included). */
  bodies(): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

function onAnthropic(answer: OpenAiAnswer): AnthropicAnswer {
  return 'truncated' in answer ? { truncated: {} } : answer;
}

/** Starts the server for `name` and the provider pointed at it. Close it after the test. */
export async function servedModel(name: ServedModelName, options: ServedModelOptions = {}): Promise<ServedModel> {
  const setup = SERVED_MODELS[name];
  const model = options.model ?? setup.model;
  const decide = options.decide ?? ((): OpenAiAnswer => ({ json: { ok: true } }));
  const retry = { baseDelayMs: 1, ...options.retry };
  // Passed explicitly: a local base URL would otherwise make every OpenAI setup the openai-compatible profile.
  const profile = profileFor({ provider: setup.provider, model, output: options.output });
  let server: ProviderServer;
  let provider: Provider;
  if (setup.provider === 'anthropic') {
    server = await startAnthropicServer({
      decide: (request, n) => onAnthropic(decide(request, n)),
      checkTool: (tool) => anthropicToolProblems(tool as Parameters<typeof anthropicToolProblems>[0]),
    });
    provider = new AnthropicProvider({ model, apiKey: SERVED_API_KEY, baseUrl: server.url, retry, profile });
  } else {
    const rules = options.rejectSchema
      ? { rejectSchema: options.rejectSchema }
      : { checkStrictSchema: (schema: unknown) => openAiStrictProblems(schema as Parameters<typeof openAiStrictProblems>[0]) };
    server = await startOpenAiServer({ decide, ...rules });
    provider = new OpenAiProvider({ model, apiKey: SERVED_API_KEY, baseUrl: server.baseURL, retry, profile, name: setup.provider });
  }
  return { provider, profile, server, bodies: () => server.requests.map((request) => request.body), close: () => server.close() };
}

/** Each answer in turn to each request; the last one again once they run out. */
export function inTurn(...answers: OpenAiAnswer[]): (request: RecordedRequest, n: number) => OpenAiAnswer {
  return (_request, n) => answers[Math.min(n, answers.length - 1)];
}

/** The answer-length cap a request was sent with, whichever parameter carries it. */
export function capOf(body: Record<string, unknown>): number | undefined {
  const cap = body.max_completion_tokens ?? body.max_tokens;
  return typeof cap === 'number' ? cap : undefined;
}

/**
 * Ollama, compiling `schema` as the local profile writes it with llama.cpp's own converter and grammar parser. The
 * compiler runs ahead (it is async, the server's check is not): a request must carry that very schema, and llama.cpp
 * must take it, or the server answers Ollama's 500.
 */
export async function ollamaCompiling(schema: JsonSchema): Promise<LocalSchemaCompiler> {
  const sent = toDialect(schema, profileFor({ provider: 'local', model: SERVED_MODELS.local.model }).dialect);
  const compiled = await llamaCppGrammar(sent);
  return {
    server: 'ollama',
    problem: (schemaOnWire) =>
      !isDeepStrictEqual(schemaOnWire, sent) ? 'not the schema the local profile writes' : compiled.ok ? undefined : `${compiled.stage}: ${compiled.error}`,
  };
}
