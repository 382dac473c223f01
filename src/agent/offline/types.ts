import type { PrimitiveCall } from '../../primitives/index.js';
import type { GoalCheck } from '../verify/index.js';
import type { ControlKind } from './reach.js';

export interface PlannedStep {
  call: PrimitiveCall;
  /** Already true on the screen as it is (read once, no waiting): the step has nothing to do. */
  skipWhen?: GoalCheck;
  /** The kind of element the call's target must be; a row that only names it is a way to it, not it. */
  needs?: ControlKind;
}

/** A goal the offline rules understood, as primitives with semantic targets. */
export interface OfflinePlan {
  kind: 'plan';
  goal: string;
  /** Name of the grammar rule that matched, for reports ("type into"). */
  rule: string;
  steps: PlannedStep[];
  /** What the screen shows once the goal is done: the step passes only when this holds. */
  verify: GoalCheck;
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
