import type { LlmCallEvent } from './schema.js';
import type { UsageSource } from './vocabulary.js';

/** What one model call was billed, the same for logs written before request_tokens and usage_source existed. */
export interface LlmUsage {
  tokens_in: number;
  tokens_out: number;
  /** The whole request as sent; tokens_in when the log did not record it. */
  request_tokens: number;
  usage_source: UsageSource;
  /** False for a log written before the request was counted: request_tokens is then tokens_in. */
  request_recorded: boolean;
}

export function llmUsage(event: LlmCallEvent): LlmUsage {
  return {
    tokens_in: event.tokens_in,
    tokens_out: event.tokens_out,
    request_tokens: event.request_tokens ?? event.tokens_in,
    usage_source: event.usage_source ?? 'provider',
    request_recorded: event.request_tokens !== undefined,
  };
}
