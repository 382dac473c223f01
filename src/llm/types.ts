import type { ChatImage } from './images.js';
import type { ProviderProfile } from './profiles.js';

/**
 * The model roles of an agent step; each has its settings and is accounted separately. Spelled here
 * because src/llm imports nothing of the rest; the agent uses src/events' ModelRole (the roles its
 * llm_call events record), assigning this type to it, and a test in src/agent keeps the two lists equal.
 */
export const MODEL_ROLES = ['planner', 'locator', 'validator', 'debugger'] as const;
export type ModelRole = (typeof MODEL_ROLES)[number];

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
  /** Pictures sent with a user message, after its text: the annotated screenshot of a screen with too little text. */
  images?: ChatImage[];
}

export interface ModelRequest {
  role: ModelRole;
  messages: ChatMessage[];
  /** JSON Schema the answer must follow; the provider asks for structured output and parses it. */
  schema?: Record<string, unknown>;
  /** Name given to the schema on the wire (response format or tool name). */
  schemaName?: string;
  maxTokens?: number;
  /** `null` sends none (models that refuse one); a profile whose model takes none never sends it. */
  temperature?: number | null;
  /** Model to call instead of the provider's default (a per-role model). */
  model?: string;
  /** For reasoning models (OpenAI o-series, gpt-5): how hard it thinks; sent only to models that take it. */
  reasoningEffort?: ReasoningEffort;
}

export const REASONING_EFFORTS = ['minimal', 'low', 'medium', 'high'] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface ModelAnswer {
  text: string;
  /** The parsed structured answer, present when the request had a schema. */
  json?: unknown;
  /** Other JSON values the text held (prose with several), for a caller whose check the first fails. */
  alternatives?: unknown[];
  /** What a leading <think> block said, kept for the trace. */
  thinking?: string;
  /** Billed tokens: the provider's reported usage, or mobiletest's own count when it reported none. */
  usage: TokenUsage;
  usageSource: 'provider' | 'counted';
  /** o200k tokens of the whole request body as sent: messages, schema or tools. */
  requestTokens: number;
  /** The provider's finish or stop reason, as it gave it. */
  finish?: string;
  /** The provider profile that shaped the request. */
  profile: string;
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
  /** The model asked when a request names none. */
  readonly model?: string;
  /** What the provider accepts (shapes requests; tells callers whether the model reasons within its cap). */
  readonly profile?: ProviderProfile;
  complete(request: ModelRequest, options?: CallOptions): Promise<ModelAnswer>;
}

/** How one provider call is retried and bounded. */
export interface RetryPolicy {
  /** Attempts in all, first one included, for a call with no deadline. */
  maxAttempts: number;
  /** Attempts in all for a call with a deadline: it backs off through a 429/5xx storm while time is left. */
  stormAttempts: number;
  /** Timeout of each attempt. */
  timeoutMs: number;
  /** First backoff; doubles per attempt unless the server sent retry-after. */
  baseDelayMs: number;
  /** Upper bound of any wait, retry-after included. */
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 3, stormAttempts: 8, timeoutMs: 60_000, baseDelayMs: 500, maxDelayMs: 20_000 };
