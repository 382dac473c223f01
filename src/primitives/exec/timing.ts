// Where an action's time goes: inside device calls, in deliberate waits, or in the harness itself.
import type { Driver } from '../../drivers/index.js';
import type { WaitClock } from '../../observe/index.js';

const meters = new WeakMap<Driver, DeviceMeter>();

/**
 * Measures the wall time during which at least one call to a driver is in flight (parallel calls
 * count once). The driver's methods are wrapped in place, once per driver object, so calls made by
 * an observer that was built on the same driver elsewhere are measured too.
 */
export class DeviceMeter {
  private inFlight = 0;
  private since = 0;
  private total = 0;

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
          this.begin();
          let result: unknown;
          try {
            result = original.apply(driver, args);
          } catch (error) {
            this.end();
            throw error;
          }
          if (result instanceof Promise) return result.finally(() => this.end());
          this.end();
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
