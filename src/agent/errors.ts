import { redactText, type AgentCall } from '../events/index.js';
import type { FailureCategory } from '../primitives/index.js';

/** Why an agent call ended without reaching its goal or confirming its check. */
export type AgentFailureKind =
  | 'NeedsModel'
  | 'GoalNotVerified'
  | 'GoalFailed'
  | 'GaveUp'
  | 'Loop'
  | 'Stuck'
  | 'StepLimit'
  | 'ReplanLimit'
  | 'ActionFailed'
  | 'ExpectationNotMet'
  | 'WaitTimedOut'
  | 'QueryFailed'
  | 'BudgetExceeded'
  | 'ModelFailed'
  | 'ModelRefused'
  | 'Aborted';

/** What a failed agent call knew beyond its reason: what to do, and the facts that decided its category. */
export interface AgentFailureDetail {
  suggestion?: string;
  evidence?: readonly string[];
}

/** What an agent call was asked, how it failed, and why. */
export interface AgentStepFailedOptions {
  call: AgentCall;
  text: string;
  kind: AgentFailureKind;
  category: FailureCategory;
  reason: string;
  detail?: AgentFailureDetail;
}

/** An agent call that failed: what it was asked, whose fault it is, and why, in words a report can show. */
export class AgentStepFailed extends Error {
  override readonly name = 'AgentStepFailed';
  /** One sentence a person can act on; the kind's advice when the failure gave none. */
  readonly suggestion: string;
  /** The facts that decided the category, one line each: the debugger's evidence, the failed primitive, the agent's reason. */
  readonly evidence: string[];
  readonly call: AgentCall;
  readonly text: string;
  readonly kind: AgentFailureKind;
  readonly category: FailureCategory;

  constructor({ call, text, kind, category, reason, detail = {} }: AgentStepFailedOptions) {
    // Secret values (a password in the goal) were registered before the call began.
    super(redactText(`${label(call)} "${text}" failed (${kind}): ${reason}`));
    this.call = call;
    this.text = text;
    this.kind = kind;
    this.category = category;
    this.suggestion = redactText(detail.suggestion ?? kindSuggestion(kind, call));
    const own = `agent: ${label(call)} ended with ${kind}: ${reason}`;
    this.evidence = [...new Set([...(detail.evidence ?? []), own])].map((line) => redactText(clip(line)));
  }
}

function label(call: AgentCall): string {
  return call === 'step' ? 'ai.step' : call === 'wait_for' ? 'ai.waitFor' : `ai.${call}`;
}

/** What to do about each way an agent call can end, when nothing more exact is known. */
export function kindSuggestion(kind: AgentFailureKind, call: AgentCall): string {
  switch (kind) {
    case 'NeedsModel':
      return 'Configure a model (MOBILETEST_LLM_PROVIDER, MOBILETEST_LLM_MODEL and its API key), or word the step as one the offline rules know, or write it as scripted actions.';
    case 'GoalNotVerified':
      return "The step's actions ran but the screen does not show its goal done (see what was missing): if the app is right, word the goal as what it should reach; otherwise this is a defect in the app.";
    case 'GoalFailed':
    case 'GaveUp':
      return "Read the agent's reason and the screens in the trace: make the goal more exact, or split it into steps the app offers.";
    case 'Loop':
    case 'Stuck':
      return 'The agent kept doing the same thing on the same screen: split the goal, or script the step it cannot find its way through.';
    case 'StepLimit':
      return 'Split the goal into smaller steps, or allow more actions (maxSteps) if it really needs them.';
    case 'ReplanLimit':
      return 'Each plan failed on the screen as it was: split the goal, or script the part the agent keeps failing at.';
    case 'ActionFailed':
      return 'Look at the failed action in the trace: its screen shows what was there instead.';
    case 'ExpectationNotMet':
      return 'The screen did not show what was asserted: if the app is right, reword the assertion; otherwise this is a defect in the app.';
    case 'WaitTimedOut':
      return 'The condition never held: if the app is only slow, give waitFor a longer timeout; otherwise this is a defect in the app.';
    case 'QueryFailed':
      return 'Ask for data the screen shows, or loosen the schema to fit what the model can read off it.';
    case 'BudgetExceeded':
      return "Raise the step's budget, or make the goal smaller so it needs fewer model calls.";
    case 'ModelRefused':
      return 'The model declined the request in its own words (above): reword the goal or the assertion, or use another model for this role.';
    case 'ModelFailed':
      return 'Check the model server and its settings (MOBILETEST_LLM_PROVIDER, MOBILETEST_LLM_BASE_URL, MOBILETEST_LLM_TIMEOUT_MS), then run again.';
    case 'Aborted':
      return call === 'step'
        ? "The step was cut off by its timeout or the test's end: give it more time, or split the goal."
        : "The check was cut off by the test's end: give the test more time.";
  }
}

function clip(text: string, limit = 240): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > limit ? `${one.slice(0, limit - 1)}…` : one;
}
