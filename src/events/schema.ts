// The evidence log's event vocabulary: one JSON object per line, a closed union by `kind`. Each shape
// is written once here; its TypeScript type is inferred from it, and events are checked against it
// when written and when read back (validate.ts).
import { z } from 'zod';
import { ActionSource, AgentCall, AgentPath, CacheOutcome, DecisionRole, FailureCategory, ModelRole, TestStatus, UsageSource, Verdict } from './vocabulary.js';

export const EVENT_VERSION = 1 as const;

const record = z.record(z.string(), z.unknown());
/** A semantic target as asked: text, or a selector object. */
const target = z.union([z.string(), record]);

export const Location = z.object({ file: z.string(), line: z.number(), column: z.number().optional() });
export type Location = z.infer<typeof Location>;

export const EventError = z.object({
  name: z.string(),
  message: z.string(),
  /** Whose fault it was. */
  category: FailureCategory.optional(),
  /** What a person should do about it, in one sentence. */
  suggestion: z.string().optional(),
  /** The facts that decided the category, one line each (the crash in logcat, the candidates seen, ...). */
  evidence: z.array(z.string()).optional(),
});
export type EventError = z.infer<typeof EventError>;

const Base = z.object({
  v: z.literal(EVENT_VERSION),
  /** Wall-clock milliseconds since the epoch. */
  ts: z.number(),
  /** Position in this log, from 1, assigned by the writer. */
  seq: z.number(),
  /** '' for run-level events. */
  test_id: z.string(),
  /** The device's role in a test that drives several devices (`team: { alice, bob }`); absent when a test drives one. */
  device: z.string().optional(),
});

export const RunStartEvent = Base.extend({
  kind: z.literal('run_start'),
  run_id: z.string(),
  mobiletest_version: z.string().optional(),
  config: record.optional(),
});
export type RunStartEvent = z.infer<typeof RunStartEvent>;

export const RunEndEvent = Base.extend({
  kind: z.literal('run_end'),
  run_id: z.string(),
  status: z.enum(['passed', 'failed', 'interrupted']),
  duration_ms: z.number(),
});
export type RunEndEvent = z.infer<typeof RunEndEvent>;

export const TestStartEvent = Base.extend({
  kind: z.literal('test_start'),
  title: z.string(),
  location: Location.optional(),
  /** The serial of the device a one-device test drives (a team's are in `devices`). */
  device: z.string().optional(),
  retry: z.number().optional(),
  /** A test that drives several devices: each role and the serial of the device it holds. */
  devices: z.record(z.string(), z.string()).optional(),
  /** `mobiletest test --resume`: the checkpoint of the earlier run this test resumes from. */
  resume: z.object({ checkpoint: z.string(), run_id: z.string().optional(), steps: z.number() }).optional(),
});
export type TestStartEvent = z.infer<typeof TestStartEvent>;

export const ActionStartEvent = Base.extend({
  kind: z.literal('action_start'),
  action_id: z.string(),
  primitive: z.string(),
  /** Parameters as asked, secrets already masked by the writer. */
  params: record,
  target: target.optional(),
  source: ActionSource,
  location: Location.optional(),
  parent_action_id: z.string().optional(),
});
export type ActionStartEvent = z.infer<typeof ActionStartEvent>;

export const ObservationEvent = Base.extend({
  kind: z.literal('observation'),
  action_id: z.string(),
  phase: z.enum(['before', 'after']),
  screen_text: z.string(),
  signature: z.string(),
  /** File name beside the log, never inlined image data. */
  screenshot: z.string().optional(),
  /** File name beside the log of this screen's elements with their bounds (a hierarchy snapshot, stored once per distinct content). */
  hierarchy: z.string().optional(),
  package: z.string().optional(),
  activity: z.string().optional(),
});
export type ObservationEvent = z.infer<typeof ObservationEvent>;

export const CandidateRecord = z.object({
  ref: z.string().optional(),
  label: z.string(),
  score: z.number(),
  reasons: z.array(z.string()).optional(),
  bounds: z.object({ left: z.number(), top: z.number(), right: z.number(), bottom: z.number() }).optional(),
});
export type CandidateRecord = z.infer<typeof CandidateRecord>;

export const CandidatesEvent = Base.extend({
  kind: z.literal('candidates'),
  action_id: z.string(),
  target,
  candidates: z.array(CandidateRecord),
  ambiguous: z.boolean(),
  chosen: z.number().optional(),
});
export type CandidatesEvent = z.infer<typeof CandidatesEvent>;

export const SituationEvent = Base.extend({
  kind: z.literal('situation'),
  action_id: z.string(),
  report: z.string(),
  data: record.optional(),
});
export type SituationEvent = z.infer<typeof SituationEvent>;

/**
 * One model request. `request_tokens` and `usage_source` are written with every call; logs written
 * before they existed lack them and read as tokens_in and 'provider' (see `llmUsage`).
 */
