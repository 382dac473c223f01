// The evidence log's event vocabulary: one JSON object per line, closed union by `kind`.

import type { FieldsOf, LLM_CALL_FIELDS } from './fields.js';

export const EVENT_VERSION = 1 as const;

export type Verdict = 'OK' | 'RETRY' | 'FAIL' | 'EXCEPTION';
export type ActionSource = 'script' | 'agent' | 'mcp';
export type TestStatus = 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted';

export interface Location { file: string; line: number; column?: number }
export interface EventError {
  name: string;
  message: string;
  /** Whose fault it was: environment, execution, locator, plan or product. */
  category?: string;
  /** What a person should do about it, in one sentence. */
  suggestion?: string;
  /** The facts that decided the category, one line each (the crash in logcat, the candidates seen, ...). */
  evidence?: string[];
}

interface Base {
  v: typeof EVENT_VERSION;
  /** Wall-clock milliseconds since the epoch. */
  ts: number;
  /** Position in this log, from 1, assigned by the writer. */
  seq: number;
  /** '' for run-level events. */
  test_id: string;
}

export interface RunStartEvent extends Base {
  kind: 'run_start';
  run_id: string;
  mobiletest_version?: string;
  config?: Record<string, unknown>;
}

export interface RunEndEvent extends Base {
  kind: 'run_end';
  run_id: string;
  status: 'passed' | 'failed' | 'interrupted';
  duration_ms: number;
}

export interface TestStartEvent extends Base {
  kind: 'test_start';
  title: string;
  location?: Location;
  device?: string;
  retry?: number;
}

export interface ActionStartEvent extends Base {
  kind: 'action_start';
  action_id: string;
  primitive: string;
  /** Parameters as asked, secrets already masked by the writer. */
  params: Record<string, unknown>;
  target?: string | Record<string, unknown>;
  source: ActionSource;
  location?: Location;
  parent_action_id?: string;
}

export interface ObservationEvent extends Base {
  kind: 'observation';
  action_id: string;
  phase: 'before' | 'after';
  screen_text: string;
  signature: string;
  /** File name beside the log, never inlined image data. */
  screenshot?: string;
  /** File name beside the log of this screen's elements with their bounds (a hierarchy snapshot, stored once per distinct content). */
  hierarchy?: string;
  package?: string;
  activity?: string;
}

export interface CandidateRecord {
  ref?: string;
  label: string;
  score: number;
  reasons?: string[];
  bounds?: { left: number; top: number; right: number; bottom: number };
}

export interface CandidatesEvent extends Base {
  kind: 'candidates';
  action_id: string;
  target: string | Record<string, unknown>;
  candidates: CandidateRecord[];
  ambiguous: boolean;
  chosen?: number;
}

export interface SituationEvent extends Base {
  kind: 'situation';
  action_id: string;
  report: string;
  data?: Record<string, unknown>;
}

/** One model request; its fields are described once, in LLM_CALL_FIELDS. */
export interface LlmCallEvent extends Base, FieldsOf<typeof LLM_CALL_FIELDS> {
  kind: 'llm_call';
}

/** Which agent call an agent event belongs to. */
export type AgentCall = 'step' | 'expect' | 'query' | 'wait_for';

/** An agent call begins: `device.ai.step(goal)`, `ai.expect(assertion)`, ... Its actions name it as parent. */
export interface AgentStartEvent extends Base {
  kind: 'agent_start';
  action_id: string;
  call: AgentCall;
  /** The goal, assertion, question or condition, as written. */
  text: string;
  location?: Location;
}

/** One decision inside an agent call: a plan, a replay, a verdict, an attribution, with the reason given. */
export interface AgentDecisionEvent extends Base {
  kind: 'agent_decision';
  action_id: string;
  /** planner, locator, validator, debugger, or cache. */
  role: string;
  /** Where the decision came from: the plan cache, the offline rules, or a model. */
  path: 'cache' | 'rules' | 'model';
  reason: string;
  /** The primitives decided on, secrets masked. */
  actions?: Array<Record<string, unknown>>;
  /** Element refs the decision cites. */
  refs?: string[];
  /** Extra structured detail (verdict, category, recovery). */
  data?: Record<string, unknown>;
}

/** An agent call ends: how it was served, what it cost, and why it ended. */
export interface AgentEndEvent extends Base {
  kind: 'agent_end';
  action_id: string;
  call: AgentCall;
  status: 'passed' | 'failed';
  path: 'cache' | 'rules' | 'model';
  /** hit: replayed from the cache; healed: replayed in part, then the agent took over; miss: not cached; off: cache not used. */
  cache: 'hit' | 'miss' | 'healed' | 'off';
  llm_calls: number;
  tokens_in: number;
  tokens_out: number;
  /** Primitives run. */
  steps: number;
  reason: string;
  error?: EventError;
  /** How the outcome was read off the screen: by an offline rule's postcondition, the refs a model cited, the validator, or a cached check. */
  verification?: AgentVerification;
  duration_ms: number;
}

