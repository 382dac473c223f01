// An offline plan run on the live screen: each step acts on the kind of element its verb needs (a
// row that only names a switch is followed once, never taken for it), a step already done is skipped
// from one read of the screen, and the goal passes only when its postcondition holds afterwards.
import { screenState, waitForScreen, WaitTimeoutError, type Observation } from '../observe/index.js';
import { locate, type ActionResult, type PrimitiveCall, type Target } from '../primitives/index.js';
import type { AgentCallRecord } from './call.js';
import type { AgentOptions } from './context.js';
import { reachControl, type OfflinePlan, type PlannedStep } from './offline/index.js';
import { appPopup, dismissPopup, foreignDialog } from './popup.js';
import type { Done, GoalOutcome, StepRecorder } from './recorder.js';
import { attributedFailure, attributeFailure } from './recovery.js';
import { verifyOn } from './verification.js';

type Failed = Extract<GoalOutcome, { ok: false }>;

export type RulesRun =
  | { ok: true; outcome: Extract<GoalOutcome, { ok: true }> }
  /** `replan`: a model may take over from here; `stop`: the failure stands. */
  | { ok: false; outcome: Failed; decision: 'retry' | 'replan' | 'stop' };

/** How long a rule waits for the screen to settle before it decides the control is not there, ms. */
const SETTLE_MS = 5_000;

/** What to do when the rules cannot act on this screen without a model. */
const WITHOUT_MODEL =
  'without a model the offline rules act only on what the screen shows and one row that names the control: ' +
  "open the screen that holds it first (ai.step('open …')), scroll to it (ai.step('scroll to …')), " +
  'or set MOBILETEST_LLM_PROVIDER (with its model and key) so a model can find the way';

/** An offline plan to run, where its kept steps and every action go, and what cuts it off. */
export interface RulesRunInput {
  plan: OfflinePlan;
  recorder: StepRecorder;
  done: Done;
  signal?: AbortSignal;
}

export async function runRulesPlan(options: AgentOptions, record: AgentCallRecord, { plan, recorder, done, signal }: RulesRunInput): Promise<RulesRun> {
  const look = async () => (await options.runner.observer.look({ signal })).observation;
  // The screen the last action settled on, when nothing has acted on the device since.
  const before = (await options.runner.observer.current({ signal })).observation;
  const acted: Done = [];
  const ran = (call: PrimitiveCall, result: ActionResult, dialog = false) => {
    done.push({ call, result });
    acted.push({ call, result });
    if (result.verdict === 'OK') recorder.add(call, result, dialog ? { dialog: true } : {});
  };
  let screen = before;
  for (const step of plan.steps) {
    if (await alreadyDone(record, step, { before, screen })) continue;
    let call = step.call;
    const closed = await closePopupHiding(options, record, { call, current: screen });
    if (closed) {
      ran(closed.call, closed.result, true);
      screen = closed.result.after ?? (await look());
    }
    if (step.needs) {
      const reached = await reach(options, record, { step, screen, look, ran, signal });
      if (reached.kind === 'failed') return stopOrReplan(options, reached.outcome);
      if (reached.kind === 'done') {
        screen = reached.screen;
        continue;
      }
      call = reached.call;
    }
    const result = await record.run(call, signal);
    ran(call, result);
    if (result.verdict !== 'OK') {
      const attribution = await attributeFailure(options, record, { goal: plan.goal, call, failed: result, window: done.slice(0, -1) });
      return { ok: false, outcome: attributedFailure(attribution, { call, failed: result }), decision: attribution.decision };
    }
    screen = result.after ?? (await look());
  }
  // The last action's settled screen is the screen after it: read again only when nothing ran.
  const after = acted.at(-1)?.result.after ?? (acted.length ? await look() : screen);
  const verification = verifyOn(plan.verify, { before, after, acted: acted.map((a) => a.result) }, { by: 'rule', rule: plan.rule });
  await record.decide({
    role: 'validator',
    path: 'rules',
    reason: `${verification.held ? 'verified' : 'not verified'}: ${verification.check}${verification.missing ? `; ${verification.missing}` : ''}`,
    refs: verification.refs,
  });
  if (verification.held)
    return { ok: true, outcome: { ok: true, reason: `done by the offline rule "${plan.rule}": ${verification.check}`, refs: verification.refs, verification } };
  const reason = `the offline rule "${plan.rule}" ran ${acted.length} action${acted.length === 1 ? '' : 's'}, but ${verification.check} does not hold: ${verification.missing}`;
  return stopOrReplan(options, { ok: false, kind: 'GoalNotVerified', category: 'product', reason, verification });
}

/** With a model the planner takes over from the live screen; without one the failure stands. */
function stopOrReplan(options: AgentOptions, outcome: Failed): RulesRun {
  return { ok: false, outcome, decision: options.models ? 'replan' : 'stop' };
}

/** The screen a plan began on, and the screen as it is now. */
interface ScreenSoFar {
  before: Observation;
  screen: Observation;
}

/** A step whose check already holds on the screen as it is: read once, never waited for. */
async function alreadyDone(record: AgentCallRecord, step: PlannedStep, { before, screen }: ScreenSoFar): Promise<boolean> {
  if (!step.skipWhen) return false;
  const verification = verifyOn(step.skipWhen, { before, after: screen }, { by: 'rule', rule: 'already so' });
  await record.decide({
    role: 'planner',
    path: 'rules',
    reason: verification.held ? `skipped ${step.call.name}: ${verification.check} already` : `${step.call.name} is needed: ${verification.missing}`,
    refs: verification.refs,
  });
  return verification.held;
}

