import Anthropic from '@anthropic-ai/sdk';
import { LlmCallFailed } from './errors.js';
import { clientPolicy, withRetries } from './retry.js';
import { type CallOptions, type ModelAnswer, type ModelRequest, type Provider, type RetryPolicy } from './types.js';

export interface AnthropicProviderOptions {
  model: string;
  apiKey: string;
  baseUrl?: string;
  retry?: Partial<RetryPolicy>;
}

/** The Messages API wants a max_tokens; this is used when the request has none. */
const defaultMaxTokens = 1024;

/** A provider for Anthropic's Messages API; structured output goes through one forced tool. */
export class AnthropicProvider implements Provider {
  readonly name = 'anthropic';
  private readonly client: Anthropic;
  private readonly policy: RetryPolicy;
  private readonly sdkTimeoutMs: number;

  constructor(private readonly options: AnthropicProviderOptions) {
    ({ policy: this.policy, sdkTimeoutMs: this.sdkTimeoutMs } = clientPolicy(options.retry));
    this.client = new Anthropic({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 0, timeout: this.sdkTimeoutMs });
  }

  async complete(request: ModelRequest, options: CallOptions = {}): Promise<ModelAnswer> {
    const started = performance.now();
    const system = request.messages.filter((message) => message.role === 'system').map((message) => message.content).join('\n\n');
    const toolName = request.schemaName ?? 'answer';
    const body: Anthropic.MessageCreateParamsNonStreaming = {
      model: request.model ?? this.options.model,
      max_tokens: request.maxTokens ?? defaultMaxTokens,
      messages: request.messages
        .filter((message) => message.role !== 'system')
        .map((message) => ({ role: message.role === 'assistant' ? 'assistant' as const : 'user' as const, content: message.content })),
      ...(system ? { system } : {}),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.schema === undefined ? {} : {
        tools: [{ name: toolName, description: 'Give the answer.', input_schema: { type: 'object' as const, ...request.schema } }],
        tool_choice: { type: 'tool' as const, name: toolName },
      }),
    };
    const context = { provider: this.name, policy: this.policy, secret: this.options.apiKey, signal: options.signal };
    const message = await withRetries(context, (signal) =>
      this.client.messages.create(body, { signal, maxRetries: 0, timeout: this.sdkTimeoutMs }));
    const text = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
    const answer: ModelAnswer = {
      text,
      usage: { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens },
      model: message.model || request.model || this.options.model,
      durationMs: 0,
    };
    if (request.schema !== undefined) {
      const call = message.content.find((block) => block.type === 'tool_use' && block.name === toolName);
      if (!call || call.type !== 'tool_use') {
        answer.durationMs = performance.now() - started;
        const reason = `the model did not call the ${toolName} tool${text ? `; it wrote: ${JSON.stringify(text.slice(0, 80))}` : ''}`;
        throw new LlmCallFailed({ provider: this.name, kind: 'bad-answer', attempts: 1, reason, answer });
      }
      answer.json = call.input;
      if (!answer.text) answer.text = JSON.stringify(call.input);
    }
    answer.durationMs = performance.now() - started;
    return answer;
  }
}
