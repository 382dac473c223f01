// Waiting for the screen: idle (two observations in a row agree, nothing loading), loading
// (a progress bar or a "Loading…" text), error (a crash or ANR dialog) — or a target shows up.
import type { Observation } from './observation.js';
import type { Screen, ScreenElement } from './screen-types.js';
import { WaitTimeoutError } from './wait-error.js';
import { elementLine } from './screen-text.js';

export type ScreenState = 'idle' | 'loading' | 'error';

export interface WaitClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export interface WaitOptions {
  observe: () => Promise<Observation>;
  /** Ends the wait as soon as it holds, even while a spinner still turns. */
  until?: (observation: Observation) => boolean;
  /** Names the target in a timeout message ('"Checkout" on screen'). */
  describe?: string;
  timeoutMs?: number;
  intervalMs?: number;
  /** The wait after the nth read (from 0) instead of a fixed interval between reads' starts. */
  pause?: (reads: number) => number;
  /**
   * 'one-read': a read with nothing loading on it is idle, as a stock uiautomator dump waits for the
   * screen to be idle before it dumps. 'two-reads' (default): two reads in a row must agree.
   */
  idleAfter?: 'one-read' | 'two-reads';
  /** Time source; the real clock by default, a device's clock in tests. */
  clock?: WaitClock;
  signal?: AbortSignal;
}

export interface WaitResult {
  /** 'target' when `until` held; 'error' for a crash or ANR dialog. */
  state: 'idle' | 'error' | 'target';
  observation: Observation;
  polls: number;
  elapsedMs: number;
}

const LOADING_TEXT =
  /^(?:loading|please wait|refreshing|searching|connecting|updating|syncing|signing in)\b|\b(?:loading|please wait)\b|ing\b[^.…]{0,40}(?:…|\.{3})$|加载中|正在加载|请稍候/i;
const LOADING_TEXT_MAX = 60;
const ERROR_TITLE = /keeps stopping|has stopped|isn['’]t responding|is not responding/;

const realClock: WaitClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Sleeps what is left of `intervalMs` since a look began at `since`: looks start an interval apart
 * however long each takes, so a slow device (a dump of several hundred ms) is not made slower still.
 */
export async function sleepRest(clock: WaitClock, since: number, intervalMs: number): Promise<void> {
  const rest = intervalMs - (clock.now() - since);
  if (rest > 0) await clock.sleep(rest);
}

/** What the screen is doing: loading while a progress bar or a loading text shows, error under a crash or ANR dialog. */
export function screenState(screen: Screen): ScreenState {
  if (screen.elements.some((e) => (e.role === 'dialog' || e.role === 'text') && ERROR_TITLE.test(e.label))) return 'error';
  return loadingSigns(screen).length > 0 ? 'loading' : 'idle';
}

function loadingSigns(screen: Screen): ScreenElement[] {
  // A loading message is short: a long text cut off with '…' ("…supports fast charg…") is not one.
  return screen.elements.filter(
    (e) => e.role === 'progress' || ((e.role === 'text' || e.role === 'dialog') && e.label.length <= LOADING_TEXT_MAX && LOADING_TEXT.test(e.label)),
  );
}

/** Polls `observe` until the screen settles, shows an error, or `until` holds; throws WaitTimeoutError naming what it last saw. */
export async function waitForScreen(options: WaitOptions): Promise<WaitResult> {
  const clock = options.clock ?? realClock;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const intervalMs = options.intervalMs ?? 250;
  const start = clock.now();
  let previous: Observation | undefined;
  let polls = 0;
  for (;;) {
    options.signal?.throwIfAborted();
    const lookedAt = clock.now();
    const observation = await options.observe();
    polls++;
    const done = (state: WaitResult['state']): WaitResult => ({ state, observation, polls, elapsedMs: clock.now() - start });
    if (options.until?.(observation)) return done('target');
    const state = screenState(observation.screen);
    if (state === 'error') return done('error');
    if (!options.until && state === 'idle' && (options.idleAfter === 'one-read' || previous?.contentKey === observation.contentKey)) return done('idle');
    if (clock.now() - start >= timeoutMs) {
      const settled = previous?.contentKey === observation.contentKey;
      throw new WaitTimeoutError({
        waitedFor: options.describe ?? (options.until ? 'the target' : 'the screen to settle'),
        timeoutMs,
        observation,
        state: state === 'idle' && !settled ? 'changing' : state,
        seen: seen(observation.screen, state, settled),
      });
    }
    previous = observation;
    if (options.pause) await clock.sleep(options.pause(polls - 1));
    else await sleepRest(clock, lookedAt, intervalMs);
  }
}

function seen(screen: Screen, state: ScreenState, settled: boolean): string {
  const app = screen.foreground ? `${screen.foreground.package}${screen.foreground.activity ? `/${screen.foreground.activity}` : ''}` : 'an unknown app';
  const what =
    state === 'loading'
      ? `still loading (${loadingSigns(screen).slice(0, 3).map(elementLine).join('; ')})`
      : settled
        ? 'idle but without the target'
        : 'still changing';
  return `${what} on ${app} with ${screen.elements.length} elements`;
}
