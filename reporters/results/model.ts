// The run as the JSON and JUnit reports describe it: one record per test, built from
// Playwright's test metadata and the test's `mobiletest-events` attachment.
import {
  FailureCategory,
  type ActionSource,
  type AgentCall,
  type AgentPath,
  type AgentVerification,
  type CacheOutcome,
  type DeviceCallSummary,
  type TestStatus,
  type Verdict,
} from '../../src/events/index.js';

export const RESULTS_VERSION = 1 as const;

/** Where a failure comes from, so a team knows whom to call. */
export type { FailureCategory };
export const FAILURE_CATEGORIES: readonly FailureCategory[] = FailureCategory.options;

export type TestOutcome = TestStatus | 'flaky';
export type RunStatus = 'passed' | 'failed' | 'timedout' | 'interrupted';

/** An action that started and never ended (the test was killed or timed out inside it). */
export const UNFINISHED = 'UNFINISHED' as const;
export type StepStatus = Verdict | typeof UNFINISHED;

export interface StepRecord {
  primitive: string;
  /** The semantic target as asked ("Log in", `id=email`); never typed text. */
  target: string | null;
  /** For a step without a target, what it acted with: the app, the key, the direction. */
  detail: string | null;
  status: StepStatus;
  duration_ms: number;
  /** Time spent waiting on the device within `duration_ms`. */
  device_ms: number;
  /** The read budget: hierarchy reads, screenshots and other device calls, with their time (an agent call's: its primitives'). */
  device_calls: DeviceCallSummary;
  /** `file:line` of the call in the spec, the file relative to the config's rootDir. */
  location: string | null;
  source: ActionSource;
  /** Only on the entry of an agent call (`ai.step`, `ai.expect`, ...); its primitives follow it with source `agent`. */
  agent?: AgentCallRecord;
  /** In a test that drives several devices: the role of the device that ran it. */
  device?: string;
  /** Only on an action a recovery ran again on its way back to the checkpoint. */
  replayed?: true;
}

/** One agent call as the report shows it: what was asked and how it was served. */
export interface AgentCallRecord {
  call: AgentCall;
  /** The goal, assertion, question or condition as written (known secrets masked). */
  text: string;
  /** Where its decisions came from: the plan cache, the offline rules or a model; null if it ended before deciding. */
  path: AgentPath | null;
  /** What the plan cache did; null when the call never ended. */
  cache: CacheOutcome | null;
  /** Primitives it ran. */
  actions: number;
  llm_calls: number;
  /** Input plus output tokens of its model calls. */
  tokens: number;
  /**
   * How its outcome was read off the screen, as its end recorded it: by which rule or check, whether
   * it held, on which screen, with which refs, and what was missing when it did not. Null when the
   * call recorded none (or never ended).
   */
  verification: AgentVerification | null;
}

/** What one model role (planner, locator, validator, debugger) spent. */
export interface RoleSpend {
  llm_calls: number;
  /** Input and output tokens billed (the provider's usage, or mobiletest's count when it reported none). */
  tokens_in: number;
  tokens_out: number;
  /** Tokens of the whole requests as sent (messages, schema or tools, images); tokens_in for logs that did not record it. */
  request_tokens: number;
  cost_usd: number;
}

/** What the agent steps of a test (or of the whole run) did and cost. */
export interface AgentTotals {
  /** Agent calls: ai.step, ai.expect, ai.query, ai.waitFor (YAML ai:/expect: included). */
  steps: number;
  cache_hits: number;
  cache_misses: number;
  cache_healed: number;
  llm_calls: number;
  tokens_in: number;
  tokens_out: number;
  /** Tokens of the whole requests as sent, as in RoleSpend. */
  request_tokens: number;
  cost_usd: number;
  /** The model calls above, per role; roles that made none are left out. */
  by_role: Record<string, RoleSpend>;
}

export const NO_AGENT: Readonly<AgentTotals> = Object.freeze({
  steps: 0,
  cache_hits: 0,
  cache_misses: 0,
  cache_healed: 0,
  llm_calls: 0,
  tokens_in: 0,
  tokens_out: 0,
  request_tokens: 0,
  cost_usd: 0,
  by_role: Object.freeze({}),
});

const SPENDS = ['llm_calls', 'tokens_in', 'tokens_out', 'request_tokens', 'cost_usd'] as const;
const COUNTS = ['steps', 'cache_hits', 'cache_misses', 'cache_healed', ...SPENDS] as const;

/** Cost is rounded to a millionth of a dollar so float noise stays out of the report. */
const dollars = (value: number): number => Math.round(value * 1e6) / 1e6;

/** Field-by-field sum, roles merged; a new object, the inputs untouched. */
export function addAgentTotals(a: AgentTotals, b: AgentTotals): AgentTotals {
  const sum: AgentTotals = { ...a, by_role: {} };
  for (const key of COUNTS) sum[key] += b[key];
  sum.cost_usd = dollars(sum.cost_usd);
  for (const role of new Set([...Object.keys(a.by_role), ...Object.keys(b.by_role)])) {
    const spend: RoleSpend = { llm_calls: 0, tokens_in: 0, tokens_out: 0, request_tokens: 0, cost_usd: 0 };
    for (const key of SPENDS) spend[key] = (a.by_role[role]?.[key] ?? 0) + (b.by_role[role]?.[key] ?? 0);
    spend.cost_usd = dollars(spend.cost_usd);
    sum.by_role[role] = spend;
  }
  return sum;
}

