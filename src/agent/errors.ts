import { redactText, type AgentCall } from '../events/index.js';
import type { FailureCategory } from '../primitives/index.js';

/** Why an agent call ended without reaching its goal or confirming its check. */
export type AgentFailureKind =
  | 'NeedsModel' | 'GoalFailed' | 'GaveUp' | 'Loop' | 'Stuck' | 'StepLimit' | 'ReplanLimit'
  | 'ActionFailed' | 'ExpectationNotMet' | 'WaitTimedOut' | 'QueryFailed' | 'BudgetExceeded' | 'ModelFailed' | 'Aborted';

/** An agent call that failed: what it was asked, whose fault it is, and why, in words a report can show. */
export class AgentStepFailed extends Error {
  override readonly name = 'AgentStepFailed';

  constructor(
    readonly call: AgentCall,
    readonly text: string,
    readonly kind: AgentFailureKind,
    readonly category: FailureCategory,
    reason: string,
  ) {
    // Secret values (a password in the goal) were registered before the call began.
    super(redactText(`${label(call)} "${text}" failed (${kind}): ${reason}`));
  }
}

function label(call: AgentCall): string {
  return call === 'step' ? 'ai.step' : call === 'wait_for' ? 'ai.waitFor' : `ai.${call}`;
}