/** An agent step's verification: which rule or check, whether it held, on which screen, with which refs. */
export interface AgentVerification {
  by: 'rule' | 'refs' | 'validator' | 'cache';
  rule: string;
  check: string;
  held: boolean;
  screen: string;
  signature: string;
  refs: string[];
  missing?: string;
}

export interface ActionTimings {
  total_ms: number;
  device_ms: number;
  harness_ms: number;
  /**
   * The driver calls the action made, one entry per driver method (`hierarchy` is a screen read,
   * `screenshot` and `capture` screenshots): how many it started, and the time of the calls that
   * ended while it ran, added up (calls in parallel each count). A trace frame's capture goes on into
   * the next action: counted here, its time there (an entry with count 0).
   */
  device_calls?: DeviceCallTally[];
}

export interface DeviceCallTally { call: string; count: number; ms: number }

/** The read budget of one or more actions: hierarchy reads, screenshots and every other device call, with their time. */
export interface DeviceCallSummary { reads: number; read_ms: number; screenshots: number; screenshot_ms: number; other: number; other_ms: number }

/** Adds tallies up into reads, screenshots and the rest. */
export function summarizeDeviceCalls(calls: readonly DeviceCallTally[]): DeviceCallSummary {
  const summary: DeviceCallSummary = { reads: 0, read_ms: 0, screenshots: 0, screenshot_ms: 0, other: 0, other_ms: 0 };
  for (const c of calls) {
    const [count, ms] = c.call === 'hierarchy' ? ['reads', 'read_ms'] as const : c.call === 'screenshot' || c.call === 'capture' ? ['screenshots', 'screenshot_ms'] as const : ['other', 'other_ms'] as const;
    summary[count] += c.count;
    summary[ms] += c.ms;
  }
  for (const key of ['read_ms', 'screenshot_ms', 'other_ms'] as const) summary[key] = Math.round(summary[key]);
  return summary;
}

/** Tallies of several actions added up, call by call. */
export function addDeviceCalls(lists: ReadonlyArray<readonly DeviceCallTally[] | undefined>): DeviceCallTally[] {
  const total = new Map<string, DeviceCallTally>();
  for (const list of lists) {
    for (const c of list ?? []) {
      const t = total.get(c.call) ?? { call: c.call, count: 0, ms: 0 };
      t.count += c.count;
      t.ms = Math.round((t.ms + c.ms) * 100) / 100;
      total.set(c.call, t);
    }
  }
  return [...total.values()];
}

/** What the finger did, in device pixels of a screen `screen` big, so a viewer can draw it on a scaled frame. */
export interface GestureRecord {
  kind: 'tap' | 'double_tap' | 'long_press' | 'swipe' | 'drag';
  /** One point for a tap or press; start and end for a swipe or drag. */
  points: Array<{ x: number; y: number }>;
  screen: { width: number; height: number };
  /** How many times the same path was swiped (scroll_to); 1 when absent. */
  repeat?: number;
}

export interface ActionEndEvent extends Base {
  kind: 'action_end';
  action_id: string;
  verdict: Verdict;
  error?: EventError;
  timings: ActionTimings;
  /** The touch the action made, when it made one. */
  gesture?: GestureRecord;
}

export interface TestEndEvent extends Base {
  kind: 'test_end';
  status: TestStatus;
  duration_ms: number;
  error?: EventError;
}

export interface AttachmentEvent extends Base {
  kind: 'attachment';
  name: string;
  content_type: string;
  /** File name beside the log. */
  path: string;
  action_id?: string;
}

export interface NoteEvent extends Base {
  kind: 'note';
  /** frames_discarded: a passed test's frames were removed (frames: 'retain-on-failure'); observation events still name them. */
  note: 'duplicate_completion' | 'torn_line_dropped' | 'frames_discarded';
  action_id?: string;
  detail: string;
}

export type MobileEvent =
  | RunStartEvent | RunEndEvent | TestStartEvent | ActionStartEvent | ObservationEvent
  | CandidatesEvent | SituationEvent | LlmCallEvent | ActionEndEvent | TestEndEvent
  | AttachmentEvent | NoteEvent | AgentStartEvent | AgentDecisionEvent | AgentEndEvent;

export type EventKind = MobileEvent['kind'];
export type EventOf<K extends EventKind> = Extract<MobileEvent, { kind: K }>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a caller appends: the writer fills `v` and `seq`, and `ts`/`test_id` when absent. */
export type EventInput = DistributiveOmit<MobileEvent, 'v' | 'seq' | 'ts' | 'test_id'> & { ts?: number; test_id?: string };
