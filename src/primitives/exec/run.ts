// The common flow of every action: dedupe by id, record the start, run the primitive's executor,
// classify what went wrong, and record the screens, candidates, situation, verdict and timings.
import sharp from 'sharp';
import { DeviceError, type RawImage } from '../../drivers/index.js';
import { newActionId, type ActionTimings, type CandidateRecord, type EventInput, type EventLog, type Verdict } from '../../events/index.js';
import { DeviceObserver, HierarchyParseError, PixelReadError, screenText, situationText, type Observation } from '../../observe/index.js';
import type { Expected } from '../schema/expected.js';
import type { Executors, PrimitiveCall } from '../schema/registry.js';
import { validCall } from '../schema/validate.js';
import { agentExecutors } from './agent.js';
import { appExecutors } from './app.js';
import { assertionExecutors } from './assertions.js';
import { ActionContext, type ExecutorState } from './context.js';
import { deviceExecutors } from './device.js';
import { ActionFailure } from './errors.js';
import { explainFailure, factsOf } from './explain.js';
import type { FrameMask, FrameRecorder } from './frames.js';
import { markSecretField, maskSecrets, secretBoxes, secretFieldsOf } from './screenshot-mask.js';
import { registerSecretText, secretTextOf } from './secret-text.js';
import { textExecutors } from './text.js';
import { meteredDriver, meterOf } from './metered-driver.js';
import { realClock } from './timing.js';
import { touchExecutors } from './touch.js';
import type { ActionFailureInfo, ActionResult, ExecutorOptions, PrimitiveRunner, RunOptions } from './types.js';
import { waitingExecutors } from './waiting.js';

const EXECUTORS: Executors<ActionContext, void> = {
  ...appExecutors,
  ...touchExecutors,
  ...textExecutors,
  ...waitingExecutors,
  ...assertionExecutors,
  ...deviceExecutors,
  ...agentExecutors,
};

/** A runner of primitives on one device: wait, locate, act, verify, record. */
export function createExecutor(options: ExecutorOptions): PrimitiveRunner {
  // Every device call is measured: an observer given should be built on meteredDriver(driver) too.
  const driver = meteredDriver(options.driver);
  const state: ExecutorState = {
    driver,
    meter: meterOf(driver),
    // Without a screenshot per look: decoding one costs far more than the rest of a look.
    observer: options.observer ?? new DeviceObserver(driver, { screenshots: false }),
    log: options.log,
    ...(options.log && options.frames ? { frames: options.frames } : {}),
    app: options.app,
    dialogs: options.dialogs ?? 'allow',
    timeouts: {
      target: options.timeouts?.target ?? 10_000,
      idle: options.timeouts?.idle ?? 5_000,
      assertion: options.timeouts?.assertion ?? 5_000,
    },
    clock: options.clock ?? realClock,
    signal: options.signal,
  };
  return {
    driver,
    observer: state.observer,
    run: (call, runOptions) => runAction(state, call, runOptions ?? {}),
  };
}

