// The agent a test talks to: `step`, `expect`, `waitFor` and `query`, each one evidence-logged call
// that ends passed or throws AgentStepFailed with whose fault it was and why.
import type { z } from 'zod';
import { redactDeep, redactText, registerSecret, type AgentCall, type Location } from '../events/index.js';
import { AccountedProvider, Budget, BudgetExceeded, LlmCallFailed, TokenLedger, type BudgetLimits } from '../llm/index.js';
import { screenText } from '../observe/index.js';
import type { FailureCategory } from '../primitives/index.js';
import { dotted } from '../primitives/schema/issue-text.js';
import { cacheKey, type CacheEntry, type CheckEntry, type GoalEntry } from './cache/index.js';
import { AgentCallRecord } from './call.js';
import { modelCheck, modelQuery, ruleCheck, type CheckVerdict } from './checks.js';
import { callSignal, DEFAULT_LIMITS, type AgentLimits, type AgentOptions } from './context.js';
import { AgentStepFailed, type AgentFailureKind } from './errors.js';
import { runGoal } from './goal.js';
import { checkExpectation, secretsOf } from './offline/index.js';
import { InvalidModelAnswer, ModelAnswerTruncated, ModelRefused, queryJsonSchema, VisionUnavailable } from './roles/index.js';
import type { AgentPath, CacheOutcome } from './types.js';
import type { Verification } from './verify/index.js';

export interface AiStepOptions {
  /** Bounds the whole step, ms. */
  timeout?: number;
  /** Primitives this step may run (default: the agent's limit, 20). */
  maxSteps?: number;
  /** What this step may spend on models; going over fails it with BudgetExceeded. */
  budget?: BudgetLimits;
  /** Values in the goal to keep out of every log, report and trace (a password); the model still reads them. */
  secrets?: string[];
  location?: Location;
}

export interface AiCheckOptions {
  /** How long `waitFor` waits, and how long `expect`'s assertions may wait, ms. */
  timeout?: number;
  location?: Location;
}

/** What a passed agent call reports. */
export interface AiOutcome {
  path: AgentPath;
  cache: CacheOutcome;
  steps: number;
  llmCalls: number;
  reason: string;
  refs: string[];
  /** How the outcome was read off the screen: the rule or check, the screen, the refs. */
  verification?: Verification;
}

const POLL_MS = 300;

/** One agent call as `call` runs it: its kind, its text, and the caller's options for it. */
interface AgentCallRequest {
  call: AgentCall;
  text: string;
  options: { timeout?: number; location?: Location };
}

/** An `expect` or `waitFor` check: its text, how long it may wait, and what cuts it off. */
interface CheckRequest {
  call: 'expect' | 'wait_for';
  text: string;
  timeoutMs: number | undefined;
  signal?: AbortSignal;
}

/** What a cached check answer is stored from: the check, the screen it was read on, and the answer. */
interface CheckEntryInput {
  kind: CheckEntry['kind'];
  text: string;
  observation: { contentKey: string; signature: string };
  answer: unknown;
}

export class Agent {
  private readonly limits: AgentLimits;
  private readonly seen = new Map<string, number>();

  constructor(private readonly options: AgentOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
  }

  /** Reaches `goal` through primitives: from the cache, the offline rules, or the model planner. */
  step(goal: string, options: AiStepOptions = {}): Promise<AiOutcome> {
    return this.goal(goal, options);
  }

  /**
   * Reaches `goal` by replaying `steps` first, whatever the screen's signature (a resumed run's recorded
   * path); where they no longer fit, the agent takes over as from a stale plan cache entry.
   */
  replayStep(goal: string, steps: GoalEntry['steps'], options: AiStepOptions = {}): Promise<AiOutcome> {
    return this.goal(goal, options, { kind: 'step', text: redactText(goal), steps, recorded_at: new Date().toISOString() });
  }

