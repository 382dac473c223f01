// One action in progress: what it saw, located and did, and the operations executors build on. Each
// operation lives in a file of its own: locating (ready.ts), settling (settle.ts), acting with a retry
// (act.ts), the expected check (expected-check.ts), the dialog policy (dialog-policy.ts), crash and
// ANR detection (fatal.ts) and the frame before (before-frame.ts).
import type { CallOptions, Driver, RawImage } from '../../drivers/index.js';
import type { ActionSource, EventLog, GestureRecord } from '../../events/index.js';
import {
  reportChanged,
  situationReport,
  type DeviceObserver,
  type LogRecord,
  type Observation,
  type PixelVerdict,
  type Screen,
  type ScreenElement,
  type SituationReport,
  type WaitClock,
} from '../../observe/index.js';
import type { Candidate, Target } from '../locator/index.js';
import type { Expected } from '../schema/expected.js';
import type { PrimitiveName } from '../schema/registry.js';
import { actOn } from './act.js';
import { beforeFrame, type BeforeFrame } from './before-frame.js';
import type { DialogScope } from './dialog-policy.js';
import { checkExpected } from './expected-check.js';
import { failOnFatal, FatalSignals } from './fatal.js';
import type { FrameRecorder } from './frames.js';
import { poll, ready, type ReadyOptions } from './ready.js';
import { pauseMs, settle } from './settle.js';
import { SleepCounter, type DeviceMeter } from './timing.js';
import type { DialogPolicy } from './types.js';

export { centre } from './dialog-policy.js';

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

/** What an action's target resolved to: the target, whether the match was ambiguous, and the candidate taken. */
export interface Located {
  target: Target;
  ambiguous: boolean;
  chosen?: number;
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
  located?: Located;
  output: { png?: Buffer; text?: string } = {};
  /** Log entries seen by this action's looks. */
  readonly logs: LogRecord[] = [];
  /** One line per system dialog answered by policy. */
  readonly dialogsAnswered: string[] = [];
  /** The touch made, for the trace (device pixels). */
  gesture?: GestureRecord;
  /** The screen before, for the trace: the frame already stored for it, or a screenshot taken then. */
  beforeFrame?: BeforeFrame;
  /** The screen before with its pixels read against its tree, when the target was located on it so (ready.ts). */
  drawnBefore?: Observation;
  /** The screenshot last read for the pixels before acting: the trace's frame before, when it is of that screen. */
  private shot?: { contentKey: string; image: RawImage };
  /** The first crash and ANR this action's looks reported. */
  readonly fatal = new FatalSignals();

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

  /** What the dialog policy needs of this action. */
  get dialogScope(): DialogScope {
    return { driver: this.driver, call: this.call, clock: this.clock, primitive: this.primitive, policy: this.state.dialogs, answered: this.dialogsAnswered };
  }

  async look(): Promise<Observation> {
    const look = await this.state.observer.look({ ...this.call, app: this.state.app ?? this.state.frontApp });
    this.logs.push(...look.logs);
    this.fatal.note(look.report);
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
    this.fatal.forget();
    await this.begin(o);
    return o;
  }

  /** The app whose screen this is: the configured app, else the app window on screen, else the one last seen. */
  appInFront(screen: Screen): string | undefined {
    const shown = screen.windows.find((w) => w.kind === 'app')?.package;
    if (shown) this.state.frontApp = shown;
    return this.state.app ?? shown ?? this.state.frontApp;
  }

  /** `o` with what a screenshot taken now says against its tree, when the observer reads pixels (DeviceObserver.judgePixels). */
  async judgePixels(o: Observation): Promise<PixelVerdict> {
    const verdict = await this.state.observer.judgePixels(o, this.call);
    if (this.latest === o) this.latest = verdict.observation;
    if (verdict.image && !this.before) this.shot = { contentKey: o.contentKey, image: verdict.image };
    return verdict;
  }

  /** Waits for an idle screen and, with a target, for the target (ready.ts). */
  ready(options: ReadyOptions = {}): Promise<Candidate | undefined> {
    return ready(this, options);
  }

  /** Looks until `check` finds nothing missing or `timeoutMs` passes; returns what was last missing (ready.ts). */
  poll(timeoutMs: number, check: (o: Observation) => string | undefined, options: { target?: Target; pixels?: boolean } = {}): Promise<string | undefined> {
    return poll(this, { timeoutMs, check, ...options });
  }

  /** Reads the screen after acting until it has settled, and reports what changed (settle.ts). */
  settle(): Promise<Observation> {
    return settle(this);
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
    return pauseMs(readsSoFar, this.state.observer.readMs);
  }

  /** Records `o` as the screen after acting and compares it with the screen before. */
  finishWith(o: Observation): void {
    this.after = o;
    this.report = situationReport({ recent: this.before ? [this.before] : [], after: o, logs: this.logs });
  }

  /** Acts, settles, and acts once more when nothing changed; RETRY NoEffect when still nothing (act.ts). */
  actOn(target: Target, act: (element: ScreenElement) => Promise<void>): Promise<ScreenElement>;
  actOn(target: undefined, act: () => Promise<void>): Promise<undefined>;
  actOn<E extends ScreenElement | undefined>(target: Target | undefined, act: (element: E) => Promise<void>): Promise<E> {
    return actOn(this, target, act);
  }

  /** Whether anything a person would notice changed between before and after. */
  changed(): boolean {
    return this.report !== undefined && reportChanged(this.report);
  }

  /** Polls `expected` briefly on the screen after acting; FAIL ExpectationFailed when it does not hold (expected-check.ts). */
  checkExpected(expected: Expected | undefined): Promise<void> {
    return checkExpected(this, expected);
  }

  /** A crash or ANR, from the logs or a dialog on screen, ends the action: the product failed (fatal.ts). */
  failOnFatal(o: Observation): Promise<void> {
    return failOnFatal(this, o);
  }

  recordCandidates(candidates: Candidate[], { target, ambiguous, chosen }: Located): void {
    this.candidates = candidates;
    this.located = { target, ambiguous, ...(chosen === undefined ? {} : { chosen }) };
  }

  /** Takes `o` as the screen before acting (the first time only), with its frame when frames are kept. */
  async begin(o: Observation): Promise<void> {
    if (this.before) return;
    this.before = o;
    const frames = this.state.frames;
    const shot = this.shot?.contentKey === o.contentKey ? this.shot.image : undefined;
    if (frames) this.beforeFrame = await beforeFrame({ frames, driver: this.driver, call: this.call, shot }, o);
  }

  /** Records the touch made, in the coordinates of the screen before. */
  touched(kind: GestureRecord['kind'], points: GestureRecord['points'], repeat?: number): void {
    const screen = (this.latest ?? this.before)?.screen;
    if (!screen) return;
    const round = (n: number) => Math.round(n);
    this.gesture = {
      kind,
      points: points.map((p) => ({ x: round(p.x), y: round(p.y) })),
      screen: { width: screen.width, height: screen.height },
      ...(repeat !== undefined && repeat > 1 ? { repeat } : {}),
    };
  }
}
