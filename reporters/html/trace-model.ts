// One test's trace as the HTML viewer shows it: its steps in order, an agent call's primitives nested
// under it, and per step what the events log holds about it. The shapes only; buildTrace (trace.ts)
// reads them off the log.
import type { AgentVerification, CandidateRecord, DeviceCallSummary, DeviceCallTally, EventError, GestureRecord, UsageSource } from '../../src/events/index.js';

export interface TraceScreen {
  text: string;
  /** Device screen size from the screen text's header, to scale element bounds onto a screenshot. */
  width: number | null;
  height: number | null;
  /** File name beside the events log; the writer replaces it with the report's relative path. */
  screenshot: string | null;
  /**
   * File name beside the log of this screen's elements with their bounds; the writer replaces it
   * with the id of the report's copy (one per distinct content).
   */
  hierarchy: string | null;
  app: string | null;
  /** Refs that agent decisions made on this screen cite (the planner's target, the validator's evidence). */
  cited: string[];
}

/** A picture a step or the test attached: a file name beside the log, then its path in the report. */
export interface TraceImage {
  src: string;
  name: string;
}

export interface TraceCandidates {
  target: string | null;
  ambiguous: boolean;
  chosen: number | null;
  list: CandidateRecord[];
}

export interface TraceDecision {
  role: string;
  path: string;
  reason: string;
  actions: Array<Record<string, unknown>>;
  refs: string[];
  data: Record<string, unknown> | null;
  /** The screen the decision was made on, as the log last recorded it; null when none was. */
  screen: TraceScreen | null;
}

/** An agent call's verification as its end recorded it, with the recorded screen it was read on. */
export interface TraceVerification extends AgentVerification {
  /** The last screen observed before the call ended with the verification's signature (its refs cited there); null when the log has none. */
  seen: TraceScreen | null;
}

export interface TraceLlmCall {
  role: string;
  model: string;
  /** The provider profile that shaped the request (openai, anthropic, ...); null when not recorded. */
  profile: string | null;
  /** Tokens of the whole request as sent (schema or tools and images included); tokens_in when not recorded. */
  request_tokens: number;
  /** False for a log from before requests were counted. */
  request_recorded: boolean;
  /** Billed: the provider's reported usage, or mobiletest's own count (usage_source). */
  tokens_in: number;
  tokens_out: number;
  usage_source: UsageSource;
  /** The provider's finish reason as it gave it; null when not recorded. */
  finish: string | null;
  cost_usd: number;
  duration_ms: number;
  /** File names beside the log, replaced by their text when the report is written. */
  prompt_ref: string;
  answer_ref: string;
  prompt: string | null;
  answer: string | null;
  /** The pictures sent with the prompt (a screen with too little text): file names, replaced by their sources when the report is written. */
  pictures: string[];
}

/** A checkpoint: the stage that ended there. */
export interface TraceStage {
  name: string;
  /** 1 for the test's first checkpoint. */
  index: number;
  /** Primitives on the path from the checkpoint before (or the launch). */
  steps: number;
  /** Reached again by a replay, not first recorded here. */
  replayed: boolean;
}

/** A recovery: the failure that started it and the replay to its checkpoint. */
export interface TraceRecovery {
  checkpoint: string;
  attempt: number;
  limit: number;
  failure: EventError;
  /** The action or agent call whose failure started it; in the index, its place among the steps (`failed_at`). */
  failed_id: string | null;
  to_checkpoint: number;
  in_stage: number;
  /** As its end counted; null when it never ended. */
  replayed: number | null;
  status: 'resumed' | 'failed' | 'unfinished';
  reason: string | null;
}

export interface TraceStep {
  id: string;
  /** A primitive or an agent call; a checkpoint reached, or a recovery (its replayed actions its children). */
  kind: 'primitive' | 'agent' | 'checkpoint' | 'recovery';
  /** In a test that drives several devices: the role of the device it ran on; absent otherwise. */
  device?: string;
  /** Only on a checkpoint. */
  stage?: TraceStage;
  /** Only on a recovery. */
  recovery?: TraceRecovery;
  /** `tap`, `input_text`, or the agent call as written: `ai.step`, `ai.expect`, ... */
  name: string;
  /** The target as asked, the goal of an agent call, or a detail such as the app or key. */
  label: string | null;
  status: string;
  source: string;
  location: string | null;
  /** Milliseconds from the test's start. */
  start_ms: number;
  duration_ms: number;
  /** For an agent call: its model time too, device time summed over the primitives it ran. */
  /** `device_calls` one entry per driver method; `budget` those summed into reads, screenshots and the rest. */
  timings: { total_ms: number; device_ms: number; harness_ms: number; model_ms?: number; device_calls: DeviceCallTally[]; budget: DeviceCallSummary } | null;
  params: Record<string, unknown>;
  candidates: TraceCandidates | null;
  before: TraceScreen | null;
  after: TraceScreen | null;
  situation: string | null;
  error: EventError | null;
  /** The touch it made (tap point, swipe path), in device pixels of its own screen size. */
  gesture: GestureRecord | null;
  /** Image attachments the step wrote (a screenshot action's picture, the failure's). */
  images: TraceImage[];
  agent: {
    call: string;
    path: string | null;
    cache: string | null;
    reason: string | null;
    decisions: TraceDecision[];
    llm: TraceLlmCall[];
    /** Billed input plus output. */
    tokens: number;
    /** The whole requests of its model calls, summed. */
    request_tokens: number;
    /** How its outcome was read off the screen; null when its end recorded none. */
    verification: TraceVerification | null;
  } | null;
  children: TraceStep[];
}

export interface Trace {
  device: string | null;
  /** Only in a test that drives several devices: each role and its serial. */
  devices?: Record<string, string>;
  /** Only for a test resumed from an earlier run's checkpoint. */
  resume?: { checkpoint: string; run_id: string | null; steps: number };
  steps: TraceStep[];
  /** Image attachments of the test itself (the fixture's screenshot at a failure). */
  images: TraceImage[];
  /** The test_end error as the log recorded it. */
  error: EventError | null;
}

export const UNFINISHED = 'UNFINISHED';

/** Every step, depth first, in the order the timeline lists them. */
export function allSteps(steps: readonly TraceStep[]): TraceStep[] {
  return steps.flatMap((step) => [step, ...allSteps(step.children)]);
}
