import type { PrimitiveCall } from '../../primitives/index.js';

/** One planned primitive; `skipWhen` is an assertion that, when it already passes, means the step has nothing to do. */
export interface PlannedStep {
  call: PrimitiveCall;
  skipWhen?: PrimitiveCall;
}

/** A goal the offline rules understood, as primitives with semantic targets. */
export interface OfflinePlan {
  kind: 'plan';
  goal: string;
  /** Name of the grammar rule that matched, for reports ("type into"). */
  rule: string;
  steps: PlannedStep[];
}

/** Counting cannot be said with one primitive: the number of on-screen elements matching `target` must equal `equals`. */
export interface CountCheck {
  target: string;
  equals: number;
}

/** An `ai.expect` assertion the offline rules understood. */
export interface ExpectationCheck {
  kind: 'check';
  assertion: string;
  rule: string;
  /** Assertion primitives that must all pass; empty when the check is a count only. */
  calls: PrimitiveCall[];
  count?: CountCheck;
}

/** The text is outside the offline grammar; only a configured model can handle it. */
export interface NeedsModel {
  kind: 'needs_model';
  text: string;
  message: string;
}