export interface FailureRecord {
  category: FailureCategory;
  /** The error message, colour codes stripped, secrets masked. */
  message: string;
  /** The facts that decided the category, one line each: the crash in logcat, the candidates seen, the assertion. */
  evidence: string[];
  /** What to do about it, in one sentence; the category's advice when nothing more exact is known. */
  suggestion: string;
  /** The step that failed, or was running when time ran out: `tap "Checkout" at specs/shop.test.ts:12`; null when unknown. */
  step: string | null;
}

/** What one device of a test that drives several did. */
export interface DeviceTally {
  serial: string;
  /** Primitives it ran, replayed ones included. */
  actions: number;
  /** Its agent calls (ai.step, ai.expect, ...). */
  agent_steps: number;
  llm_calls: number;
  /** Input plus output tokens of its model calls. */
  tokens: number;
}

/** `device.checkpoint(name)`: a stage of the test ended. */
export interface CheckpointRecord {
  name: string;
  /** 1 for the test's first checkpoint. */
  index: number;
  /** Primitives on the path from the checkpoint before (or the launch) to this one. */
  steps: number;
  /** Reached again by a replay (a recovery or a resumed run), not first recorded here. */
  replayed: boolean;
  /** In a test that drives several devices: the role of the device that reached it. */
  device?: string;
}

/**
 * A stage that failed for a reason not the app's, and the replay that followed: the app relaunched,
 * the path replayed to the checkpoint and through the stage, then the failed step run again.
 */
export interface RecoveryRecord {
  /** The checkpoint the replay started from. */
  checkpoint: string;
  /** 1 for the stage's first recovery, of `limit`. */
  attempt: number;
  limit: number;
  /** The failure that started it, and the step that failed in the spec's words when the log has it. */
  failed: { action_id: string | null; step: string | null; name: string; message: string; category: FailureCategory | null };
  /** Steps to replay to the checkpoint, then within the stage before the failure. */
  to_checkpoint: number;
  in_stage: number;
  /** Steps replayed, as its end counted them; null when it never ended. */
  replayed: number | null;
  duration_ms: number | null;
  /** resumed: the checkpoint was reached again and the test went on; failed: the test failed here; unfinished: the log ends inside it. */
  status: 'resumed' | 'failed' | 'unfinished';
  /** Why it ended so, as its end said; null when it never ended. */
  reason: string | null;
  /** In a test that drives several devices: the role of the device that recovered. */
  device?: string;
}

/** `mobiletest test --resume`: the earlier run's checkpoint a test started from. */
export interface ResumeRecord {
  checkpoint: string;
  run_id: string | null;
  /** Steps replayed to reach it. */
  steps: number;
}

export interface TestRecord {
  title: string;
  /** describe blocks then the title; without the project and the file. */
  title_path: string[];
  /** Relative to the config's rootDir, with forward slashes. */
  file: string;
  line: number;
  column: number;
  project: string;
  /** `flaky` also for a test that passed only after a recovery (see `recoveries`): never a clean pass. */
  status: TestOutcome;
  duration_ms: number;
  /** The final attempt's retry index: 0 when the first attempt was the last. */
  retry: number;
  device: string | null;
  steps: StepRecord[];
  failure: FailureRecord | null;
  /** Model calls and input plus output tokens, agent steps' or not. */
  llm_calls: number;
  tokens: number;
  agent: AgentTotals;
  /** Only for a test that drives several devices: each role with its serial and what it did. */
  devices?: Record<string, DeviceTally>;
  /** Only when the test reached any: its checkpoints in log order. */
  checkpoints?: CheckpointRecord[];
  /** Only when the test had any: its recoveries in log order. */
  recoveries?: RecoveryRecord[];
  /** Only for a test resumed from an earlier run's checkpoint. */
  resumed_from?: ResumeRecord;
}

export interface Totals {
  passed: number;
  failed: number;
  /** Passed, but not cleanly: on a retry, or after a recovery. */
  flaky: number;
  skipped: number;
  /** Of the flaky: those that passed only after a recovery replayed them to a checkpoint. */
  recovered: number;
}

/** A test that passed only because a recovery resumed it. */
export function passedAfterRecovery(test: Pick<TestRecord, 'status' | 'recoveries'>): boolean {
  return (test.status === 'flaky' || test.status === 'passed') && (test.recoveries ?? []).some((r) => r.status === 'resumed');
}

/** An error outside any test: a spec that failed to load, a worker that crashed, a global setup that threw. */
export interface RunError {
  /** The error message, colour codes stripped, secrets masked. */
  message: string;
  /** `file:line`, the file relative to the config's rootDir; null when Playwright gave none. */
  location: string | null;
}

export interface RunRecord {
  /** `failed` whenever `errors` has any. */
  status: RunStatus;
  /** ISO 8601. */
  started_at: string;
  duration_ms: number;
  totals: Totals;
  /** The agent figures of every test, summed. */
  agent: AgentTotals;
  /** Errors outside tests, in the order Playwright reported them; empty when there were none. */
  errors: RunError[];
}

export interface Results {
  version: typeof RESULTS_VERSION;
  run: RunRecord;
  tests: TestRecord[];
}
