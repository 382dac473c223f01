// `ai.step(goal)`: the plan cache first, then the offline rules, then the model planner; each
// hands over to the next from the live screen when it cannot go on.
import type { ActionResult } from '../primitives/index.js';
import { replaySteps, type GoalEntry } from './cache/index.js';
import type { AgentCallRecord } from './call.js';
import type { AgentLimits, AgentOptions } from './context.js';
import { planGoal } from './offline/index.js';
import { plannerLoop } from './planner-loop.js';
import { StepRecorder, type Done, type GoalOutcome } from './recorder.js';
import { runRulesPlan } from './rules-run.js';
import { verifyOn } from './verification.js';
import type { Verification } from './verify/index.js';

export interface GoalRun {
  outcome: GoalOutcome;
  recorder: StepRecorder;
}

/** A goal to reach: the cached plan to replay first when there is one, the limits, and what cuts it off. */
export interface GoalInput {
  goal: string;
  entry?: GoalEntry;
  limits: AgentLimits;
  signal?: AbortSignal;
}

/** A whole replay to verify: the cache entry and goal it came from, and the results of its steps. */
interface ReplayInput {
  entry: GoalEntry;
  goal: string;
  acted: ActionResult[];
  signal?: AbortSignal;
}

export async function runGoal(options: AgentOptions, record: AgentCallRecord, input: GoalInput): Promise<GoalRun> {
  const { goal } = input;
  const recorder = new StepRecorder(goal);
  const done: Done = [];
  let handover: string | undefined;
  if (input.entry) {
    record.path = 'cache';
    const replay = await replaySteps({ runner: options.runner, entry: input.entry, goal, parentActionId: record.id, signal: input.signal });
    record.steps += replay.results.length;
    const verification = replay.complete ? await replayVerified(options, { entry: input.entry, goal, acted: replay.results, signal: input.signal }) : undefined;
    if (replay.complete && verification?.held !== false) {
      record.cache = 'hit';
      await record.decide({
        role: 'cache',
        path: 'cache',
        reason: `replayed ${input.entry.steps.length} cached steps${replay.skipped.length ? `, skipped ${replay.skipped.length} absent popup(s)` : ''}; ${verification ? `verified: ${verification.check}` : "no goal check was recorded with this plan: each replayed step's own expected outcome held"}`,
        ...(verification ? { refs: verification.refs } : {}),
      });
      recorder.keep(input.entry.steps);
      return { outcome: { ok: true, reason: 'replayed from the plan cache', ...(verification ? { verification, refs: verification.refs } : {}) }, recorder };
    }
    record.cache = 'healed';
    handover = replay.complete
      ? `a cached plan replayed whole, but ${verification?.check} does not hold: ${verification?.missing}`
      : `a cached plan stopped at step ${replay.at + 1}: ${replay.reason}`;
    if (verification && !options.models)
      return {
        outcome: { ok: false, kind: 'GoalNotVerified', category: 'plan', reason: `${handover}; without a model nothing can take over`, verification },
        recorder,
      };
    await record.decide({ role: 'cache', path: 'cache', reason: `${handover}; the agent takes over from the live screen` });
    recorder.keep(input.entry.steps.slice(0, replay.complete ? input.entry.steps.length : replay.at));
  }
  const plan = planGoal(goal);
  if (plan.kind === 'plan') {
    record.path = 'rules';
    await record.decide({ role: 'planner', path: 'rules', reason: `offline rule "${plan.rule}"`, actions: plan.steps.map((s) => s.call) });
    const run = await runRulesPlan(options, record, { plan, recorder, done, signal: input.signal });
    if (run.ok) return { outcome: run.outcome, recorder };
    if (!options.models || run.decision === 'stop') return { outcome: run.outcome, recorder };
    handover = `the offline rule "${plan.rule}" failed: ${run.outcome.reason}`;
  } else if (!options.models) {
    return { outcome: { ok: false, kind: 'NeedsModel', category: 'plan', reason: plan.message }, recorder };
  }
  const outcome = await plannerLoop(options, record, { goal, models: options.models, limits: input.limits, recorder, done, handover, signal: input.signal });
  return { outcome, recorder };
}

/** After a whole replay: the goal's rule check when the rules know the goal, else the check recorded with the plan. */
async function replayVerified(options: AgentOptions, { entry, goal, acted, signal }: ReplayInput): Promise<Verification | undefined> {
  const plan = planGoal(goal);
  const check = plan.kind === 'plan' ? plan.verify : entry.verify;
  if (!check) return undefined;
  // The screen the last replayed step settled on is the screen after the plan; the first step's is the one before it.
  const after = acted.at(-1)?.after ?? (await options.runner.observer.current({ signal })).observation;
  const before = acted[0]?.before ?? after;
  return verifyOn(check, { before, after, acted }, { by: 'cache', rule: plan.kind === 'plan' ? plan.rule : 'recorded check' });
}
