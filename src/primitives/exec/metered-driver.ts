// Device calls measured without touching the driver: a Driver that passes every call on to the one it
// wraps and meters it. Calls the driver makes to itself go to the driver, so they are not counted again.
import type { Driver } from '../../drivers/index.js';
import { DeviceMeter } from './timing.js';

interface Metered {
  driver: Driver;
  meter: DeviceMeter;
}

/** The metered driver of each driver, and each metered driver's own entry: every user of a device shares one meter. */
const metered = new WeakMap<Driver, Metered>();

/**
 * The metered stand-in for `driver` (the same one on every call, and `driver` itself when it is one):
 * build the observer shared with an executor on it, so its reads are measured with the executor's calls.
 */
export function meteredDriver(driver: Driver): Driver {
  return entryOf(driver).driver;
}

/** The meter of `driver`'s metered stand-in. */
export function meterOf(driver: Driver): DeviceMeter {
  return entryOf(driver).meter;
}

function entryOf(driver: Driver): Metered {
  let entry = metered.get(driver);
  if (!entry) {
    const meter = new DeviceMeter();
    entry = { driver: wrap(driver, meter), meter };
    metered.set(driver, entry);
    metered.set(entry.driver, entry);
  }
  return entry;
}

function wrap(driver: Driver, meter: DeviceMeter): Driver {
  const methods = new Map<PropertyKey, unknown>();
  return new Proxy(driver, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function' || property === 'constructor') return value;
      let method = methods.get(property);
      if (!method) {
        const name = String(property);
        const original = value as (...args: unknown[]) => unknown;
        method = (...args: unknown[]): unknown => meter.measure(name, () => original.apply(target, args));
        methods.set(property, method);
      }
      return method;
    },
  });
}
