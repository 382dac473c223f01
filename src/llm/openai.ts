import OpenAI from 'openai';
import { LlmCallFailed } from './errors.js';
import { clientPolicy, withRetries } from './retry.js';
import { type CallOptions, type ModelAnswer, type ModelRequest, type Provider, type RetryPolicy } from './types.js';

export interface OpenAiProviderOptions {
  model: string;
  apiKey: string;
  /** Any OpenAI-compatible endpoint (Ollama, vLLM, LM Studio, OpenRouter, ...); the SDK default otherwise. */
  baseUrl?: string;
  retry?: Partial<RetryPolicy>;
}

/** A provider for the OpenAI chat completions API and the servers that speak it. */
export class OpenAiProvider implements Provider {
  readonly name = 'openai';
  private readonly client: OpenAI;
  private readonly policy: RetryPolicy;
  private readonly sdkTimeoutMs: number;

  constructor(private readonly options: OpenAiProviderOptions) {
    ({ policy: this.policy, sdkTimeoutMs: this.sdkTimeoutMs } = clientPolicy(options.retry));
    this.client = new OpenAI({ apiKey: options.apiKey, baseURL: options.baseUrl, maxRetries: 0, timeout: this.sdkTimeoutMs });
  }

  async complete(request: ModelRequest, options: CallOptions = {}): Promise<ModelAnswer> {
    const started = performance.now();
    const body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
      model: request.model ?? this.options.model,
      messages: request.messages.map((message) => ({ role: message.role, content: message.content })),
      ...(request.maxTokens === undefined ? {} : { max_tokens: request.maxTokens }),
      ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
      ...(request.schema === undefined ? {} : {
        response_format: {
          type: 'json_schema',
          json_schema: { name: request.schemaName ?? 'answer', schema: request.schema, strict: request.strict ?? false },
        },
      }),
    };
    const context = { provider: this.name, policy: this.policy, secret: this.options.apiKey, signal: options.signal };
    const completion = await withRetries(context, (signal) =>
      this.client.chat.completions.create(body, { signal, maxRetries: 0, timeout: this.sdkTimeoutMs }));
    const text = completion.choices[0]?.message?.content ?? '';
    const answer: ModelAnswer = {
      text,
      usage: { inputTokens: completion.usage?.prompt_tokens ?? 0, outputTokens: completion.usage?.completion_tokens ?? 0 },
      model: completion.model || request.model || this.options.model,
      durationMs: performance.now() - started,
    };
    if (request.schema !== undefined) answer.json = parseJson(this.name, answer);
    return answer;
  }
}

/** The answer's text as JSON; a failure carries the answer, whose tokens were spent all the same. */
export function parseJson(provider: string, answer: ModelAnswer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    const start = answer.text.slice(0, 80);
    throw new LlmCallFailed({ provider, kind: 'bad-answer', attempts: 1, reason: `the model's answer is not JSON: ${JSON.stringify(start)}`, answer });
  }
}