  private async goal(goal: string, options: AiStepOptions, pinned?: GoalEntry): Promise<AiOutcome> {
    registerGoalSecrets(goal, options.secrets);
    return this.call({ call: 'step', text: goal, options }, async (record, signal) => {
      const key = this.key('step', goal);
      const cached = this.options.cache?.get(key);
      const entry = pinned ?? (cached?.kind === 'step' ? cached : undefined);
      record.cache = this.options.cache ? 'miss' : 'off';
      const { outcome, recorder } = await runGoal(withBudget(this.options, options.budget), record, {
        goal,
        entry,
        limits: { ...this.limits, ...(options.maxSteps === undefined ? {} : { maxSteps: options.maxSteps }) },
        signal,
      });
      record.verification = outcome.verification;
      if (!outcome.ok)
        throw new AgentStepFailed({ call: 'step', text: goal, kind: outcome.kind, category: outcome.category, reason: outcome.reason, detail: outcome });
      // What a model decided, or a cached plan healed, is stored: the rules alone are deterministic and free already.
      if (record.path === 'model' || (entry !== undefined && record.path === 'rules')) {
        const verify = outcome.check ?? entry?.verify;
        this.put(key, {
          kind: 'step',
          text: redactText(goal),
          ...this.app(),
          steps: recorder.steps,
          ...(verify ? { verify } : {}),
          recorded_at: new Date().toISOString(),
        } satisfies GoalEntry);
      }
      return { reason: outcome.reason, refs: outcome.refs ?? [] };
    });
  }

  /** Checks `assertion` now: by rules when it is a common form, else by the validator model. */
  async expect(assertion: string, options: AiCheckOptions = {}): Promise<AiOutcome> {
    return this.call({ call: 'expect', text: assertion, options }, (record, signal) =>
      this.check(record, { call: 'expect', text: assertion, timeoutMs: options.timeout, signal }),
    );
  }

  /** Waits until `condition` holds on screen, checking again whenever the screen changes. */
  async waitFor(condition: string, options: AiCheckOptions = {}): Promise<AiOutcome> {
    return this.call({ call: 'wait_for', text: condition, options }, (record, signal) =>
      this.check(record, { call: 'wait_for', text: condition, timeoutMs: options.timeout ?? 10_000, signal }),
    );
  }

  /** Reads typed data off the screen: the model answers in `schema`'s shape, checked before it is returned. */
  async query<T>(question: string, schema: z.ZodType<T>, options: AiCheckOptions = {}): Promise<T> {
    let value: T | undefined;
    await this.call({ call: 'query', text: question, options }, async (record, signal) => {
      const key = this.key('query', question);
      const cached = this.checkEntry(key);
      record.cache = this.options.cache ? 'miss' : 'off';
      const look = await this.options.runner.observer.current({ signal });
      const json = queryJsonSchema(schema);
      const answer = await modelQuery(record, this.options, { question, schema: json, look, cached, screen: screenText(look.observation.screen), signal });
      if (!answer)
        throw new AgentStepFailed({
          call: 'query',
          text: question,
          kind: 'NeedsModel',
          category: 'plan',
          reason:
            "reading data off the screen needs a model: set MOBILETEST_LLM_PROVIDER (openai, anthropic, gemini or a local server such as ollama), MOBILETEST_LLM_MODEL and the provider's API key (local servers take none)",
        });
      const parsed = schema.safeParse(answer.answer);
      if (!parsed.success)
        throw new AgentStepFailed({
          call: 'query',
          text: question,
          kind: 'QueryFailed',
          category: 'plan',
          reason: `the answer does not fit the schema: ${parsed.error.issues.map((i) => `${dotted(i.path) || '(root)'}: ${i.message}`).join('; ')}`,
        });
      value = parsed.data;
      if (record.path === 'model') this.put(key, this.checkEntryOf({ kind: 'query', text: question, observation: look.observation, answer }));
      return { reason: 'answered', refs: answer.refs };
    });
    return value as T;
  }

