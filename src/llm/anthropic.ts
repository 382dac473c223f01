import Anthropic from '@anthropic-ai/sdk';
import { finishAnswer, requestImageTokens, requestTokens } from './answer.js';
import { toDialect } from './dialects.js';
import { LlmCallFailed } from './errors.js';
import { profileFor, profileForModel, type ProviderProfile } from './profiles.js';
import { clientPolicy, withRetries } from './retry.js';
import { type CallOptions, type ModelAnswer, type ModelRequest, type Provider, type RetryPolicy, type ChatMessage } from './types.js';

export interface AnthropicProviderOptions {
  model: string;
  apiKey: string;
  baseUrl?: string;
  retry?: Partial<RetryPolicy>;
  /** What the model accepts; by default worked out from its name. */
  profile?: ProviderProfile;
}

/** The Messages API wants a max_tokens; this is used when the request has none. */
const defaultMaxTokens = 1024;

/** The SDK's params, plus `temperature`: the SDK's types dropped it, while the models before Opus 4.7 still take it. */
type Body = Anthropic.MessageCreateParamsNonStreaming & { temperature?: number };

/** A message on the wire; a user message with pictures is a list of blocks, each picture as base64, then its text. */
function anthropicMessage(message: ChatMessage): Anthropic.MessageParam {
  if (message.role === 'assistant') return { role: 'assistant', content: message.content };
  if (!message.images?.length) return { role: 'user', content: message.content };
  return {
    role: 'user',
    content: [
      // Pictures before the text that refers to them, as Anthropic advises.
      ...message.images.map((image) => ({ type: 'image' as const, source: { type: 'base64' as const, media_type: image.mediaType, data: image.data } })),
      { type: 'text' as const, text: message.content },
    ],
  };
}

/** The request body for a request: the schema as one forced tool (or none, prompt only); temperature only where the model takes it. */
export function anthropicBody(profile: ProviderProfile, request: ModelRequest, defaultModel: string): Body {
  const system = request.messages
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n\n');
  const body: Body = {
    model: request.model ?? defaultModel,
    max_tokens: request.maxTokens ?? defaultMaxTokens,
    messages: request.messages.filter((message) => message.role !== 'system').map(anthropicMessage),
  };
  if (system) body.system = system;
  if (profile.temperature && request.temperature !== undefined && request.temperature !== null) body.temperature = request.temperature;
  if (request.schema !== undefined && profile.output === 'tool') {
    const name = request.schemaName ?? 'answer';
    body.tools = [{ name, description: 'Give the answer.', input_schema: { type: 'object' as const, ...toDialect(request.schema, profile.dialect) } }];
    body.tool_choice = { type: 'tool' as const, name };
  }
  return body;
}

/** A provider for Anthropic's Messages API; structured output goes through one forced tool. */
export class AnthropicProvider implements Provider {
  readonly name = 'anthropic';
  readonly model: string;
  readonly profile: ProviderProfile;
  private readonly client: Anthropic;
  private readonly policy: RetryPolicy;
  private readonly sdkTimeoutMs: number;

  constructor(private readonly options: AnthropicProviderOptions) {
    this.model = options.model;
    this.profile = options.profile ?? profileFor({ provider: 'anthropic', model: options.model });
    ({ policy: this.policy, sdkTimeoutMs: this.sdkTimeoutMs } = clientPolicy(options.retry));
    this.client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 0, timeout: this.sdkTimeoutMs });
  }

  async complete(request: ModelRequest, options: CallOptions = {}): Promise<ModelAnswer> {
    const started = performance.now();
    // A per-role model may take other parameters than the provider's default one (a reasoning model, Opus 4.7).
    const profile = request.model === undefined ? this.profile : profileForModel(this.profile, request.model);
    const body = anthropicBody(profile, request, this.options.model);
    const context = {
      provider: this.name,
      policy: this.policy,
      secret: this.options.apiKey,
      signal: options.signal,
      about: { role: request.role, model: body.model, profile },
    };
    const message = await withRetries(context, (signal) => this.client.messages.create(body, { signal, maxRetries: 0, timeout: this.sdkTimeoutMs }));
    const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
    const toolName = body.tool_choice?.type === 'tool' ? body.tool_choice.name : undefined;
    const call = message.content.find((block) => block.type === 'tool_use' && block.name === toolName);
    const stop = message.stop_reason as string | null;
    // A refusal's words come in stop_details.explanation; its content is often empty.
    const explanation = message.stop_details?.explanation;
    const raw = {
      text: call?.type === 'tool_use' && !text ? JSON.stringify(call.input) : text,
      usage: { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens },
      model: message.model || body.model,
      finish: stop ?? undefined,
      ...(stop === 'refusal' ? { refusal: text || explanation || '(the model stopped with stop_reason "refusal" and gave no words)' } : {}),
      truncated: stop === 'max_tokens',
      ...(call?.type === 'tool_use' ? { structured: call.input } : {}),
    };
    const size = await requestTokens(body, requestImageTokens(request, profile, body.model));
    if (toolName && !call && stop !== 'refusal' && stop !== 'max_tokens') {
      const answer = await finishAnswer(
        { ...raw, truncated: false },
        { provider: this.name, profile, request: { ...request, schema: undefined }, requestTokens: size, started },
      );
      const reason = `the model did not call the ${toolName} tool${text ? `; it wrote: ${JSON.stringify(text.slice(0, 80))}` : ''}`;
      throw new LlmCallFailed({ provider: this.name, kind: 'bad-answer', attempts: 1, reason, answer });
    }
    return finishAnswer(raw, { provider: this.name, profile, request, requestTokens: size, started });
  }
}
