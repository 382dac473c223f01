// One action in progress: looks at the screen, waits for idle and for the target, answers system
// dialogs by policy, checks for crashes, and verifies what acting changed. Executors build on it.
import type { CallOptions, Driver, RawImage } from '../../drivers/index.js';
import type { ActionSource, EventLog, GestureRecord } from '../../events/index.js';
import {
  reportChanged, screenState, situationReport,
  type DeviceObserver, type LogRecord, type Observation, type Screen, type ScreenElement, type SituationReport, type WaitClock,
} from '../../observe/index.js';
import { describeLocateResult, describeTarget, locate, type Candidate, type Target } from '../locator/index.js';
import type { Expected } from '../schema/expected.js';
import type { PrimitiveName } from '../schema/registry.js';
import { answerButton, describeDialog, dialogsOn, type ShownDialog } from './dialogs.js';
import type { FrameRecorder } from './frames.js';
import { AppCrashed, AppNotResponding, DialogBlocked, ExpectationFailed, NoEffect, TargetAmbiguous, TargetNotFound } from './errors.js';
import { describeExpected, unmetExpectation, where } from './screen-read.js';
import { SleepCounter, type DeviceMeter } from './timing.js';
import type { DialogPolicy } from './types.js';

/** What every action of one executor shares. */
export interface ExecutorState {
  driver: Driver;
  meter: DeviceMeter;
  observer: DeviceObserver;
  log?: EventLog;
  /** Screenshots for the trace; none when absent. */
  frames?: FrameRecorder;
  app?: string;
  /**
   * The app last seen in front or launched: a dialog of another package is a system prompt. A plain
   * dump taken while a dialog is up holds the dialog alone, so the app beneath is remembered here.
   */
  frontApp?: string;
  dialogs: DialogPolicy;
  timeouts: { target: number; idle: number; assertion: number };
  clock: WaitClock;
  signal?: AbortSignal;
}

/** The shortest wait between two reads of the screen while waiting; longer waits follow the device's read time. */
export const POLL_MS = 50;
/** How long `expected` is polled after acting. */
const EXPECT_MS = 2000;
/** System dialogs answered in one action before giving up (a prompt that keeps coming back). */
const MAX_DIALOGS = 5;

export interface ReadyOptions {
  target?: Target;
  for?: 'action' | 'read';
  /** The action is about the dialog itself (handle_dialog): no policy. */
  aimedAtDialog?: boolean;
}

export class ActionContext {
  readonly clock: SleepCounter;
  before?: Observation;
  after?: Observation;
  latest?: Observation;
  report?: SituationReport;
  element?: ScreenElement;
  candidates: Candidate[] = [];
  /** The target the candidates are for. */
  located?: { target: Target; ambiguous: boolean; chosen?: number };
  output: { png?: Buffer; text?: string } = {};
  /** Log entries seen by this action's looks. */
  readonly logs: LogRecord[] = [];
  /** One line per system dialog answered by policy. */
  readonly dialogsAnswered: string[] = [];
  /** The touch made, for the trace (device pixels). */
  gesture?: GestureRecord;
  /** The screen before, for the trace: the frame already stored for it, or a screenshot taken then. */
  beforeFrame?: { file: string } | { image: RawImage };
  private crash?: SituationReport['crash'];
  private anr?: SituationReport['anr'];

  readonly state: ExecutorState;
  readonly actionId: string;
  readonly primitive: PrimitiveName;
  readonly source: ActionSource;
  readonly signal: AbortSignal | undefined;
  /** What the action is expected to cause: settling ends as soon as it shows. */
  readonly expected: Expected | undefined;

  constructor(options: { state: ExecutorState; actionId: string; primitive: PrimitiveName; source: ActionSource; signal?: AbortSignal; expected?: Expected }) {
    this.state = options.state;
    this.expected = options.expected;
    this.actionId = options.actionId;
    this.primitive = options.primitive;
    this.source = options.source;
    this.signal = options.signal;
    this.clock = new SleepCounter(options.state.clock);
  }

  get driver(): Driver {
    return this.state.driver;
  }

  /** Options for a device call made by this action. */
  get call(): CallOptions {
    return this.signal ? { signal: this.signal } : {};
  }

  async look(): Promise<Observation> {
    const look = await this.state.observer.look({ ...this.call, app: this.state.app ?? this.state.frontApp });
    this.logs.push(...look.logs);
    this.crash ??= look.report.crash;
    this.anr ??= look.report.anr;
    this.latest = look.observation;
    return look.observation;
  }