  private async check(record: AgentCallRecord, { call, text, timeoutMs, signal }: CheckRequest) {
    const rules = checkExpectation(text);
    if (rules.kind === 'check') {
      record.path = 'rules';
      await record.decide({ role: 'validator', path: 'rules', reason: `offline rule "${rules.rule}"`, actions: rules.calls });
      const verdict = await this.untilPass(timeoutMs, call === 'wait_for' && rules.count !== undefined, () =>
        ruleCheck(record, this.options, { check: rules, timeoutMs, signal }),
      );
      return this.verdict(call, text, verdict);
    }
    const key = this.key(call, text);
    const cached = this.checkEntry(key);
    record.cache = this.options.cache ? 'miss' : 'off';
    if (!this.options.models && !cached) throw new AgentStepFailed({ call, text, kind: 'NeedsModel', category: 'plan', reason: rules.message });
    let lastLook: Awaited<ReturnType<typeof this.options.runner.observer.look>> | undefined;
    let lastKey: string | undefined;
    let verdict: CheckVerdict | undefined;
    const deadline = Date.now() + (call === 'wait_for' ? (timeoutMs ?? 10_000) : 0);
    do {
      // The last action's screen first; a wait reads the screen again.
      const look = lastLook ? await this.options.runner.observer.look({ signal }) : await this.options.runner.observer.current({ signal });
      lastLook = look;
      // A model is asked again only when the screen has changed since its last verdict.
      if (verdict === undefined || look.observation.contentKey !== lastKey) {
        lastKey = look.observation.contentKey;
        verdict = await modelCheck(record, this.options, { assertion: text, look, cached, screen: screenText(look.observation.screen), signal });
        if (!verdict) {
          // Only a cached verdict was there, recorded on a screen that differs from this one.
          const why = `the plan cache has a verdict for it, recorded on another screen, and no model is set to judge this one; ${rules.message}`;
          throw new AgentStepFailed({ call, text, kind: 'NeedsModel', category: 'plan', reason: why });
        }
        if (verdict.pass) break;
      }
      if (Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    } while (!signal?.aborted);
    if (verdict?.pass && record.path === 'model' && lastLook)
      this.put(key, this.checkEntryOf({ kind: call, text, observation: lastLook.observation, answer: verdict }));
    return this.verdict(call, text, verdict as CheckVerdict);
  }

  /** `waitFor` with a count polls the whole rules check until it passes or time is up. */
  private async untilPass(timeoutMs: number | undefined, poll: boolean, check: () => Promise<CheckVerdict>): Promise<CheckVerdict> {
    const deadline = Date.now() + (timeoutMs ?? 0);
    for (;;) {
      const verdict = await check();
      if (verdict.pass || !poll || Date.now() >= deadline) return verdict;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  private verdict(call: 'expect' | 'wait_for', text: string, verdict: CheckVerdict): { reason: string; refs: string[] } {
    if (!verdict.pass)
      throw new AgentStepFailed({
        call,
        text,
        kind: call === 'wait_for' ? 'WaitTimedOut' : 'ExpectationNotMet',
        category: 'product',
        reason: verdict.reason,
        detail: { evidence: verdict.evidence },
      });
    return { reason: verdict.reason, refs: verdict.refs };
  }

  /** One agent call: start event, body, end event; every failure becomes AgentStepFailed with a category. */
  private async call(
    { call, text, options }: AgentCallRequest,
    body: (record: AgentCallRecord, signal?: AbortSignal) => Promise<{ reason: string; refs: string[] }>,
  ): Promise<AiOutcome> {
    // For expect and waitFor the timeout is the checks' own wait: a signal ending with it would cut off their verdict.
    const signal = callSignal(this.options.signal, call === 'wait_for' || call === 'expect' ? undefined : options.timeout);
    const record = new AgentCallRecord(this.options.runner, { log: this.options.log, ledger: this.options.ledger, call, text, signal });
    await record.begin(options.location);
    try {
      const { reason, refs } = await body(record, signal);
      await record.end('passed', reason);
      return {
        path: record.path,
        cache: record.cache,
        steps: record.steps,
        llmCalls: record.spent().calls,
        reason,
        refs,
        ...(record.verification ? { verification: record.verification } : {}),
      };
    } catch (error) {
      const failure = asAgentFailure(error, { call, text, signal });
      await record.end('failed', failure.message, {
        name: failure.kind,
        message: failure.message,
        category: failure.category,
        suggestion: failure.suggestion,
        evidence: failure.evidence,
      });
      throw failure;
    }
  }

  /** The n-th call with the same text in a test has its own cache entry. */
  private key(call: AgentCall, text: string): string {
    const id = `${call}\u0000${text}`;
    const occurrence = (this.seen.get(id) ?? 0) + 1;
    this.seen.set(id, occurrence);
    // Keys and stored texts hold a goal's secrets masked: the cache file is committed.
    return cacheKey({ titlePath: this.options.scope ?? [], call, text: redactText(text), occurrence });
  }

  private checkEntry(key: string): CheckEntry | undefined {
    const entry = this.options.cache?.get(key);
    return entry && entry.kind !== 'step' ? entry : undefined;
  }

  private checkEntryOf({ kind, text, observation, answer }: CheckEntryInput): CheckEntry {
    return {
      kind,
      text: redactText(text),
      ...this.app(),
      content_key: observation.contentKey,
      signature: observation.signature,
      answer,
      recorded_at: new Date().toISOString(),
    };
  }

  private put(key: string, entry: CacheEntry): void {
    // The file is committed: any secret the run met (typed without the secret flag, read off the screen) is masked.
    this.options.cache?.put(key, redactDeep(entry));
  }

  private app(): { app?: string } {
    return this.options.app ? { app: this.options.app } : {};
  }
}

/** The options of one step with a budget of its own: its model calls are counted against it, on top of the run's accounting. */
function withBudget(options: AgentOptions, budget: BudgetLimits | undefined): AgentOptions {
  if (!budget || !options.models) return options;
  const provider = new AccountedProvider(options.models.provider, new Budget(budget, new TokenLedger(options.ledger?.prices)));
  return { ...options, models: { ...options.models, provider } };
}

/** A goal's secrets (given, or typed as secret by its offline plan) are masked from here on, before the goal is logged. */
export function registerGoalSecrets(goal: string, secrets: readonly string[] = []): void {
  for (const secret of [...secrets, ...secretsOf(goal)]) registerSecret(secret);
}

function asAgentFailure(error: unknown, { call, text, signal }: { call: AgentCall; text: string; signal?: AbortSignal }): AgentStepFailed {
  if (error instanceof AgentStepFailed) return error;
  const message = error instanceof Error ? error.message : String(error);
  const [kind, category]: [AgentFailureKind, FailureCategory] =
    // A call cut off by its own timeout (or the test's end) is that, whatever was in flight.
    signal?.aborted
      ? ['Aborted', 'execution']
      : error instanceof BudgetExceeded
        ? ['BudgetExceeded', 'execution']
        : error instanceof InvalidModelAnswer
          ? ['ModelFailed', 'plan']
          : error instanceof ModelRefused
            ? ['ModelRefused', 'refusal']
            : error instanceof ModelAnswerTruncated || error instanceof LlmCallFailed || error instanceof VisionUnavailable
              ? ['ModelFailed', 'environment']
              : ['ActionFailed', 'environment'];
  return new AgentStepFailed({ call, text, kind, category, reason: message + modelHint(error) });
}

/** What to check when the model server did not answer: where it is set and how long it is given. */
function modelHint(error: unknown): string {
  if (!(error instanceof LlmCallFailed) || (error.kind !== 'timeout' && error.kind !== 'connection')) return '';
  return '; check that the model server is up and reachable (MOBILETEST_LLM_PROVIDER, MOBILETEST_LLM_BASE_URL) or give it a longer timeout (MOBILETEST_LLM_TIMEOUT_MS)';
}
