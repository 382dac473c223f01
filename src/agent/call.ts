// One agent call (`ai.step`, `ai.expect`, ...) as the evidence log sees it: a start, decisions, the
// primitives it ran as children, and an end with its path, cache outcome and cost.
import {
  newActionId,
  redactDeep,
  type AgentCall,
  type AgentEndEvent,
  type DecisionRole,
  type EventError,
  type EventLog,
  type Location,
} from '../events/index.js';
import type { RoleTotals, TokenLedger } from '../llm/index.js';
import { withSecretTextMasked, type ActionResult, type PrimitiveCall, type PrimitiveRunner } from '../primitives/index.js';
import type { AgentPath, CacheOutcome } from './types.js';
import type { Verification } from './verify/index.js';

export interface DecisionInput {
  role: DecisionRole;
  path: AgentPath;
  reason: string;
  actions?: PrimitiveCall[];
  refs?: string[];
  data?: Record<string, unknown>;
}

/** What one agent call is, and where its events and costs go. */
export interface AgentCallRecordOptions {
  log: EventLog | undefined;
  ledger: TokenLedger | undefined;
  call: AgentCall;
  text: string;
  signal?: AbortSignal;
}

const ZERO: RoleTotals = { calls: 0, inputTokens: 0, outputTokens: 0 };

/** Tracks one agent call from its start event to its end event. */
export class AgentCallRecord {
  readonly id = newActionId();
  path: AgentPath = 'rules';
  cache: CacheOutcome = 'off';
  steps = 0;
  /** How the call's outcome was read off the screen, once it was. */
  verification?: Verification;
  readonly call: AgentCall;
  readonly text: string;
  private readonly started = Date.now();
  private readonly spentBefore: RoleTotals;
  private readonly log: EventLog | undefined;
  private readonly ledger: TokenLedger | undefined;
  private readonly signal?: AbortSignal;

  constructor(
    private readonly runner: PrimitiveRunner,
    { log, ledger, call, text, signal }: AgentCallRecordOptions,
  ) {
    this.log = log;
    this.ledger = ledger;
    this.call = call;
    this.text = text;
    this.signal = signal;
    this.spentBefore = ledger?.total() ?? ZERO;
  }

  async begin(location?: Location): Promise<void> {
    await this.log?.append({ kind: 'agent_start', action_id: this.id, call: this.call, text: this.text, ...(location ? { location } : {}) });
  }

  async decide(input: DecisionInput): Promise<void> {
    await this.log?.append({
      kind: 'agent_decision',
      action_id: this.id,
      role: input.role,
      path: input.path,
      reason: input.reason,
      ...(input.actions ? { actions: redactDeep(input.actions.map(withSecretTextMasked)) } : {}),
      ...(input.refs ? { refs: input.refs } : {}),
      ...(input.data ? { data: input.data } : {}),
    });
  }

  /** Runs one primitive as a child of this call. */
  async run(call: PrimitiveCall, signal?: AbortSignal): Promise<ActionResult> {
    this.steps += 1;
    return this.runner.run(call, { source: 'agent', parentActionId: this.id, signal: signal ?? this.signal });
  }

  /** Model calls and tokens this call has spent so far. */
  spent(): RoleTotals {
    const now = this.ledger?.total() ?? ZERO;
    return {
      calls: now.calls - this.spentBefore.calls,
      inputTokens: now.inputTokens - this.spentBefore.inputTokens,
      outputTokens: now.outputTokens - this.spentBefore.outputTokens,
    };
  }

  async end(status: AgentEndEvent['status'], reason: string, error?: EventError): Promise<void> {
    const spent = this.spent();
    await this.log?.append({
      kind: 'agent_end',
      action_id: this.id,
      call: this.call,
      status,
      path: this.path,
      cache: this.cache,
      llm_calls: spent.calls,
      tokens_in: spent.inputTokens,
      tokens_out: spent.outputTokens,
      steps: this.steps,
      reason,
      ...(error ? { error } : {}),
      ...(this.verification ? { verification: { ...this.verification } } : {}),
      duration_ms: Date.now() - this.started,
    });
  }
}