export const LlmCallEvent = Base.extend({
  kind: z.literal('llm_call'),
  action_id: z.string().optional(),
  /** The role asked (a query is asked of the validator's model). */
  role: ModelRole,
  model: z.string(),
  /** The provider profile that shaped the request: openai, openai-reasoning, anthropic, gemini, local, plain, ... */
  profile: z.string().optional(),
  /** File names beside the log holding the prompt and the raw answer. */
  prompt_ref: z.string(),
  answer_ref: z.string(),
  /** File names beside the log of the pictures sent with the prompt (a screen with too little text, annotated). */
  image_refs: z.array(z.string()).optional(),
  /** Input and output tokens billed: the provider's reported usage, or mobiletest's own o200k count (usage_source). */
  tokens_in: z.number(),
  tokens_out: z.number(),
  /** Tokens of the whole request body as sent: o200k of its text (messages, schema or tools) plus its pictures as the provider bills them. */
  request_tokens: z.number().optional(),
  usage_source: UsageSource.optional(),
  /** The provider's finish or stop reason as it gave it: stop, length, tool_use, max_tokens, refusal, ... */
  finish: z.string().optional(),
  cost_usd: z.number(),
  duration_ms: z.number(),
});
export type LlmCallEvent = z.infer<typeof LlmCallEvent>;

/** An agent call begins: `device.ai.step(goal)`, `ai.expect(assertion)`, ... Its actions name it as parent. */
export const AgentStartEvent = Base.extend({
  kind: z.literal('agent_start'),
  action_id: z.string(),
  call: AgentCall,
  /** The goal, assertion, question or condition, as written. */
  text: z.string(),
  location: Location.optional(),
});
export type AgentStartEvent = z.infer<typeof AgentStartEvent>;

/** One decision inside an agent call: a plan, a replay, a verdict, an attribution, with the reason given. */
export const AgentDecisionEvent = Base.extend({
  kind: z.literal('agent_decision'),
  action_id: z.string(),
  role: DecisionRole,
  /** Where the decision came from: the plan cache, the offline rules, or a model. */
  path: AgentPath,
  reason: z.string(),
  /** The primitives decided on, secrets masked. */
  actions: z.array(record).optional(),
  /** Element refs the decision cites. */
  refs: z.array(z.string()).optional(),
  /** Extra structured detail (verdict, category, recovery). */
  data: record.optional(),
});
export type AgentDecisionEvent = z.infer<typeof AgentDecisionEvent>;

/** An agent step's verification: which rule or check, whether it held, on which screen, with which refs. */
export const AgentVerification = z.object({
  by: z.enum(['rule', 'refs', 'validator', 'cache']),
  rule: z.string(),
  check: z.string(),
  held: z.boolean(),
  screen: z.string(),
  signature: z.string(),
  refs: z.array(z.string()),
  missing: z.string().optional(),
});
export type AgentVerification = z.infer<typeof AgentVerification>;

/** An agent call ends: how it was served, what it cost, and why it ended. */
export const AgentEndEvent = Base.extend({
  kind: z.literal('agent_end'),
  action_id: z.string(),
  call: AgentCall,
  status: z.enum(['passed', 'failed']),
  path: AgentPath,
  cache: CacheOutcome,
  llm_calls: z.number(),
  tokens_in: z.number(),
  tokens_out: z.number(),
  /** Primitives run. */
  steps: z.number(),
  reason: z.string(),
  error: EventError.optional(),
  /** How the outcome was read off the screen: by an offline rule's postcondition, the refs a model cited, the validator, or a cached check. */
  verification: AgentVerification.optional(),
  duration_ms: z.number(),
});
export type AgentEndEvent = z.infer<typeof AgentEndEvent>;

export const DeviceCallTally = z.object({ call: z.string(), count: z.number(), ms: z.number() });
export type DeviceCallTally = z.infer<typeof DeviceCallTally>;

export const ActionTimings = z.object({
  total_ms: z.number(),
  device_ms: z.number(),
  harness_ms: z.number(),
  /**
   * The driver calls the action made, one entry per driver method (`hierarchy` is a screen read,
   * `screenshot` and `capture` screenshots): how many it started, and the time of the calls that
   * ended while it ran, added up (calls in parallel each count). A trace frame's capture goes on into
   * the next action: counted here, its time there (an entry with count 0).
   */
  device_calls: z.array(DeviceCallTally).optional(),
});
export type ActionTimings = z.infer<typeof ActionTimings>;

/** What the finger did, in device pixels of a screen `screen` big, so a viewer can draw it on a scaled frame. */
export const GestureRecord = z.object({
  kind: z.enum(['tap', 'double_tap', 'long_press', 'swipe', 'drag']),
  /** One point for a tap or press; start and end for a swipe or drag. */
  points: z.array(z.object({ x: z.number(), y: z.number() })).min(1),
  screen: z.object({ width: z.number(), height: z.number() }),
  /** How many times the same path was swiped (scroll_to); 1 when absent. */
  repeat: z.number().optional(),
});
export type GestureRecord = z.infer<typeof GestureRecord>;

