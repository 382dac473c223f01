import { BudgetExceeded } from './errors.js';
import type { CallOptions, ModelAnswer, ModelRequest, ModelRole, Provider, TokenUsage } from './types.js';

export interface RoleTotals extends TokenUsage {
  calls: number;
}

/** Tokens and calls spent, per role and in all. */
export class TokenLedger {
  private readonly roles = new Map<ModelRole, RoleTotals>();

  record(role: ModelRole, usage: TokenUsage): void {
    const totals = this.roles.get(role) ?? { calls: 0, inputTokens: 0, outputTokens: 0 };
    totals.calls += 1;
    totals.inputTokens += usage.inputTokens;
    totals.outputTokens += usage.outputTokens;
    this.roles.set(role, totals);
  }

  forRole(role: ModelRole): RoleTotals {
    return { ...(this.roles.get(role) ?? { calls: 0, inputTokens: 0, outputTokens: 0 }) };
  }

  byRole(): Partial<Record<ModelRole, RoleTotals>> {
    return Object.fromEntries([...this.roles].map(([role, totals]) => [role, { ...totals }]));
  }

  total(): RoleTotals {
    const sum: RoleTotals = { calls: 0, inputTokens: 0, outputTokens: 0 };
    for (const totals of this.roles.values()) {
      sum.calls += totals.calls;
      sum.inputTokens += totals.inputTokens;
      sum.outputTokens += totals.outputTokens;
    }
    return sum;
  }
}

export interface BudgetLimits {
  /** Input plus output tokens the test may spend. */
  maxTokens?: number;
  maxCalls?: number;
}

/** A per-test budget over a ledger: a call that would go over is refused before it is made. */
export class Budget {
  constructor(readonly limits: BudgetLimits, readonly ledger: TokenLedger = new TokenLedger()) {}

  /** Throws BudgetExceeded when one more call (with up to `maxOutputTokens` of answer) would go over. */
  check(maxOutputTokens = 0): void {
    const spent = this.ledger.total();
    const { maxCalls, maxTokens } = this.limits;
    if (maxCalls !== undefined && spent.calls + 1 > maxCalls) throw new BudgetExceeded('calls', spent.calls, maxCalls);
    const tokens = spent.inputTokens + spent.outputTokens;
    // With no answer size given, a spent budget still refuses: any call costs some input tokens.
    if (maxTokens !== undefined && (tokens >= maxTokens || tokens + maxOutputTokens > maxTokens)) throw new BudgetExceeded('tokens', tokens, maxTokens);
  }
}

/** A provider whose calls are checked against a budget first and recorded in its ledger after. */
export class AccountedProvider implements Provider {
  readonly name: string;
  constructor(private readonly inner: Provider, readonly budget: Budget) {
    this.name = inner.name;
  }

  async complete(request: ModelRequest, options?: CallOptions): Promise<ModelAnswer> {
    this.budget.check(request.maxTokens);
    const answer = await this.inner.complete(request, options);
    this.budget.ledger.record(request.role, answer.usage);
    return answer;
  }
}
