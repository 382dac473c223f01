import { setTimeout as sleep } from 'node:timers/promises';
import { deadlineOf } from './deadline.js';
import { LlmCallFailed } from './errors.js';
import { rejectionHint, type RejectionContext } from './rejection.js';
import { defaultRetryPolicy, type RetryPolicy } from './types.js';

/** What the retry loop needs to know about a failed attempt, read off the SDK's error. */
interface HttpFailure {
  status?: number;
  retryAfterMs?: number;
  message: string;
}

export interface RetryContext {
  provider: string;
  policy: RetryPolicy;
  /** Removed from every message, so a server echoing the key cannot leak it. */
  secret?: string;
  signal?: AbortSignal;
  /** The role, model and profile of the request: a refusal of it (a 4xx) names them and the setting to change. */
  about?: RejectionContext;
}

/**
 * Runs `attempt` with a timeout each, retrying 429, 5xx, timeouts and dropped connections with backoff.
 * A call whose signal carries a deadline (an agent step's timeout) keeps backing off through a storm of
 * 429s and 5xx while the wait still ends before the deadline, up to `stormAttempts`; one without a
 * deadline stops after `maxAttempts`.
 */
export async function withRetries<T>(context: RetryContext, attempt: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const { policy, provider } = context;
  const clean = (text: string): string => redact(text, context.secret);
  for (let n = 1; ; n++) {
    if (context.signal?.aborted) throw new LlmCallFailed({ provider, kind: 'cancelled', attempts: n - 1, reason: 'the call was cancelled' });
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, policy.timeoutMs);
    const onAbort = (): void => controller.abort();
    context.signal?.addEventListener('abort', onAbort, { once: true });
    let failure: HttpFailure;
    let kind: 'http' | 'timeout' | 'connection';
    try {
      return await attempt(controller.signal);
    } catch (error) {
      if (context.signal?.aborted) throw new LlmCallFailed({ provider, kind: 'cancelled', attempts: n, reason: 'the call was cancelled' });
      failure = readFailure(error);
      kind = timedOut ? 'timeout' : failure.status === undefined ? 'connection' : 'http';
      if (timedOut) failure = { message: `no answer within ${policy.timeoutMs} ms` };
    } finally {
      clearTimeout(timer);
      context.signal?.removeEventListener('abort', onAbort);
    }
    // Ollama answers a schema it cannot compile with a 500: asking again gets the same answer.
    const schemaFault = kind === 'http' && SCHEMA_FAULT.test(failure.message);
    const retryable = !schemaFault && (kind !== 'http' || failure.status === 429 || (failure.status ?? 0) >= 500);
    const deadline = deadlineOf(context.signal);
    const fail = (reason: string): LlmCallFailed => {
      const hint = kind === 'http' && context.about ? rejectionHint(failure.status, failure.message, context.about) : undefined;
      return new LlmCallFailed({ provider, kind, status: failure.status, attempts: n, reason: clean(reason), ...(hint ? { hint: clean(hint) } : {}) });
    };
    if (!retryable || n >= (deadline === undefined ? policy.maxAttempts : policy.stormAttempts)) throw fail(failure.message);
    const backoff = Math.min(failure.retryAfterMs ?? policy.baseDelayMs * 2 ** (n - 1), policy.maxDelayMs);
    if (deadline !== undefined && Date.now() + backoff >= deadline) {
      throw fail(
        `${failure.message}; the next try would wait ${Math.round(backoff)} ms, past the step's deadline (${Math.max(0, deadline - Date.now())} ms left)`,
      );
    }
    await sleep(backoff, undefined, { signal: context.signal }).catch(() => undefined);
  }
}

const SCHEMA_FAULT = /invalid json schema|json schema conversion|failed to parse grammar/i;

function readFailure(error: unknown): HttpFailure {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields = error as Error & { status?: unknown; headers?: unknown };
  const status = typeof fields.status === 'number' ? fields.status : undefined;
  return { status, retryAfterMs: retryAfter(fields.headers), message: error.message };
}

function retryAfter(headers: unknown): number | undefined {
  let value: string | null | undefined;
  if (headers instanceof Headers) value = headers.get('retry-after');
  else if (headers && typeof headers === 'object') value = (headers as Record<string, string | undefined>)['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

export function redact(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 4) return text;
  return text.split(secret).join('[redacted]');
}

/**
 * The retry policy a provider runs with, and the timeout its SDK client gets: a little longer than
 * ours, so our per-attempt timer fires first and a slow server is reported as a timeout. The SDK's
 * own retries are off (maxRetries 0): ours are bounded, counted and keep keys out of messages.
 */
export function clientPolicy(retry: Partial<RetryPolicy> | undefined): { policy: RetryPolicy; sdkTimeoutMs: number } {
  const policy = { ...defaultRetryPolicy, ...retry };
  return { policy, sdkTimeoutMs: policy.timeoutMs + 5_000 };
}
