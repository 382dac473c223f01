// Where an action's time goes: inside device calls, in deliberate waits, or in the harness itself.
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Driver } from '../../drivers/index.js';
import type { DeviceCallTally } from '../../events/index.js';
import type { WaitClock } from '../../observe/index.js';

const meters = new WeakMap<Driver, DeviceMeter>();
/** The driver whose call is running in this async context, so its calls to itself are not counted again. */
const insideCall = new AsyncLocalStorage<Driver>();

/**
 * Measures the wall time during which at least one call to a driver is in flight (parallel calls
 * count once). The driver's methods are wrapped in place, once per driver object, so calls made by
 * an observer that was built on the same driver elsewhere are measured too.
 */
export class DeviceMeter {
  private inFlight = 0;
  private since = 0;
  private total = 0;
  /** Calls so far by driver method, each with its own time (parallel calls each count theirs). */
  private readonly calls = new Map<string, { count: number; ms: number }>();

  private constructor() {}

  static of(driver: Driver): DeviceMeter {
    let meter = meters.get(driver);
    if (!meter) {
      meter = new DeviceMeter();
      meter.instrument(driver);
      meters.set(driver, meter);
    }
    return meter;
  }

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

  /** A call is counted when it starts and its time added when it ends (a frame's capture ends during the next action). */
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

  private instrument(driver: Driver): void {
    const target = driver as unknown as Record<string, unknown>;
    for (const name of methodNames(driver)) {
      const original = target[name] as (...args: unknown[]) => unknown;
      Object.defineProperty(driver, name, {
        configurable: true,
        writable: true,
        value: (...args: unknown[]): unknown => {
          // A call the driver makes to its own methods (its private helpers included) is part of the outer one.
          if (insideCall.getStore() === driver) return original.apply(driver, args);
          this.begin();
          const tally = this.tallyOf(name);
          tally.count++;
          const started = performance.now();
          const done = () => {
            this.end();
            tally.ms += performance.now() - started;
          };
          let result: unknown;
          try {
            result = insideCall.run(driver, () => original.apply(driver, args));
          } catch (error) {
            done();
            throw error;
          }
          if (result instanceof Promise) return result.finally(done);
          done();
          return result;
        },
      });
    }
  }
}

function methodNames(driver: Driver): string[] {
  const names = new Set<string>();
  for (let proto = Object.getPrototypeOf(driver) as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, name);
      if (name !== 'constructor' && typeof descriptor?.value === 'function') names.add(name);
    }
  }
  for (const name of Object.keys(driver)) if (typeof (driver as unknown as Record<string, unknown>)[name] === 'function') names.add(name);
  return [...names];
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