export const ActionEndEvent = Base.extend({
  kind: z.literal('action_end'),
  action_id: z.string(),
  verdict: Verdict,
  error: EventError.optional(),
  timings: ActionTimings,
  /** The touch the action made, when it made one. */
  gesture: GestureRecord.optional(),
});
export type ActionEndEvent = z.infer<typeof ActionEndEvent>;

export const TestEndEvent = Base.extend({
  kind: z.literal('test_end'),
  status: TestStatus,
  duration_ms: z.number(),
  error: EventError.optional(),
});
export type TestEndEvent = z.infer<typeof TestEndEvent>;

export const AttachmentEvent = Base.extend({
  kind: z.literal('attachment'),
  name: z.string(),
  content_type: z.string(),
  /** File name beside the log. */
  path: z.string(),
  action_id: z.string().optional(),
});
export type AttachmentEvent = z.infer<typeof AttachmentEvent>;

export const NoteEvent = Base.extend({
  kind: z.literal('note'),
  /** frames_discarded: a passed test's frames were removed (frames: 'retain-on-failure'); observation events still name them. */
  note: z.enum(['duplicate_completion', 'torn_line_dropped', 'frames_discarded']),
  action_id: z.string().optional(),
  detail: z.string(),
});
export type NoteEvent = z.infer<typeof NoteEvent>;

/**
 * One primitive on the path from the app's launch to a checkpoint, as it can be run again: semantic
 * targets only, secret text masked (`secret` is its slot among the agent goal's values).
 */
export const PathStep = z.object({
  call: z.object({ name: z.string(), params: record }),
  /** Screen signature before the step. */
  signature: z.string(),
  source: ActionSource,
  /** The agent step it was part of: "step: log in as alice #1". */
  agent: z.string().optional(),
  secret: z.number().optional(),
  /** It answered a dialog: replay skips it when that dialog is not up. */
  dialog: z.boolean().optional(),
});
export type PathStep = z.infer<typeof PathStep>;

/** `device.checkpoint(name)`: a stage ends; the steps since the last checkpoint (or the launch) and the screen reached. */
export const CheckpointEvent = Base.extend({
  kind: z.literal('checkpoint'),
  action_id: z.string(),
  name: z.string(),
  /** 1 for the test's first checkpoint. */
  index: z.number(),
  steps: z.array(PathStep),
  /** The screen reached: its signature and its text, which a replay must reach again. */
  signature: z.string(),
  screen_text: z.string(),
  package: z.string().optional(),
  location: Location.optional(),
  /** Reached again by a replay (a resumed run, or a recovery), not first recorded here. */
  replayed: z.boolean().optional(),
});
export type CheckpointEvent = z.infer<typeof CheckpointEvent>;

/** A stage failed for a reason not the app's: the app is relaunched and the path replayed to the last checkpoint. */
export const RecoveryStartEvent = Base.extend({
  kind: z.literal('recovery_start'),
  /** The recovery's id: the actions it replays name it as their parent. */
  action_id: z.string(),
  checkpoint: z.string(),
  /** 1 for the stage's first recovery. */
  attempt: z.number(),
  limit: z.number(),
  /** The action or agent call whose failure started it. */
  failed_action_id: z.string().optional(),
  failure: EventError,
  /** Steps to replay: to the checkpoint, then the stage's steps before the failure. */
  to_checkpoint: z.number(),
  in_stage: z.number(),
});
export type RecoveryStartEvent = z.infer<typeof RecoveryStartEvent>;

export const RecoveryEndEvent = Base.extend({
  kind: z.literal('recovery_end'),
  action_id: z.string(),
  /** resumed: the checkpoint was reached and the failed step runs again; failed: the test fails here. */
  status: z.enum(['resumed', 'failed']),
  replayed: z.number(),
  reason: z.string(),
  error: EventError.optional(),
  duration_ms: z.number(),
});
export type RecoveryEndEvent = z.infer<typeof RecoveryEndEvent>;

export const MobileEvent = z.discriminatedUnion('kind', [
  RunStartEvent,
  RunEndEvent,
  TestStartEvent,
  ActionStartEvent,
  ObservationEvent,
  CandidatesEvent,
  SituationEvent,
  LlmCallEvent,
  ActionEndEvent,
  TestEndEvent,
  AttachmentEvent,
  NoteEvent,
  AgentStartEvent,
  AgentDecisionEvent,
  AgentEndEvent,
  CheckpointEvent,
  RecoveryStartEvent,
  RecoveryEndEvent,
]);
export type MobileEvent = z.infer<typeof MobileEvent>;

export type EventKind = MobileEvent['kind'];
export type EventOf<K extends EventKind> = Extract<MobileEvent, { kind: K }>;

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** What a caller appends: the writer fills `v` and `seq`, and `ts`/`test_id` when absent. */
export type EventInput = DistributiveOmit<MobileEvent, 'v' | 'seq' | 'ts' | 'test_id'> & { ts?: number; test_id?: string };