type Reached =
  | { kind: 'act'; call: PrimitiveCall }
  /** Following a row showed the step already done. */
  | { kind: 'done'; screen: Observation }
  | { kind: 'failed'; outcome: Failed };

interface ReachInput {
  step: PlannedStep;
  /** The screen as last read: the one the previous action settled on. */
  screen: Observation;
  look: () => Promise<Observation>;
  ran: (call: PrimitiveCall, result: ActionResult) => void;
  signal?: AbortSignal;
}

/**
 * The step's target as the element its verb needs, on a settled screen: here, or one row away (the row
 * is followed and the screen read again); otherwise a failure at once that says what would make it pass.
 */
async function reach(options: AgentOptions, record: AgentCallRecord, { step, screen: current, look, ran, signal }: ReachInput): Promise<Reached> {
  const target = (step.call.params as { target?: Target }).target;
  const needs = step.needs;
  if (typeof target !== 'string' || needs === undefined) return { kind: 'act', call: step.call };
  const settle = async () => {
    const o = await settled(options, { look, until: (x) => reachControl(x.screen, target, needs).kind === 'here', signal });
    if (!foreignDialog(o.screen, options.app)) return o;
    // A permission prompt over the app is the dialog policy's to answer, as before any scripted action.
    const answered = await record.run({ name: 'wait_idle', params: {} }, signal);
    return answered.after ?? (await look());
  };
  // The screen the last action settled on serves when the control is there; only its absence is waited on.
  let found = reachControl(current.screen, target, needs);
  if (found.kind !== 'here' || foreignDialog(current.screen, options.app)) found = reachControl((await settle()).screen, target, needs);
  if (found.kind === 'row') {
    const row = found.row;
    const follow: PrimitiveCall = { name: 'tap', params: { target: row.ref } };
    await record.decide({
      role: 'planner',
      path: 'rules',
      reason: `no ${needs} "${target}" here; following the row "${row.label}" that names it`,
      refs: [row.ref],
      actions: [follow],
    });
    const result = await record.run(follow, signal);
    ran(follow, result);
    if (result.verdict !== 'OK')
      return {
        kind: 'failed',
        outcome: {
          ok: false,
          kind: 'ActionFailed',
          category: result.failure?.category ?? 'execution',
          reason: result.failure?.message ?? 'the row did not open',
        },
      };
    const screen = await settle();
    found = reachControl(screen.screen, target, needs);
    if (found.kind === 'here' && step.skipWhen && (await alreadyDone(record, step, { before: screen, screen }))) return { kind: 'done', screen };
    if (found.kind !== 'here') {
      const reason = found.kind === 'row' ? `no ${needs} "${target}" after following "${row.label}" either` : found.reason;
      return { kind: 'failed', outcome: { ok: false, kind: 'NeedsModel', category: 'plan', reason: `${reason} (followed "${row.label}"); ${WITHOUT_MODEL}` } };
    }
  }
  if (found.kind === 'none')
    return { kind: 'failed', outcome: { ok: false, kind: 'NeedsModel', category: 'plan', reason: `${found.reason}; ${WITHOUT_MODEL}` } };
  return { kind: 'act', call: { ...step.call, params: { ...step.call.params, target: found.element.ref } } as PrimitiveCall };
}

/** How `settled` reads the screen, what ends its wait early, and what cuts it off. */
interface SettleInput {
  look: () => Promise<Observation>;
  until: (o: Observation) => boolean;
  signal?: AbortSignal;
}

/**
 * The screen once it has settled, or as soon as `until` holds; never more than SETTLE_MS. The screen
 * the last action settled on serves first; a read with nothing loading on it has settled, as a stock
 * uiautomator dump waits for the screen to be idle before it dumps.
 */
async function settled(options: AgentOptions, { look, until, signal }: SettleInput): Promise<Observation> {
  let unread = (await options.runner.observer.held(signal ? { signal } : {}))?.observation;
  const observe = async (): Promise<Observation> => {
    const o = unread ?? (await look());
    unread = undefined;
    return o;
  };
  try {
    return (await waitForScreen({ observe, until: (o) => until(o) || screenState(o.screen) === 'idle', timeoutMs: SETTLE_MS, signal })).observation;
  } catch (error) {
    if (error instanceof WaitTimeoutError) return error.observation;
    throw error;
  }
}

/** A step's call and the screen it is about to act on. */
interface StepOnScreen {
  call: PrimitiveCall;
  current: Observation;
}

/** Before a step whose target a popup hides: close the popup (the step would only wait for its target and fail). */
async function closePopupHiding(
  options: AgentOptions,
  record: AgentCallRecord,
  { call, current }: StepOnScreen,
): Promise<{ call: PrimitiveCall; result: ActionResult } | undefined> {
  const target = (call.params as { target?: Target }).target;
  if (target === undefined) return undefined;
  const screen = current.screen;
  if (!appPopup(screen, options.app) || locate(screen, target).status !== 'not_found') return undefined;
  return dismissPopup(record, screen, options.app);
}
