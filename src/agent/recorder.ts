// What an agent step did, kept as cache steps with semantic targets, and how a goal ended.
import type { ActionResult, FailureCategory, PrimitiveCall } from '../primitives/index.js';
import { recordStep, type CachedStep } from './cache/index.js';
import type { AgentFailureKind } from './errors.js';
import type { GoalCheck, Verification } from './verify/index.js';

/** What one goal ran so far, oldest first: each call with its result. */
export type Done = Array<{ call: PrimitiveCall; result: ActionResult }>;

/** How a goal ended; `verification` says how its outcome was read off the screen, when it was. */
export type GoalOutcome =
  /** `check`: what a cached replay of this goal checks instead of asking a model again. */
  | { ok: true; reason: string; refs?: string[]; verification?: Verification; check?: GoalCheck }
  | { ok: false; kind: AgentFailureKind; category: FailureCategory; reason: string; suggestion?: string; evidence?: string[]; verification?: Verification };

/** Collects the successful primitives of one goal, ready to be stored in the plan cache. */
export class StepRecorder {
  readonly steps: CachedStep[] = [];

  constructor(private readonly goal: string) {}

  /** Steps kept from a replay that stopped part-way. */
  keep(steps: readonly CachedStep[]): void {
    this.steps.push(...steps);
  }

  add(call: PrimitiveCall, result: ActionResult, extra: { dialog?: boolean } = {}): void {
    if (call.name === 'screenshot' || call.name === 'wait_idle') return;
    const step = recordStep({ call, result, goal: this.goal });
    if (step) this.steps.push(extra.dialog ? { ...step, dialog: true } : step);
  }
}
