// The model path of `ai.step`: observe, ask the planner, run what it decided, and repeat until it
// finishes, gives up, or a guard (loop, stuck, step or replan limit) ends it with a reason.
import { screenText, type Observation } from '../observe/index.js';
import type { ActionResult, PrimitiveCall } from '../primitives/index.js';
import type { AgentCallRecord } from './call.js';
import { historyEntry, type AgentLimits, type AgentOptions } from './context.js';
import { ProgressGuard, type GuardVerdict } from './debug/index.js';
import { verifyFinish } from './finish.js';
import { foreignDialog } from './popup.js';
import type { GoalOutcome, StepRecorder } from './recorder.js';
import { attributedFailure, attributeFailure, disambiguate } from './recovery.js';
import { askPlanner, type ModelAccess } from './roles/index.js';
import { pointsOnDevice, screenPicture } from './picture.js';
import type { HistoryEntry } from './types.js';

const HISTORY = 8;

export interface PlannerLoopInput {
  goal: string;
  models: ModelAccess;
  limits: AgentLimits;
  recorder: StepRecorder;
  /** What already ran in this call (a partial replay, a rules plan that failed), oldest first. */
  done: Array<{ call: PrimitiveCall; result: ActionResult }>;
  /** Why the model takes over, for the planner's constraints. */
  handover?: string;
  signal?: AbortSignal;
}

type Turn = { next: 'observe' } | GoalOutcome;

