// What a lease is: one device held by one worker, and the request that asks for it.
import { DeviceError, type Driver, type Platform } from '../../../src/drivers/index.js';
import type { IosSim, Sim, TimingMode } from '../../../src/sim/index.js';
import { DeviceLeaseError } from './lease-error.js';

export interface LeaseRequest {
  /** The `device` setting in force (MOBILETEST_DEVICE already applied). */
  setting: string | undefined;
  /** Which kind of device to lease (default android). */
  platform?: Platform;
  /** This worker's slot, 0 .. workers-1 (Playwright's parallelIndex). */
  parallelIndex: number;
  /** How many workers the run may start. */
  workers: number;
}

/** One device held by one worker for its lifetime. */
export interface DeviceLease {
  /** The virtual device started for this worker, an Android device on an adb server, or an iPhone through WebDriverAgent. */
  readonly kind: 'sim' | 'adb' | 'ios';
  /** The serial of the device now held. */
  readonly serial: string;
  readonly driver: Driver;
  /** The virtual phone, when the lease started one in this worker (for fault injection in tests). */
  readonly sim: Sim | IosSim | undefined;
  /** The app ids installed on the device; undefined when the device cannot say. */
  installedApps(): Promise<string[] | undefined>;
  /** Makes sure the device answers; reconnects, or leases a fresh virtual phone, when it went away. */
  ensureConnected(): Promise<void>;
  release(): Promise<void>;
}

/** MOBILETEST_SIM_TIMING=real paces the leased virtual phones as a mid-range Android 14 phone; fast (default) answers at once. */
export function simTiming(env: NodeJS.ProcessEnv = process.env): TimingMode {
  const value = env.MOBILETEST_SIM_TIMING?.trim() || 'fast';
  if (value === 'fast' || value === 'real') return value;
  throw new DeviceLeaseError(`MOBILETEST_SIM_TIMING must be "fast" or "real", got "${value}". Unset it for the default (fast).`);
}

export function tooManyWorkers(request: LeaseRequest, serials: string[], what: string): DeviceLeaseError {
  return new DeviceLeaseError(
    `${request.workers} workers but ${serials.length} device${serials.length === 1 ? '' : 's'} (${what}: ${serials.join(', ') || 'none'}): run with --workers ${Math.max(1, serials.length)}`,
  );
}

const RECONNECT_MS = 30_000;
/** How long a probe of a held device, or one reconnect attempt, may take. */
export const PROBE_MS = 5_000;

/** Whether the device answers a cheap call within the probe time. */
export async function answers(driver: Driver): Promise<boolean> {
  try {
    await driver.foreground({ timeoutMs: PROBE_MS });
    return true;
  } catch (error) {
    if (error instanceof DeviceError) return false;
    throw error;
  }
}

/**
 * Connects again to a device that went away, once a second for up to 30 s; then a DeviceLeaseError
 * says which device and what to check (`hint`).
 */
export async function reconnect<T>(o: { device: string; hint: string; connect: (timeoutMs: number) => Promise<T> }): Promise<T> {
  const deadline = Date.now() + RECONNECT_MS;
  for (;;) {
    try {
      return await o.connect(PROBE_MS);
    } catch (error) {
      if (!(error instanceof DeviceError) || Date.now() >= deadline) {
        throw new DeviceLeaseError(`${o.device} went away and did not come back within ${RECONNECT_MS / 1000} s: ${o.hint}; ${(error as Error).message}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