async function runAction(state: ExecutorState, asked: PrimitiveCall, options: RunOptions): Promise<ActionResult> {
  // A call of the wrong shape is the caller's bug: it throws InvalidPrimitiveCall naming the field. One
  // the caller validated already (a test step, a matcher) is not validated again.
  const call = validCall(asked);
  const started = performance.now();
  const deviceAtStart = state.meter.elapsed();
  const callsAtStart = state.meter.tally();
  const actionId = options.actionId ?? newActionId();
  const log = state.log;
  const earlier = log?.completed(actionId);
  if (earlier) {
    return { actionId, primitive: call.name, verdict: earlier, duplicate: true, candidates: [], timings: { total_ms: 0, device_ms: 0, harness_ms: 0 } };
  }
  // Before anything is logged, so even the first event masks it.
  registerSecretText(call);
  const source = options.source ?? 'script';
  const signal = combine(state.signal, options.signal);
  const params = call.params as Record<string, unknown>;
  const ctx = new ActionContext({ state, actionId, primitive: call.name, source, signal, expected: params.expected as Expected | undefined });
  const pending: Array<Promise<unknown>> = [];
  const emit = (event: EventInput): void => {
    if (log) pending.push(log.append(event));
  };
  const target = targetOf(params);
  emit({
    kind: 'action_start',
    action_id: actionId,
    primitive: call.name,
    params,
    source,
    ...(target === undefined ? {} : { target }),
    ...(options.location ? { location: options.location } : {}),
    ...(options.parentActionId ? { parent_action_id: options.parentActionId } : {}),
  });

  let verdict: Verdict = 'OK';
  let failure: ActionFailureInfo | undefined;
  let thrown: unknown;
  try {
    await (EXECUTORS[call.name] as (p: unknown, c: ActionContext) => Promise<void>)(call.params, ctx);
  } catch (error) {
    thrown = error;
    ({ verdict, failure } = classify(error, signal));
    failure = explainFailure(failure, factsOf(ctx, params));
  }
  // Its text is on screen from now on (unless the field masks it): frames paint the field over.
  if (secretTextOf(call) !== undefined && ctx.element) markSecretField(state.observer, ctx.element.ref);

  const after = ctx.after ?? (ctx.latest !== ctx.before ? ctx.latest : undefined);
  const deviceFailed = thrown instanceof DeviceError;
  const failed = verdict !== 'OK' && !deviceFailed;
  const last = after ?? (failed && log ? ctx.latest : undefined);
  // A device that failed is not asked for a screenshot: it would only wait out its timeout.
  const frames = log && state.frames ? traceFrames(ctx, state.frames, deviceFailed ? undefined : last) : {};
  // A full-size screenshot beside the log on failure, unless the device itself is what failed.
  const shot = failed && log ? await failureShot(ctx, log, { last, taken: frames.taken }) : undefined;
  const snapshot = (o: Observation) => (log && state.frames ? state.frames.snapshot(o.screen) : undefined);
  if (ctx.before) emit(observationEvent(ctx.before, { actionId, phase: 'before', screenshot: frames.before, hierarchy: snapshot(ctx.before) }));
  if (ctx.located) {
    emit({
      kind: 'candidates',
      action_id: actionId,
      target: ctx.located.target as string | Record<string, unknown>,
      candidates: ctx.candidates.slice(0, 5).map(candidateRecord),
      ambiguous: ctx.located.ambiguous,
      ...(ctx.located.chosen === undefined ? {} : { chosen: ctx.located.chosen }),
    });
  }
  if (last) emit(observationEvent(last, { actionId, phase: 'after', screenshot: frames.after ?? shot, hierarchy: snapshot(last) }));
  if (shot && frames.after) emit({ kind: 'attachment', name: 'failure screenshot', content_type: 'image/png', path: shot, action_id: actionId });
  if (ctx.report || ctx.dialogsAnswered.length > 0) {
    const text = [ctx.report ? situationText(ctx.report) : '', ...ctx.dialogsAnswered].filter(Boolean).join('\n');
    emit({ kind: 'situation', action_id: actionId, report: text, data: { ...(ctx.report ?? {}), dialogs_answered: ctx.dialogsAnswered } });
  }
  const timings = { ...timingsOf(started, state.meter.elapsed() - deviceAtStart, ctx.clock.slept), device_calls: state.meter.callsSince(callsAtStart) };
  emit({ kind: 'action_end', action_id: actionId, verdict, timings, ...(failure ? { error: failure } : {}), ...(ctx.gesture ? { gesture: ctx.gesture } : {}) });
  await Promise.all(pending);

  return {
    actionId,
    primitive: call.name,
    verdict,
    ...(failure ? { failure } : {}),
    ...(ctx.element ? { element: ctx.element } : {}),
    candidates: ctx.candidates,
    ...(ctx.before ? { before: ctx.before } : {}),
    ...(after ? { after } : {}),
    ...(ctx.report ? { report: ctx.report } : {}),
    ...(ctx.output.png || ctx.output.text !== undefined ? { output: ctx.output } : {}),
    timings,
  };
}

function classify(error: unknown, signal: AbortSignal | undefined): { verdict: Verdict; failure: ActionFailureInfo } {
  if (error instanceof ActionFailure) return { verdict: error.verdict, failure: { name: error.name, message: error.message, category: error.category } };
  const e = error instanceof Error ? error : new Error(String(error));
  // The device, its dump or its screenshot, or the OCR on this machine: not the app, not the test.
  if (error instanceof DeviceError || error instanceof HierarchyParseError || error instanceof PixelReadError)
    return { verdict: 'EXCEPTION', failure: { name: e.name, message: e.message, category: 'environment' } };
  if (signal?.aborted)
    return { verdict: 'EXCEPTION', failure: { name: 'Aborted', message: `The action was cancelled: ${String(signal.reason)}`, category: 'execution' } };
  return {
    verdict: 'EXCEPTION',
    failure: { name: e.name, message: `${e.message}${e.stack ? `\n${e.stack.split('\n').slice(1, 4).join('\n')}` : ''}`, category: 'execution' },
  };
}

