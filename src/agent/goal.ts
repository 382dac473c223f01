// `ai.step(goal)`: the plan cache first, then the offline rules, then the model planner; each
// hands over to the next from the live screen when it cannot go on.
import { locate, type ActionResult, type PrimitiveCall, type Target } from '../primitives/index.js';
import { replaySteps, type GoalEntry } from './cache/index.js';
import type { AgentCallRecord } from './call.js';
import type { AgentLimits, AgentOptions } from './context.js';
import { planGoal, type OfflinePlan } from './offline/index.js';
import { plannerLoop } from './planner-loop.js';
import { appPopup, dismissPopup } from './popup.js';
import { StepRecorder, type GoalOutcome } from './recorder.js';
import { attributedFailure, attributeFailure } from './recovery.js';

export interface GoalRun {
  outcome: GoalOutcome;
  recorder: StepRecorder;
}

type Done = Array<{ call: PrimitiveCall; result: ActionResult }>;

export async function runGoal(options: AgentOptions, record: AgentCallRecord, goal: string, input: { entry?: GoalEntry; limits: AgentLimits; signal?: AbortSignal }): Promise<GoalRun> {
  const recorder = new StepRecorder(goal);
  const done: Done = [];
  let handover: string | undefined;
  if (input.entry) {
    record.path = 'cache';
    const replay = await replaySteps({ runner: options.runner, entry: input.entry, goal, parentActionId: record.id, signal: input.signal });
    record.steps += replay.results.length;
    if (replay.complete) {
      record.cache = 'hit';
      await record.decide({ role: 'cache', path: 'cache', reason: `replayed ${input.entry.steps.length} cached steps${replay.skipped.length ? `, skipped ${replay.skipped.length} absent popup(s)` : ''}` });
      recorder.keep(input.entry.steps);
      return { outcome: { ok: true, reason: 'replayed from the plan cache' }, recorder };
    }
    record.cache = 'healed';
    handover = `a cached plan stopped at step ${replay.at + 1}: ${replay.reason}`;
    await record.decide({ role: 'cache', path: 'cache', reason: `${handover}; the agent takes over from the live screen` });
    recorder.keep(input.entry.steps.slice(0, replay.at));
  }
  const plan = planGoal(goal);
  if (plan.kind === 'plan') {
    record.path = 'rules';
    await record.decide({ role: 'planner', path: 'rules', reason: `offline rule "${plan.rule}"`, actions: plan.steps.map((s) => s.call) });
    const failed = await runRulesPlan(options, record, plan, recorder, done, input.signal);
    if (!failed) return { outcome: { ok: true, reason: `done by the offline rule "${plan.rule}"` }, recorder };
    if (!options.models || failed.decision === 'stop') return { outcome: failed.outcome, recorder };
    handover = `the offline rule "${plan.rule}" failed: ${failed.outcome.reason}`;
  } else if (!options.models) {
    return { outcome: { ok: false, kind: 'NeedsModel', category: 'plan', reason: plan.message }, recorder };
  }
  const outcome = await plannerLoop(options, record, { goal, models: options.models, limits: input.limits, recorder, done, handover, signal: input.signal });
  return { outcome, recorder };
}

interface RulesFailure {
  outcome: Extract<GoalOutcome, { ok: false }>;
  decision: 'retry' | 'replan' | 'stop';
}

/** Runs an offline plan; a popup that hides a target is closed once and the step tried again. */
async function runRulesPlan(options: AgentOptions, record: AgentCallRecord, plan: OfflinePlan, recorder: StepRecorder, done: Done, signal?: AbortSignal): Promise<RulesFailure | undefined> {
  for (const step of plan.steps) {
    if (step.skipWhen) {
      const check = await record.run(step.skipWhen, signal);
      if (check.verdict === 'OK') {
        await record.decide({ role: 'planner', path: 'rules', reason: `skipped ${step.call.name}: already so` });
        continue;
      }
      // The check's FAIL in the log is an answer, not a failure: say so beside it.
      await record.decide({ role: 'planner', path: 'rules', reason: `checked whether ${step.call.name} is needed (${step.skipWhen.name} answered ${check.verdict}): it is` });
    }
    const closed = await closePopupHiding(options, record, step.call);
    if (closed) {
      done.push(closed);
      if (closed.result.verdict === 'OK') recorder.add(closed.call, closed.result, { dialog: true });
    }
    const result = await record.run(step.call, signal);
    done.push({ call: step.call, result });
    if (result.verdict === 'OK') {
      recorder.add(step.call, result);
      continue;
    }
    const attribution = await attributeFailure(options, record, { goal: plan.goal, call: step.call, failed: result, window: done.slice(0, -1) });
    return { outcome: attributedFailure(attribution, { call: step.call, failed: result }), decision: attribution.decision };
  }
  return undefined;
}

/** Before a step whose target a popup hides: close the popup (the step would only wait for its target and fail). */
async function closePopupHiding(options: AgentOptions, record: AgentCallRecord, call: PrimitiveCall): Promise<{ call: PrimitiveCall; result: ActionResult } | undefined> {
  const target = (call.params as { target?: Target }).target;
  if (target === undefined) return undefined;
  const { observation } = await options.runner.observer.look();
  const screen = observation.screen;
  if (!appPopup(screen, options.app) || locate(screen, target).status !== 'not_found') return undefined;
  return dismissPopup(record, screen, options.app);
}