export async function plannerLoop(options: AgentOptions, record: AgentCallRecord, input: PlannerLoopInput): Promise<GoalOutcome> {
  const guard = new ProgressGuard({ maxSteps: input.limits.maxSteps, maxReplans: input.limits.maxReplans });
  const done = [...input.done];
  const history: HistoryEntry[] = done.map((d) => historyEntry(d.call, d.result));
  let note = input.handover;
  /** The screen the model started from, for checks that compare before and after. */
  let start: Observation | undefined;
  record.path = 'model';
  for (;;) {
    input.signal?.throwIfAborted();
    const turn = await oneTurn();
    if (!('next' in turn)) return turn;
  }

  async function oneTurn(): Promise<Turn> {
    let { observation } = await options.runner.observer.current({ signal: input.signal });
    start ??= observation;
    if (foreignDialog(observation.screen, options.app)) {
      // A permission prompt is the dialog policy's to answer, as before any scripted action, not the planner's.
      const settled = await record.run({ name: 'wait_idle', params: {} }, input.signal);
      if (settled.verdict !== 'OK') {
        const f = settled.failure;
        return {
          ok: false,
          kind: 'ActionFailed',
          category: f?.category ?? 'environment',
          reason: f?.message ?? 'a system dialog covers the app',
          suggestion: f?.suggestion,
          evidence: f?.evidence,
        };
      }
      ({ observation } = await options.runner.observer.current({ signal: input.signal }));
    }
    const screen = observation.screen;
    // A screen whose text names too few of its elements is also shown as its annotated picture.
    const shown = await screenPicture(options.runner, observation, input.signal);
    // The step limit is news to the planner only when it is close.
    const left = input.limits.maxSteps - guard.steps;
    const constraints = left <= 5 ? [`at most ${left} more actions`] : [];
    if (note) constraints.push(note);
    const decision = await askPlanner(
      input.models,
      {
        goal: input.goal,
        screen: screenText(screen),
        history: briefHistory(history.slice(-HISTORY)),
        noEffect: guard.noEffect(observation.signature),
        constraints,
      },
      { screenRefs: new Set(screen.elements.map((e) => e.ref)), actionId: record.id, signal: input.signal, picture: shown?.picture },
    );
    note = undefined;
    await record.decide({ role: 'planner', path: 'model', reason: decision.thought, actions: decision.actions });
    let signature = observation.signature;
    for (const answered of decision.actions) {
      // Points on the picture become the device's pixels before anything runs or is guarded.
      const planned = pointsOnDevice(answered, shown?.frame);
      if (planned.name === 'finish') {
        if (!planned.params.success) return { ok: false, kind: 'GoalFailed', category: 'plan', reason: planned.params.summary };
        return finished(planned.params.summary, planned.params.evidence);
      }
      if (planned.name === 'give_up') return { ok: false, kind: 'GaveUp', category: 'plan', reason: planned.params.reason };
      const before = guard.beforeAction(signature, planned);
      if (!before.ok) return recover(before);
      let call: PrimitiveCall = planned;
      let result = await record.run(call, input.signal);
      if (result.verdict !== 'OK') {
        const picked = await disambiguate(options, record, { call, failed: result });
        if (picked) {
          call = picked;
          result = await record.run(call, input.signal);
        }
      }
      history.push(historyEntry(call, result));
      // Every result counts toward the no-effect list and the stuck run, failed ones included.
      const after = guard.afterAction(result);
      if (result.verdict === 'OK') {
        input.recorder.add(call, result);
        done.push({ call, result });
        signature = result.after?.signature ?? signature;
        if (!after.ok) return recover(after);
        continue;
      }
      if (!after.ok && after.recover === undefined) return final(after);
      const attribution = await attributeFailure(options, record, { goal: input.goal, call, failed: result, window: done });
      done.push({ call, result });
      if (attribution.decision === 'stop') return attributedFailure(attribution, { call, failed: result });
      if (attribution.decision === 'retry') {
        // A retry is the same call on the same screen once more: the guard counts it toward loops and the step limit.
        const beforeRetry = guard.beforeAction(result.after?.signature ?? signature, call);
        if (!beforeRetry.ok) return recover(beforeRetry);
        const again = await record.run(call, input.signal);
        history.push(historyEntry(call, again));
        done.push({ call, result: again });
        const afterRetry = guard.afterAction(again);
        if (again.verdict === 'OK') {
          input.recorder.add(call, again);
          signature = again.after?.signature ?? signature;
          if (!afterRetry.ok) return recover(afterRetry);
          continue;
        }
        if (!afterRetry.ok && afterRetry.recover === undefined) return final(afterRetry);
      }
      const replan = guard.replanned(attribution.reason);
      if (!replan.ok) return final(replan);
      note = `the last action failed: ${attribution.reason}`;
      return { next: 'observe' };
    }
    return { next: 'observe' };
  }

  /** A finish is accepted only when the screen shows the goal done; otherwise the planner is told what is missing. */
  async function finished(summary: string, cited: string[]): Promise<Turn> {
    const { verification, check } = await verifyFinish(options, record, {
      goal: input.goal,
      cited,
      before: start as Observation,
      acted: done.map((d) => d.result),
      models: input.models,
      signal: input.signal,
    });
    const verdict = `${verification.check}${verification.missing ? `: ${verification.missing}` : ''}`;
    await record.decide({
      role: 'validator',
      path: verification.by === 'validator' ? 'model' : 'rules',
      reason: `finish ${verification.held ? 'accepted' : 'not accepted'}: ${verdict}`,
      refs: verification.refs,
    });
    if (verification.held) return { ok: true, reason: summary, refs: verification.refs, verification, ...(check ? { check } : {}) };
    const replan = guard.replanned(`finish not accepted: ${verdict}`);
    if (!replan.ok) return { ok: false, kind: 'GoalNotVerified', category: 'plan', reason: `the model said the goal was done, but ${verdict}`, verification };
    note = `your finish was not accepted: ${verification.missing}; keep working toward the goal, or give_up saying why`;
    return { next: 'observe' };
  }

  /** A loop or a stuck screen is met once with back and a fresh look; limits end the goal. */
  async function recover(verdict: Extract<GuardVerdict, { ok: false }>): Promise<Turn> {
    if (verdict.recover !== 'back') return final(verdict);
    await record.decide({ role: 'debugger', path: 'rules', reason: `${verdict.reason}; pressing back and looking again`, data: { guard: verdict.kind } });
    const back: PrimitiveCall = { name: 'press_key', params: { key: 'back' } };
    const result = await record.run(back, input.signal);
    history.push(historyEntry(back, result));
    // Back changed the screen: the run of unchanged screens starts again.
    guard.afterAction(result);
    note = `${verdict.reason}; back was pressed to get unstuck: try something else`;
    return { next: 'observe' };
  }
}

/**
 * The planner sees what each older action changed in one line: their element lists repeat what the
 * screen below shows and made the prompt grow by ~150 tokens per action. The last keeps its detail.
 */
export function briefHistory(entries: readonly HistoryEntry[]): HistoryEntry[] {
  return entries.map((entry, i) => {
    if (i === entries.length - 1) return entry;
    const lines = entry.report.split('\n');
    const kept = lines.filter((line) => !/^(?:new|gone|changed): /.test(line));
    const report = kept.length === lines.length ? entry.report : [...kept, 'screen changed'].join('; ');
    return { ...entry, report };
  });
}

function final(verdict: Extract<GuardVerdict, { ok: false }>): GoalOutcome {
  const kinds = { loop: 'Loop', stuck: 'Stuck', step_limit: 'StepLimit', replan_limit: 'ReplanLimit' } as const;
  return { ok: false, kind: kinds[verdict.kind], category: 'plan', reason: verdict.reason };
}
