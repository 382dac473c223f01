// Replaying a cached goal: each call runs through the executor, which re-locates its target on the live
// screen and checks its `expected`. Where the screen no longer fits, replay stops and says where and why,
// so the agent can take over from there (self-healing).
import { redactText, type ActionSource } from '../../events/index.js';
import {
  describeTarget,
  InvalidPrimitiveCall,
  locate,
  validateCall,
  type ActionFailureInfo,
  type ActionResult,
  type PrimitiveCall,
  type PrimitiveRunner,
  type Target,
} from '../../primitives/index.js';
import type { CachedStep, GoalEntry } from './types.js';
import { goalValues } from './values.js';

/** Failures that mean "the dialog this step answered is not up": the step is skipped. */
const DIALOG_ABSENT = new Set(['TargetNotFound', 'NoDialog']);

export interface StepReport {
  index: number;
  step: CachedStep;
  outcome: 'ok' | 'skipped' | 'failed';
  /** Absent when the step was skipped without running (its dialog was not on screen) or could not be run. */
  result?: ActionResult;
  /** The screen before the step had another signature than when it was recorded. */
  signatureChanged: boolean;
}

export interface ReplayOptions {
  runner: PrimitiveRunner;
  entry: GoalEntry;
  /** The goal as written now: secret text is taken from it. */
  goal: string;
  /** The agent call's action id: replayed actions name it as parent. */
  parentActionId?: string;
  /** Who the replayed actions are logged as (default agent). */
  source?: ActionSource;
  /** The values secret steps' slots index (default: the goal's quoted values, when it is the entry's own text). */
  values?: string[];
  signal?: AbortSignal;
  onStep?: (report: StepReport) => void;
}

interface ReplayEvidence {
  /** Results of the steps that ran, in order (skipped-without-running steps have none). */
  results: ActionResult[];
  /** Indexes of dialog steps skipped because their dialog was absent. */
  skipped: number[];
  /** Indexes of steps whose screen signature differed from the recorded one. */
  changedSignatures: number[];
}

export type ReplayResult = ReplayEvidence &
  (
    | { complete: true }
    | {
        complete: false;
        /** Index of the step that did not replay: the agent takes over from the live screen there. */
        at: number;
        /** Which step, what it was, and why (secrets masked), for the agent_decision event. */
        reason: string;
        failure?: ActionFailureInfo;
      }
  );

/** Runs the entry's calls in order as agent actions; stops at the first that does not replay. */
export async function replaySteps(options: ReplayOptions): Promise<ReplayResult> {
  const { runner, entry, goal, signal } = options;
  const evidence: ReplayEvidence = { results: [], skipped: [], changedSignatures: [] };
  const total = entry.steps.length;
  // A slot indexes the words of the goal it was recorded with; in another goal it would point at another word.
  const values = options.values ?? (sameText(goal, entry.text) ? goalValues(goal) : []);
  for (const [index, step] of entry.steps.entries()) {
    signal?.throwIfAborted();
    const label = `step ${index + 1} of ${total} (${describeCall(step.call)})`;
    const stop = (reason: string, failure?: ActionFailureInfo): ReplayResult => {
      options.onStep?.({ index, step, outcome: 'failed', signatureChanged: false });
      return { ...evidence, complete: false, at: index, reason: redactText(reason), ...(failure ? { failure } : {}) };
    };
    const call = withSecret(step, values);
    if (call === undefined)
      return stop(`${label} types a secret that the goal no longer gives (value ${step.secret ?? '?'} of ${JSON.stringify(redactText(goal))})`);
    try {
      validateCall(call);
    } catch (error) {
      if (error instanceof InvalidPrimitiveCall) return stop(`${label} is no longer a valid call: ${error.message}`);
      throw error;
    }
    if (step.dialog && (await dialogAbsent(runner, call, signal))) {
      evidence.skipped.push(index);
      options.onStep?.({ index, step, outcome: 'skipped', signatureChanged: false });
      continue;
    }
    const result = await runner.run(call, {
      source: options.source ?? 'agent',
      ...(options.parentActionId ? { parentActionId: options.parentActionId } : {}),
      ...(signal ? { signal } : {}),
    });
    evidence.results.push(result);
    const signatureChanged = result.before !== undefined && result.before.signature !== step.signature;
    if (signatureChanged) evidence.changedSignatures.push(index);
    if (result.verdict === 'OK') {
      options.onStep?.({ index, step, outcome: 'ok', result, signatureChanged });
      continue;
    }
    if (step.dialog && result.failure && DIALOG_ABSENT.has(result.failure.name)) {
      evidence.skipped.push(index);
      options.onStep?.({ index, step, outcome: 'skipped', result, signatureChanged });
      continue;
    }
    options.onStep?.({ index, step, outcome: 'failed', result, signatureChanged });
    const why = result.failure ? `${result.failure.name}: ${result.failure.message}` : 'no reason given';
    return {
      ...evidence,
      complete: false,
      at: index,
      reason: redactText(`${label} answered ${result.verdict}, ${why}`),
      ...(result.failure ? { failure: result.failure } : {}),
    };
  }
  return { ...evidence, complete: true };
}

/** The live goal against the stored one, which holds its secrets masked (registered before the goal ran). */
function sameText(goal: string, stored: string): boolean {
  const plain = (text: string) => text.replace(/\s+/g, ' ').trim();
  return plain(goal) === plain(stored) || plain(redactText(goal)) === plain(stored);
}

/** The call to run: a secret's text put back from the goal, or undefined when the goal does not give it. */
function withSecret(step: CachedStep, values: string[]): PrimitiveCall | undefined {
  const call = step.call;
  if (call.name !== 'input_text' || !call.params.secret) return call;
  const text = step.secret === undefined ? undefined : values[step.secret];
  return text === undefined ? undefined : { name: 'input_text', params: { ...call.params, text } };
}

function targetOf(call: PrimitiveCall): Target | undefined {
  const params = call.params as { target?: Target; from?: Target };
  return params.target ?? params.from;
}

/** "tap "Log in"", "input_text { id "email" }", "press_key". */
export function describeCall(call: PrimitiveCall): string {
  const target = targetOf(call);
  return target === undefined ? call.name : `${call.name} ${describeTarget(target)}`;
}

/**
 * One look (the screen the last action settled on, when nothing has acted since): a dialog step is
 * skipped at once when no dialog is up and its target is not shown, instead of waiting out the target
 * timeout.
 */
async function dialogAbsent(runner: PrimitiveRunner, call: PrimitiveCall, signal: AbortSignal | undefined): Promise<boolean> {
  const { screen } = (await runner.observer.current(signal ? { signal } : {})).observation;
  const target = targetOf(call);
  if (target !== undefined && locate(screen, target).status !== 'not_found') return false;
  return !screen.windows.some((w) => w.kind === 'dialog');
}
