// Delayed work on the phone's clock, as an app posts it to its main-thread Handler.
import type { AppContext, Clock } from '../../types.js';

/** How long an app keeps its toast text before clearing it, so the same text can show again. */
export const TOAST_MS = 2000;

/** One pending run at a time: starting it again replaces the pending run (removeCallbacks, then postDelayed). */
export class OneShotTimer {
  private cancel: (() => void) | undefined;

  constructor(private readonly clock: Clock) {}

  start(ms: number, run: () => void): void {
    this.stop();
    this.cancel = this.clock.setTimeout(() => {
      this.cancel = undefined;
      run();
    }, ms);
  }

  stop(): void {
    this.cancel?.();
    this.cancel = undefined;
  }
}

/**
 * Shows something for a while, then takes it away and redraws the screen: a toast's text, an
 * undo snackbar. `set` writes it into the app's state; showing again restarts the wait.
 */
export class Expiring<T> {
  private readonly timer: OneShotTimer;

  constructor(private readonly o: { ctx: AppContext; ms: number; set: (value: T | undefined) => void }) {
    this.timer = new OneShotTimer(o.ctx.clock);
  }

  show(value: T): void {
    this.o.set(value);
    this.timer.start(this.o.ms, () => {
      this.o.set(undefined);
      this.o.ctx.invalidate();
    });
  }

  /** Takes it away now, without a redraw (the caller is redrawing anyway). */
  clear(): void {
    this.timer.stop();
    this.o.set(undefined);
  }
}