function timingsOf(started: number, deviceMs: number, sleptMs: number): ActionTimings {
  const total = performance.now() - started;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { total_ms: round(total), device_ms: round(deviceMs), harness_ms: round(Math.max(0, total - deviceMs - sleptMs)) };
}

/**
 * The frames of the screens before and after (stored once per distinct screen). A screen seen before
 * keeps its frame; a new one is captured raw (no PNG encoding on the device) without waiting: the
 * next action goes on while the pixels come and are encoded (the driver holds its next touch until
 * the frame is taken). `taken` is that capture, for a failure's full-size screenshot.
 */
function traceFrames(ctx: ActionContext, frames: FrameRecorder, last: Observation | undefined): { before?: string; after?: string; taken?: Promise<RawImage> } {
  // Evidence must not turn a verdict into another: a screenshot that cannot be taken is left out.
  const shot = ctx.beforeFrame;
  const before = shot && ctx.before ? ('file' in shot ? shot.file : frames.record(shot.image, ctx.before.contentKey, frameMask(ctx, ctx.before))) : undefined;
  if (!last) return { before };
  const kept = frames.fileFor(last.contentKey);
  if (kept) return { before, after: kept };
  // Not tied to the action's signal: the capture outlives the action, and the test's end (which aborts
  // that signal) waits for its frame to be written.
  const taken = ctx.driver.capture({ timeoutMs: FRAME_CAPTURE_MS });
  return { before, after: frames.record(taken, last.contentKey, frameMask(ctx, last)), taken };
}

/** Longest a trace frame's capture may take: a device that sends no frame in that time has gone. */
const FRAME_CAPTURE_MS = 10_000;

/** Where the screen `o` shows a secret; none (the usual case) costs no image work. */
function frameMask(ctx: ActionContext, o: Observation): FrameMask | undefined {
  const boxes = secretBoxes(o.screen, { fields: secretFieldsOf(ctx.state.observer) });
  return boxes.length > 0 ? { boxes, screen: o.screen } : undefined;
}

/** The screen a failed action ended on, and the frame already being captured of it, if any. */
interface FailureScreen {
  last: Observation | undefined;
  taken?: Promise<RawImage>;
}

async function failureShot(ctx: ActionContext, log: EventLog, { last, taken }: FailureScreen): Promise<string | undefined> {
  try {
    const raw = taken ? await encodePng(await taken) : await ctx.driver.screenshot(ctx.call);
    const png = last ? await maskSecrets(raw, last.screen, { fields: secretFieldsOf(ctx.state.observer) }) : raw;
    return await log.attach(`${ctx.actionId}-failure.png`, png);
  } catch {
    // The verdict already says what failed; a missing screenshot must not hide it.
    return undefined;
  }
}

function encodePng(image: RawImage): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** Which action an observation belongs to, whether before or after it, and the attachments kept of it. */
interface ObservationPlace {
  actionId: string;
  phase: 'before' | 'after';
  screenshot?: string;
  hierarchy?: string;
}

function observationEvent(o: Observation, { actionId, phase, screenshot, hierarchy }: ObservationPlace): EventInput {
  const fg = o.screen.foreground;
  return {
    kind: 'observation',
    action_id: actionId,
    phase,
    screen_text: screenText(o.screen),
    signature: o.signature,
    ...(screenshot ? { screenshot } : {}),
    ...(hierarchy ? { hierarchy } : {}),
    ...(fg ? { package: fg.package, activity: fg.activity } : {}),
  };
}

function candidateRecord(c: ActionContext['candidates'][number]): CandidateRecord {
  const e = c.element;
  return { ref: e.ref, label: e.label, score: c.score, reasons: c.reasons, bounds: e.bounds };
}

function targetOf(params: Record<string, unknown>): string | Record<string, unknown> | undefined {
  const t = params.target ?? params.from;
  return typeof t === 'string' || (typeof t === 'object' && t !== null) ? (t as string | Record<string, unknown>) : undefined;
}

function combine(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  if (!a || !b) return a ?? b;
  return AbortSignal.any([a, b]);
}
