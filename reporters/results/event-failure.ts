// Why a test failed as its events say: test_end's error (written by the fixture from what was thrown),
// else the failed action's, with the step that failed in the spec's words.
import type { ActionEndEvent, ActionStartEvent, AgentEndEvent, AgentStartEvent, EventError, MobileEvent } from '../../src/events/index.js';
import { FAILURE_CATEGORIES, UNFINISHED, type FailureCategory, type StepRecord } from './model.js';

export interface EventFailure {
  category: FailureCategory | null;
  /** The message that goes with `category`, for a test whose runner error is missing. */
  message: string | null;
  suggestion: string | null;
  /** The facts that decided the category, one line each; empty when the events say none. */
  evidence: string[];
  /** The step that failed or was still running: `tap "Checkout" at specs/shop.test.ts:12`. */
  step: string | null;
}

export const NO_EVENT_FAILURE: EventFailure = { category: null, message: null, suggestion: null, evidence: [], step: null };

/**
 * A log's steps as the summary read them: `starts` and `steps` run in parallel (one step per top-level or
 * agent start, in log order); `ends` holds the first action_end of each action.
 */
export interface LoggedSteps {
  ends: ReadonlyMap<string, ActionEndEvent>;
  starts: ReadonlyArray<ActionStartEvent | AgentStartEvent>;
  steps: readonly StepRecord[];
}

/** Why the test failed as its events say, with the step that failed or was still running. */
export function eventFailure(events: readonly MobileEvent[], { ends, starts, steps }: LoggedSteps): EventFailure {
  const testEnd = events.findLast((event) => event.kind === 'test_end');
  const recorded = testEnd?.kind === 'test_end' ? testEnd.error : undefined;
  const agentEnds = new Map(events.filter((e): e is AgentEndEvent => e.kind === 'agent_end').map((e) => [e.action_id, e]));
  const errorOf = (start: ActionStartEvent | AgentStartEvent): EventError | undefined =>
    start.kind === 'agent_start' ? agentEnds.get(start.action_id)?.error : ends.get(start.action_id)?.error;
  // The spec's own steps: an agent's primitives are its entry's business.
  const own = starts.map((start, i) => ({ start, step: steps[i] })).filter(({ start }) => start.kind === 'agent_start' || !start.parent_action_id);
  const failed = own.filter(({ step }) => step.status !== 'OK' && step.status !== UNFINISHED);
  const unfinished = own.findLast(({ step }) => step.status === UNFINISHED);
  if (recorded && asCategory(recorded.category)) {
    const named = failed.findLast(({ start }) => errorOf(start)?.name === recorded.name);
    return fromError(recorded, named ? stepText(named.step) : unfinishedText(unfinished?.step));
  }
  const last = failed.findLast(({ start }) => asCategory(errorOf(start)?.category));
  const error = last ? errorOf(last.start) : undefined;
  if (last && error) return fromError(error, stepText(last.step));
  return { ...NO_EVENT_FAILURE, message: recorded?.message ?? null, step: unfinishedText(unfinished?.step) };
}

function fromError(error: EventError, step: string | null): EventFailure {
  return { category: asCategory(error.category), message: error.message, suggestion: error.suggestion ?? null, evidence: error.evidence ?? [], step };
}

/** A step as the spec wrote it, and where: `tap "Checkout" at specs/shop.test.ts:12`, `ai.step "log in as alice"`. */
export function stepText(step: StepRecord): string {
  const asked = step.agent ? step.agent.text : step.target;
  const what = asked !== null ? ` ${JSON.stringify(asked)}` : step.detail !== null ? ` ${step.detail}` : '';
  return `${step.primitive}${what}${step.location === null ? '' : ` at ${step.location}`}`;
}

function unfinishedText(step: StepRecord | undefined): string | null {
  return step ? `${stepText(step)} (did not finish)` : null;
}

export function asCategory(value: string | undefined): FailureCategory | null {
  return FAILURE_CATEGORIES.find((category) => category === value) ?? null;
}
