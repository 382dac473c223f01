/** A model setting is missing or wrong; says which variable to set. */
export class LlmSettingsError extends Error {
  override name = 'LlmSettingsError';
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`${variable}: ${reason}`);
  }
}

import type { ModelAnswer } from './types.js';

/**
 * `refusal`: the model declined (its words are the answer's text); `truncated`: the answer stopped at
 * the token cap; `bad-answer`: an answer with no JSON of the asked shape.
 */
export type LlmFailureKind = 'http' | 'timeout' | 'connection' | 'cancelled' | 'bad-answer' | 'refusal' | 'truncated';

/** A model call that failed for good (after retries where they apply). Never carries the API key. */
export class LlmCallFailed extends Error {
  override name = 'LlmCallFailed';
  /**
   * `answer` is set for a 'bad-answer', 'refusal' or 'truncated': the model did answer (and the tokens
   * were spent), but not as asked; its text lets a caller show the model its mistake. `hint` names the
   * setting that would fix a request the server rejected.
   */
  constructor(
    readonly details: { provider: string; kind: LlmFailureKind; status?: number; attempts: number; reason: string; answer?: ModelAnswer; hint?: string },
  ) {
    const status = details.status === undefined ? '' : ` (HTTP ${details.status})`;
    const hint = details.hint ? `. ${details.hint}` : '';
    super(`${details.provider} model call failed${status} after ${details.attempts} attempt(s): ${details.reason}${hint}`);
  }
  get status(): number | undefined {
    return this.details.status;
  }
  get kind(): LlmFailureKind {
    return this.details.kind;
  }
  get answer(): ModelAnswer | undefined {
    return this.details.answer;
  }
}

/** A call was refused because it would take the test over its model budget. */
export class BudgetExceeded extends Error {
  override name = 'BudgetExceeded';
  constructor(
    readonly limit: 'tokens' | 'calls' | 'cost',
    readonly used: number,
    readonly max: number,
  ) {
    const spent = limit === 'cost' ? `$${used.toFixed(4)} spent of at most $${max}` : `${used} ${limit} used of at most ${max}`;
    super(`model budget exceeded: ${spent}; raise the test's budget or make the goal more specific`);
  }
}