  /**
   * The screen the last action ended on, while nothing has acted on the device since (the observer
   * holds it): an action starts from it instead of reading the screen again. Its crash and ANR signals
   * were the last action's to report.
   */
  async held(): Promise<Observation | undefined> {
    const o = (await this.state.observer.held(this.call))?.observation;
    if (o) this.latest = o;
    return o;
  }

  /** One look, taken as the screen before acting: for actions that need no waiting (launching, stopping). */
  async snapshot(): Promise<Observation> {
    const o = (await this.held()) ?? (await this.look());
    // What happened before this action was reported by the action that caused it.
    this.crash = undefined;
    this.anr = undefined;
    await this.begin(o);
    return o;
  }

  /** The app whose screen this is: the configured app, else the app window on screen, else the one last seen. */
  appInFront(screen: Screen): string | undefined {
    const shown = screen.windows.find((w) => w.kind === 'app')?.package;
    if (shown) this.state.frontApp = shown;
    return this.state.app ?? shown ?? this.state.frontApp;
  }

  /**
   * Waits until the screen is idle (bounded by timeouts.idle; still loading after that is no error) and,
   * with a target, until the locator finds it (bounded by timeouts.target). It starts from the held
   * screen when there is one; a read shows a screen idle unless something on it still loads (stock
   * uiautomator waits for idle before it dumps). System dialogs met on the way are answered by policy;
   * a crash or ANR ends the action.
   */
  async ready(options: ReadyOptions = {}): Promise<Candidate | undefined> {
    const { target } = options;
    const start = this.clock.now();
    let held = await this.held();
    for (let reads = 0; ; ) {
      this.signal?.throwIfAborted();
      const o = held ?? (await this.look());
      if (!held) reads++;
      held = undefined;
      await this.failOnFatal(o);
      const result = target === undefined ? undefined : locate(o.screen, target, { for: options.for ?? 'action' });
      const dialog = options.aimedAtDialog ? undefined : dialogsOn(o.screen, { foreignOnly: true, app: this.appInFront(o.screen) })[0];
      const aimedInside = dialog !== undefined && result?.status === 'found' && result.best.element.window === dialog.window;
      if (dialog && !aimedInside) {
        await this.answerByPolicy(dialog);
        continue;
      }
      const settled = screenState(o.screen) === 'idle';
      if (settled) this.markSettled(o);
      const elapsed = this.clock.now() - start;
      const idleDone = settled || elapsed >= this.state.timeouts.idle;
      if (target === undefined || result === undefined) {
        if (idleDone) {
          await this.begin(o);
          return undefined;
        }
      } else if (result.status === 'found') {
        this.recordCandidates(target, result.candidates, false, 0);
        if (idleDone) {
          this.element = result.best.element;
          await this.begin(o);
          return result.best;
        }
      } else if (result.status === 'ambiguous' && (settled || elapsed >= this.state.timeouts.target)) {
        this.recordCandidates(target, result.candidates, true);
        await this.begin(o);
        throw new TargetAmbiguous(`${describeLocateResult(target, result)} on ${where(o.screen)}. Make the target more exact: its full text, a role ("the Log in button"), an id, or a ref from the screen.`);
      } else if (elapsed >= this.state.timeouts.target) {
        await this.begin(o);
        throw new TargetNotFound(`${describeLocateResult(target, result)} on ${where(o.screen)}, after waiting ${Math.round(elapsed)} ms. Check the target against the screen text, or first bring up the screen that shows it.`);
      }
      // A held screen without the target is read again at once; a read one after a pause.
      if (reads > 0) await this.pause(reads - 1);
    }
  }

  /**
   * Checks the held screen, then looks until `check` finds nothing missing (undefined) or `timeoutMs`
   * passes, answering system dialogs by policy on the way (unless `target` is inside the dialog);
   * returns what was last missing. An assertion that holds on the held screen costs no read.
   */
  async poll(timeoutMs: number, check: (o: Observation) => string | undefined, target?: Target): Promise<string | undefined> {
    const start = this.clock.now();
    let held = await this.held();
    for (let reads = 0; ; ) {
      this.signal?.throwIfAborted();
      const o = held ?? (await this.look());
      if (!held) reads++;
      held = undefined;
      await this.failOnFatal(o);
      const dialog = dialogsOn(o.screen, { foreignOnly: true, app: this.appInFront(o.screen) })[0];
      if (dialog) {
        const found = target === undefined ? undefined : locate(o.screen, target, { for: 'read' });
        if (!(found?.status === 'found' && found.best.element.window === dialog.window)) {
          await this.answerByPolicy(dialog);
          continue;
        }
      }
      await this.begin(o);
      const problem = check(o);
      if (problem === undefined && screenState(o.screen) === 'idle') this.markSettled(o);
      if (problem === undefined || this.clock.now() - start >= timeoutMs) {
        this.finishWith(o);
        return problem;
      }
      if (reads > 0) await this.pause(reads - 1);
    }
  }

