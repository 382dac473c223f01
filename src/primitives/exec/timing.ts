// Where an action's time goes: inside device calls, in deliberate waits, or in the harness itself.
import type { DeviceCallTally } from '../../events/index.js';
import type { WaitClock } from '../../observe/index.js';

/**
 * Measures the wall time during which at least one device call is in flight (parallel calls count
 * once), and each call by name. The calls are handed to it by a metered driver (metered-driver.ts).
 */
export class DeviceMeter {
  private inFlight = 0;
  private since = 0;
  private total = 0;
  /** Calls so far by driver method, each with its own time (parallel calls each count theirs). */
  private readonly calls = new Map<string, { count: number; ms: number }>();

  /** Device milliseconds so far, the call in flight included. */
  elapsed(): number {
    return this.total + (this.inFlight > 0 ? performance.now() - this.since : 0);
  }

  /** A copy of the tallies so far, to diff against later with `callsSince`. */
  tally(): Map<string, { count: number; ms: number }> {
    return new Map([...this.calls].map(([name, t]) => [name, { ...t }]));
  }

  /** The driver calls made since `earlier` (a `tally()`), one entry per method, in the order first made. */
  callsSince(earlier: Map<string, { count: number; ms: number }>): DeviceCallTally[] {
    const out: DeviceCallTally[] = [];
    for (const [call, now] of this.calls) {
      const before = earlier.get(call) ?? { count: 0, ms: 0 };
      if (now.count > before.count || now.ms > before.ms) out.push({ call, count: now.count - before.count, ms: Math.round((now.ms - before.ms) * 100) / 100 });
    }
    return out;
  }

  /** Runs the device call `name`: counted when it starts, its time added when it ends (a frame's capture ends during the next action). */
  measure<T>(name: string, call: () => T): T {
    this.begin();
    const tally = this.tallyOf(name);
    tally.count++;
    const started = performance.now();
    const done = () => {
      this.end();
      tally.ms += performance.now() - started;
    };
    let result: T;
    try {
      result = call();
    } catch (error) {
      done();
      throw error;
    }
    if (result instanceof Promise) return result.finally(done) as T;
    done();
    return result;
  }

  private tallyOf(name: string): { count: number; ms: number } {
    let t = this.calls.get(name);
    if (!t) this.calls.set(name, (t = { count: 0, ms: 0 }));
    return t;
  }

  private begin(): void {
    if (this.inFlight++ === 0) this.since = performance.now();
  }

  private end(): void {
    if (--this.inFlight === 0) this.total += performance.now() - this.since;
  }
}

export const realClock: WaitClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A wait clock that also counts how long an action slept on purpose (polling intervals). */
export class SleepCounter implements WaitClock {
  slept = 0;

  constructor(private readonly clock: WaitClock) {}

  now(): number {
    return this.clock.now();
  }

  async sleep(ms: number): Promise<void> {
    const start = performance.now();
    try {
      await this.clock.sleep(ms);
    } finally {
      this.slept += performance.now() - start;
    }
  }
}
