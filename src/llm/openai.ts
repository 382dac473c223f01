import OpenAI from 'openai';
import { finishAnswer, requestImageTokens, requestTokens } from './answer.js';
import { toDialect } from './dialects.js';
import { profileFor, profileForModel, type ProviderProfile } from './profiles.js';
import { clientPolicy, withRetries } from './retry.js';
import { type CallOptions, type ModelAnswer, type ModelRequest, type Provider, type RetryPolicy, type ChatMessage } from './types.js';

export interface OpenAiProviderOptions {
  model: string;
  apiKey: string;
  /** Any OpenAI-compatible endpoint (Ollama, vLLM, LM Studio, OpenRouter, ...); the SDK default otherwise. */
  baseUrl?: string;
  retry?: Partial<RetryPolicy>;
  /** What the server accepts; by default worked out from the base URL and the model name. */
  profile?: ProviderProfile;
  /** The name this provider goes by in messages and events (`openai`, `gemini`, `local`). */
  name?: string;
}

type Body = OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming;

/** A message on the wire; a user message with pictures is a list of parts, its text first, each picture as a data URL. */
function openAiMessage(message: ChatMessage): OpenAI.Chat.Completions.ChatCompletionMessageParam {
  if (message.role !== 'user' || !message.images?.length) return { role: message.role, content: message.content };
  return {
    role: 'user',
    content: [
      { type: 'text', text: message.content },
      // detail high: the picture is read at its size (low would shrink it to 512 px and lose the ref tags).
      ...message.images.map((image) => ({
        type: 'image_url' as const,
        image_url: { url: `data:${image.mediaType};base64,${image.data}`, detail: 'high' as const },
      })),
    ],
  };
}

/** The request body a profile sends for a request: only what that provider and model take. */
export function openAiBody(profile: ProviderProfile, request: ModelRequest, defaultModel: string): Body {
  const model = request.model ?? defaultModel;
  const body: Body = { model, messages: request.messages.map(openAiMessage) };
  if (request.maxTokens !== undefined) body[profile.tokenCap] = request.maxTokens;
  if (profile.temperature && request.temperature !== undefined && request.temperature !== null) body.temperature = request.temperature;
  if (profile.reasoning && request.reasoningEffort !== undefined) body.reasoning_effort = request.reasoningEffort;
  if (request.schema !== undefined) {
    const name = request.schemaName ?? 'answer';
    if (profile.output === 'strict-schema' || profile.output === 'schema') {
      const strict = profile.output === 'strict-schema';
      body.response_format = { type: 'json_schema', json_schema: { name, schema: toDialect(request.schema, profile.dialect), strict } };
    } else if (profile.output === 'json-object') {
      body.response_format = { type: 'json_object' };
    }
  }
  return body;
}

/** A provider for the OpenAI chat completions API and the servers that speak it. */
export class OpenAiProvider implements Provider {
  readonly name: string;
  readonly model: string;
  readonly profile: ProviderProfile;
  private readonly client: OpenAI;
  private readonly policy: RetryPolicy;
  private readonly sdkTimeoutMs: number;

  constructor(private readonly options: OpenAiProviderOptions) {
    this.name = options.name ?? 'openai';
    this.model = options.model;
    this.profile = options.profile ?? profileFor({ provider: 'openai', model: options.model, baseUrl: options.baseUrl });
    ({ policy: this.policy, sdkTimeoutMs: this.sdkTimeoutMs } = clientPolicy(options.retry));
    this.client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 0, timeout: this.sdkTimeoutMs });
  }

  async complete(request: ModelRequest, options: CallOptions = {}): Promise<ModelAnswer> {
    const started = performance.now();
    // A per-role model may take other parameters than the provider's default one (a reasoning model, Opus 4.7).
    const profile = request.model === undefined ? this.profile : profileForModel(this.profile, request.model);
    const body = openAiBody(profile, request, this.options.model);
    const context = {
      provider: this.name,
      policy: this.policy,
      secret: this.options.apiKey,
      signal: options.signal,
      about: { role: request.role, model: body.model, profile },
    };
    const completion = await withRetries(context, (signal) => this.client.chat.completions.create(body, { signal, maxRetries: 0, timeout: this.sdkTimeoutMs }));
    const choice = completion.choices[0];
    const message = choice?.message;
    const refusal = typeof message?.refusal === 'string' && message.refusal ? message.refusal : undefined;
    const usage = completion.usage ? { inputTokens: completion.usage.prompt_tokens, outputTokens: completion.usage.completion_tokens } : undefined;
    return finishAnswer(
      {
        text: message?.content ?? '',
        usage,
        model: completion.model || body.model,
        finish: choice?.finish_reason ?? undefined,
        ...(refusal ? { refusal } : {}),
        truncated: choice?.finish_reason === 'length',
      },
      { provider: this.name, profile, request, requestTokens: await requestTokens(body, requestImageTokens(request, profile, body.model)), started },
    );
  }
}