  /**
   * Reads the screen after acting until it has settled (bounded by timeouts.idle), and reports what
   * changed since `before`. Stock uiautomator waits for idle before it dumps, so one read that shows a
   * change and nothing loading has settled, as has one on which `until` (the expected outcome) holds;
   * a screen that still looks as before needs a second equal read, as the app may not have reacted yet.
   */
  async settle(): Promise<Observation> {
    const expected = this.expected;
    const until = expected ? (o: Observation) => unmetExpectation(expected, o, this.before) === undefined : undefined;
    const start = this.clock.now();
    let previous: Observation | undefined;
    for (let reads = 0; ; reads++) {
      this.signal?.throwIfAborted();
      const o = await this.look();
      const state = screenState(o.screen);
      const idle = state === 'idle' && (o.contentKey !== this.before?.contentKey || previous?.contentKey === o.contentKey);
      if (idle) this.markSettled(o);
      if (idle || until?.(o) === true || state === 'error' || this.clock.now() - start >= this.state.timeouts.idle) {
        this.finishWith(o);
        await this.failOnFatal(o);
        return o;
      }
      previous = o;
      await this.pause(reads);
    }
  }

  /** The screen `o` is settled: the next action may start from it while nothing acts on the device. */
  markSettled(o: Observation): void {
    this.state.observer.settled(o);
  }

  /** The wait before the next read: from POLL_MS, doubling with each read, never longer than this device's read takes. */
  pause(readsSoFar: number): Promise<void> {
    return this.clock.sleep(this.pauseMs(readsSoFar));
  }

  pauseMs(readsSoFar: number): number {
    return Math.max(POLL_MS, Math.min(POLL_MS * 2 ** readsSoFar, this.state.observer.readMs));
  }

  /** Records `o` as the screen after acting and compares it with the screen before. */
  finishWith(o: Observation): void {
    this.after = o;
    this.report = situationReport({ recent: this.before ? [this.before] : [], after: o, logs: this.logs });
  }

  /**
   * Acts (on a target, when given), settles, and when nothing changed waits for idle and acts once
   * more; still nothing is RETRY NoEffect, unless nothing was expected to change (a focused field).
   */
  async actOn(target: Target, act: (element: ScreenElement) => Promise<void>): Promise<ScreenElement>;
  async actOn(target: undefined, act: () => Promise<void>): Promise<undefined>;
  async actOn<E extends ScreenElement | undefined>(target: Target | undefined, act: (element: E) => Promise<void>): Promise<E> {
    const first = await this.ready({ target });
    const element = first?.element as E;
    await act(element);
    await this.settle();
    if (this.changed() || (element && !expectsChange(element))) return element;
    const again = await this.ready({ target });
    await act(again?.element as E);
    await this.settle();
    if (this.changed()) return element;
    const what = target === undefined ? this.primitive : `${this.primitive} on ${describeTarget(target)} (${element?.role} ${element?.ref} "${element?.label}")`;
    throw new NoEffect(`${what} changed nothing on ${where((this.after ?? this.before)!.screen)}, also when tried again after the screen was idle. It may be disabled or covered, or the app ignores it here: look at the screen and choose another action.`);
  }

  /** Whether anything a person would notice changed between before and after. */
  changed(): boolean {
    return this.report !== undefined && reportChanged(this.report);
  }

  /** Polls `expected` briefly on the screen after acting; FAIL ExpectationFailed when it does not hold. */
  async checkExpected(expected: Expected | undefined): Promise<void> {
    if (!expected) return;
    const start = this.clock.now();
    let o = this.after ?? (await this.look());
    for (let reads = 0; ; reads++) {
      const problem = unmetExpectation(expected, o, this.before);
      if (problem === undefined) return;
      if (this.clock.now() - start >= EXPECT_MS) {
        this.finishWith(o);
        throw new ExpectationFailed(`Expected ${describeExpected(expected)} after ${this.primitive}, but ${problem}.`, this.source === 'agent' ? 'plan' : 'product');
      }
      await this.pause(reads);
      o = await this.look();
      await this.failOnFatal(o);
      this.finishWith(o);
    }
  }

