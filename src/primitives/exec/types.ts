// The executor's contract: what running one primitive takes and what it answers.
import type { Driver } from '../../drivers/index.js';
import type { ActionSource, ActionTimings, EventLog, FailureCategory, Location, Verdict } from '../../events/index.js';
import type { DeviceObserver, Observation, ScreenElement, SituationReport, WaitClock } from '../../observe/index.js';
import type { Candidate } from '../locator/index.js';
import type { FrameRecorder } from './frames.js';
import type { PrimitiveCall, PrimitiveName } from '../schema/registry.js';

/** Whose fault a failed action is; reporters show it as the failure type. */
export type { FailureCategory };

/** What to do when a system dialog (permission prompt, crash or ANR dialog) covers the app before an action. */
export const DIALOG_POLICIES = ['allow', 'deny', 'fail'] as const;
export type DialogPolicy = (typeof DIALOG_POLICIES)[number];

export interface ExecutorTimeouts {
  /** How long an action waits for its target to appear (default 10 000 ms). */
  target?: number;
  /** How long an action waits for the screen to settle before and after acting (default 5 000 ms). */
  idle?: number;
  /** Default for assertions and wait_for without timeout_ms (default 5 000 ms). */
  assertion?: number;
}

export interface ExecutorOptions {
  driver: Driver;
  /**
   * Shared with other users of the device so refs stay stable; created when absent. Build it on
   * `meteredDriver(driver)`, so its reads count in each action's device time and calls.
   */
  observer?: DeviceObserver;
  /** Per-test evidence log; without it nothing is recorded. */
  log?: EventLog;
  /**
   * Screenshots for the trace, written beside `log` once per distinct frame and named by observation
   * events; none when absent (a screenshot per action costs a device call).
   */
  frames?: FrameRecorder;
  /** The app under test: the default for launch_app, stop_app and clear_app_data. */
  app?: string;
  /** Default 'allow'. */
  dialogs?: DialogPolicy;
  timeouts?: ExecutorTimeouts;
  /** Time source for waits; the real clock by default. */
  clock?: WaitClock;
  /** Aborts every action in flight (test end, worker teardown). */
  signal?: AbortSignal;
}

export interface RunOptions {
  /** Unique per execution; generated when absent. An id the log already completed is not run again. */
  actionId?: string;
  source?: ActionSource;
  /** Where the call was written (spec file and line), for events and reports. */
  location?: Location;
  parentActionId?: string;
  signal?: AbortSignal;
}

export interface ActionResult {
  actionId: string;
  primitive: PrimitiveName;
  verdict: Verdict;
  /** Set for every verdict but OK. */
  failure?: ActionFailureInfo;
  /** The element the action was aimed at, as located. */
  element?: ScreenElement;
  /** Ranked candidates for the target (first target for drag). */
  candidates: Candidate[];
  before?: Observation;
  after?: Observation;
  /** What changed between before and after. */
  report?: SituationReport;
  /** screenshot: the PNG; assertions and input_text: the text read back (masked when secret). */
  output?: { png?: Buffer; text?: string };
  timings: ActionTimings;
  /** True when the action id had already completed: nothing ran, the earlier verdict is returned. */
  duplicate?: boolean;
}

export interface ActionFailureInfo {
  /** Error class name: TargetNotFound, TargetAmbiguous, NoEffect, ExpectationFailed, AssertionFailed, DialogBlocked, AppCrashed, DeviceDisconnected, ... */
  name: string;
  /** A sentence a person can act on: what was asked, what the screen showed, what to do. */
  message: string;
  category: FailureCategory;
  /** What a person should do about it, in one sentence ("Did you mean "Log in" (button e5)? ..."). */
  suggestion?: string;
  /** The facts that decided the category, one short line each, secrets masked. */
  evidence?: string[];
}

/** Runs primitives on one device: wait, locate, act, verify, record. */
export interface PrimitiveRunner {
  readonly driver: Driver;
  readonly observer: DeviceObserver;
  run(call: PrimitiveCall, options?: RunOptions): Promise<ActionResult>;
}
