import { z } from 'zod';
import { BudgetExceeded, LlmCallFailed } from './errors.js';
import type { CallOptions, ModelAnswer, ModelRequest, ModelRole, Provider, TokenUsage } from './types.js';

export interface RoleTotals extends TokenUsage {
  calls: number;
  /** USD at the ledger's prices (0 without prices); always set by the ledger, optional for totals made elsewhere. */
  costUsd?: number;
}

/** Prices in USD per million tokens (MOBILETEST_LLM_PRICE_IN / _OUT). */
export interface TokenPrices {
  inputPerMillion: number;
  outputPerMillion: number;
}

const empty = (): Required<RoleTotals> => ({ calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 });

/** Tokens, calls and cost spent, per role and in all. */
export class TokenLedger {
  private readonly roles = new Map<ModelRole, Required<RoleTotals>>();

  constructor(readonly prices?: TokenPrices) {}

  /** What `usage` costs at this ledger's prices. */
  costOf(usage: TokenUsage): number {
    if (!this.prices) return 0;
    return (usage.inputTokens * this.prices.inputPerMillion + usage.outputTokens * this.prices.outputPerMillion) / 1_000_000;
  }

  /** Records one call and returns its cost. */
  record(role: ModelRole, usage: TokenUsage): number {
    const totals = this.roles.get(role) ?? empty();
    const cost = this.costOf(usage);
    totals.calls += 1;
    totals.inputTokens += usage.inputTokens;
    totals.outputTokens += usage.outputTokens;
    totals.costUsd += cost;
    this.roles.set(role, totals);
    return cost;
  }

  forRole(role: ModelRole): Required<RoleTotals> {
    return { ...(this.roles.get(role) ?? empty()) };
  }

  byRole(): Partial<Record<ModelRole, Required<RoleTotals>>> {
    return Object.fromEntries([...this.roles].map(([role, totals]) => [role, { ...totals }]));
  }

  total(): Required<RoleTotals> {
    const sum = empty();
    for (const totals of this.roles.values()) {
      sum.calls += totals.calls;
      sum.inputTokens += totals.inputTokens;
      sum.outputTokens += totals.outputTokens;
      sum.costUsd += totals.costUsd;
    }
    return sum;
  }
}

/** Model spending one test may do, as the config's `ai.budget` takes it. */
export const BudgetLimits = z
  .strictObject({
    /** Input plus output tokens the test may spend. */
    maxTokens: z.number().int().positive(),
    maxCalls: z.number().int().positive(),
    /** USD the test may spend; needs prices on the ledger to mean anything. */
    maxCostUsd: z.number().positive(),
  })
  .partial();
export type BudgetLimits = z.infer<typeof BudgetLimits>;

/** A per-test budget over a ledger: a call that would go over is refused before it is made. */
export class Budget {
  constructor(
    readonly limits: BudgetLimits,
    readonly ledger: TokenLedger = new TokenLedger(),
  ) {}

  /** Throws BudgetExceeded when one more call (with up to `maxOutputTokens` of answer) would go over. */
  check(maxOutputTokens = 0): void {
    const spent = this.ledger.total();
    const { maxCalls, maxTokens, maxCostUsd } = this.limits;
    if (maxCalls !== undefined && spent.calls + 1 > maxCalls) throw new BudgetExceeded('calls', spent.calls, maxCalls);
    const tokens = spent.inputTokens + spent.outputTokens;
    // With no answer size given, a spent budget still refuses: any call costs some input tokens.
    if (maxTokens !== undefined && (tokens >= maxTokens || tokens + maxOutputTokens > maxTokens)) throw new BudgetExceeded('tokens', tokens, maxTokens);
    // Likewise for money: a call's input cost is unknown until it is made, so only a spent budget refuses,
    // or one the answer alone could take over.
    const answerCost = this.ledger.costOf({ inputTokens: 0, outputTokens: maxOutputTokens });
    if (maxCostUsd !== undefined && (spent.costUsd >= maxCostUsd || spent.costUsd + answerCost > maxCostUsd)) {
      throw new BudgetExceeded('cost', spent.costUsd, maxCostUsd);
    }
  }
}

/**
 * A provider whose calls are checked against a budget first and recorded in its ledger after; answers
 * carry their cost. An answer in the wrong shape is recorded too: its tokens were spent.
 */
export class AccountedProvider implements Provider {
  readonly name: string;
  readonly model: string | undefined;
  readonly profile: Provider['profile'];
  constructor(
    private readonly inner: Provider,
    readonly budget: Budget,
  ) {
    this.name = inner.name;
    this.model = inner.model;
    this.profile = inner.profile;
  }

  async complete(request: ModelRequest, options?: CallOptions): Promise<ModelAnswer> {
    this.budget.check(request.maxTokens);
    let answer: ModelAnswer;
    try {
      answer = await this.inner.complete(request, options);
    } catch (error) {
      if (error instanceof LlmCallFailed && error.answer) error.answer.costUsd = this.budget.ledger.record(request.role, error.answer.usage);
      throw error;
    }
    answer.costUsd = this.budget.ledger.record(request.role, answer.usage);
    return answer;
  }
}