  recordCandidates(target: Target, candidates: Candidate[], ambiguous: boolean, chosen?: number): void {
    this.candidates = candidates;
    this.located = { target, ambiguous, ...(chosen === undefined ? {} : { chosen }) };
  }

  /** Takes `o` as the screen before acting (the first time only), with its frame when frames are kept. */
  private async begin(o: Observation): Promise<void> {
    if (this.before) return;
    this.before = o;
    const frames = this.state.frames;
    if (!frames) return;
    // Usually the screen the previous action ended on, whose frame is stored; otherwise shot now, before acting.
    const file = frames.fileFor(o.contentKey);
    if (file) this.beforeFrame = { file };
    else {
      const image = await this.driver.capture(this.call).catch(() => undefined);
      if (image) this.beforeFrame = { image };
    }
  }

  /** Records the touch made, in the coordinates of the screen before. */
  touched(kind: GestureRecord['kind'], points: GestureRecord['points'], repeat?: number): void {
    const screen = (this.latest ?? this.before)?.screen;
    if (!screen) return;
    const round = (n: number) => Math.round(n);
    this.gesture = {
      kind, points: points.map((p) => ({ x: round(p.x), y: round(p.y) })), screen: { width: screen.width, height: screen.height },
      ...(repeat !== undefined && repeat > 1 ? { repeat } : {}),
    };
  }

  /** A crash or ANR, from the logs or a dialog on screen, ends the action: the product failed. */
  async failOnFatal(o: Observation): Promise<void> {
    const fatal = dialogsOn(o.screen).find((d) => d.fatal);
    if (!this.crash && !this.anr && !fatal) return;
    let crash = this.crash;
    let anr = this.anr;
    if (!crash?.evidence.includes('log') && !anr?.evidence.includes('log')) {
      // Seen by its dialog only (it stayed up from earlier): find the cause in the recent log.
      const logs = await this.driver.logs({ ...this.call, limit: 500 });
      // Kept with the action's own entries: the failure's evidence quotes the crash lines.
      this.logs.push(...logs);
      const report = situationReport({ recent: [], after: o, logs });
      crash = report.crash ?? crash;
      anr = report.anr ?? anr;
    }
    this.finishWith(o);
    const dialog = fatal ? ` The dialog ${describeDialog(fatal)} is on screen.` : '';
    if (anr && (!crash || fatal?.fatal === 'anr')) {
      throw new AppNotResponding(`${anr.package || 'The app'} is not responding during ${this.primitive}: ${anr.reason}.${dialog} This is a defect in the app; its log has the details.`);
    }
    const c = crash ?? { package: fatal?.package ?? '', reason: fatal?.title ?? 'the app stopped' };
    throw new AppCrashed(`${c.package || 'The app'} crashed during ${this.primitive}: ${c.reason}.${dialog} This is a defect in the app; its log has the stack trace.`);
  }

  private async answerByPolicy(dialog: ShownDialog): Promise<void> {
    const policy = this.state.dialogs;
    const what = `A system dialog ${describeDialog(dialog)} covers the app before ${this.primitive}`;
    if (policy === 'fail') {
      throw new DialogBlocked(`${what}, and the dialog policy is "fail". Answer it in the test (handle_dialog), grant the permission up front (launch_app permissions), or set dialogs to "allow" or "deny".`);
    }
    if (this.dialogsAnswered.length >= MAX_DIALOGS) {
      throw new DialogBlocked(`${what}, and it came back after ${MAX_DIALOGS} answers. Answer it in the test with handle_dialog, or grant the permission up front.`);
    }
    const button = answerButton(dialog, policy);
    if (!button) throw new DialogBlocked(`${what}, and it has no button that means "${policy}". Answer it in the test with handle_dialog and the button's label.`);
    await this.driver.tap(centre(button), this.call);
    this.dialogsAnswered.push(`answered ${describeDialog(dialog)} with "${button.label}" (dialogs: ${policy})`);
    await this.clock.sleep(POLL_MS);
  }
}

/** Tapping an input that already has focus is allowed to change nothing. */
function expectsChange(element: ScreenElement): boolean {
  return !(element.role === 'input' && element.states.includes('focused'));
}

export function centre(element: ScreenElement): { x: number; y: number } {
  const b = element.bounds;
  return { x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 };
}
