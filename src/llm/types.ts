/** The model roles of an agent step; each is accounted separately. */
export type ModelRole = 'planner' | 'locator' | 'validator' | 'debugger';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ModelRequest {
  role: ModelRole;
  messages: ChatMessage[];
  /** JSON Schema the answer must follow; the provider asks for structured output and parses it. */
  schema?: Record<string, unknown>;
  /** Name given to the schema on the wire (response format or tool name). */
  schemaName?: string;
  maxTokens?: number;
  temperature?: number;
  /** Model to call instead of the provider's default (a per-role model). */
  model?: string;
  /**
   * OpenAI strict structured output. Off by default: strict mode rejects schemas with oneOf and
   * optional fields (the action schema has both), and every answer is validated with ajv anyway.
   */
  strict?: boolean;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ModelAnswer {
  text: string;
  /** The parsed structured answer, present when the request had a schema. */
  json?: unknown;
  usage: TokenUsage;
  model: string;
  durationMs: number;
  /** What the call cost in USD, when the provider is accounted with prices. */
  costUsd?: number;
}

export interface CallOptions {
  signal?: AbortSignal;
}

export interface Provider {
  readonly name: string;
  complete(request: ModelRequest, options?: CallOptions): Promise<ModelAnswer>;
}

/** How one provider call is retried and bounded. */
export interface RetryPolicy {
  /** Attempts in all, first one included. */
  maxAttempts: number;
  /** Timeout of each attempt. */
  timeoutMs: number;
  /** First backoff; doubles per attempt unless the server sent retry-after. */
  baseDelayMs: number;
  /** Upper bound of any wait, retry-after included. */
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 3, timeoutMs: 60_000, baseDelayMs: 500, maxDelayMs: 20_000 };
