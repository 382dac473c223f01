// The worker's device lease: which phone worker N drives, and getting it back after it went away.
import { AndroidDriver, DeviceError, type Driver } from '../../../src/drivers/index.js';
import { startSim, type Sim, type TimingMode } from '../../../src/sim/index.js';
import { adbServerAddress } from '../../../src/drivers/android/server-address.js';
import { adbDevices, describeListing, usable } from './adb.js';
import { DeviceLeaseError } from './lease-error.js';
import { DeviceLock } from './lock.js';
import { parseDeviceSpec, type DeviceSpec } from './spec.js';

export interface LeaseRequest {
  /** The `device` setting in force (MOBILETEST_DEVICE already applied). */
  setting: string | undefined;
  /** This worker's slot, 0 .. workers-1 (Playwright's parallelIndex). */
  parallelIndex: number;
  /** How many workers the run may start. */
  workers: number;
}

/** One device held by one worker for its lifetime. */
export interface DeviceLease {
  readonly kind: 'sim' | 'adb';
  /** The serial of the device now held. */
  readonly serial: string;
  readonly driver: Driver;
  /** The virtual phone, when the lease started one in this worker (for fault injection in tests). */
  readonly sim: Sim | undefined;
  /** The adb server the device is reached through. */
  readonly server: { host: string; port: number };
  /** Makes sure the device answers; reconnects, or leases a fresh virtual phone, when it went away. */
  ensureConnected(): Promise<void>;
  release(): Promise<void>;
}

const RECONNECT_MS = 30_000;
const PROBE_MS = 5_000;

async function answers(driver: Driver): Promise<boolean> {
  try {
    await driver.foreground({ timeoutMs: PROBE_MS });
    return true;
  } catch (error) {
    if (error instanceof DeviceError) return false;
    throw error;
  }
}

/** MOBILETEST_SIM_TIMING=real paces the leased virtual phones as a mid-range Android 14 phone; fast (default) answers at once. */
export function simTiming(env: NodeJS.ProcessEnv = process.env): TimingMode {
  const value = env.MOBILETEST_SIM_TIMING?.trim() || 'fast';
  if (value === 'fast' || value === 'real') return value;
  throw new DeviceLeaseError(`MOBILETEST_SIM_TIMING must be "fast" or "real", got "${value}". Unset it for the default (fast).`);
}

class SimLease implements DeviceLease {
  readonly kind = 'sim';

  private constructor(
    private current: Sim,
    private connection: Driver,
    private readonly seed: number,
  ) {}

  static async start(seed: number): Promise<SimLease> {
    const sim = await startSim({ serverPort: 0, seed, timing: simTiming() });
    try {
      return new SimLease(sim, await SimLease.connect(sim), seed);
    } catch (error) {
      await sim.stop();
      throw error;
    }
  }

  private static connect(sim: Sim): Promise<Driver> {
    return AndroidDriver.connect({ port: sim.serverPort, serial: sim.serial });
  }

  get serial(): string {
    return this.current.serial;
  }

  get driver(): Driver {
    return this.connection;
  }

  get sim(): Sim {
    return this.current;
  }

  get server(): { host: string; port: number } {
    return { host: '127.0.0.1', port: this.current.serverPort ?? 0 };
  }

  async ensureConnected(): Promise<void> {
    if (await answers(this.connection)) return;
    // A virtual phone that went away is replaced by a fresh one: the next tests run on a phone that answers.
    await this.release();
    this.current = await startSim({ serverPort: 0, seed: this.seed, timing: this.current.phone.timing.mode });
    this.connection = await SimLease.connect(this.current);
  }

  async release(): Promise<void> {
    await this.connection.close().catch(() => undefined);
    await this.current.stop().catch(() => undefined);
  }
}

class AdbLease implements DeviceLease {
  readonly kind = 'adb';
  readonly sim = undefined;
  readonly server = (({ host, port }) => ({ host, port }))(adbServerAddress());

  private constructor(
    readonly serial: string,
    private connection: Driver,
    private readonly lock: DeviceLock,
  ) {}

  static async open(serial: string): Promise<AdbLease> {
    const lock = await DeviceLock.acquire(serial);
    try {
      const driver = await AndroidDriver.connect({ serial });
      await driver.prepare();
      return new AdbLease(serial, driver, lock);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  get driver(): Driver {
    return this.connection;
  }

  async ensureConnected(): Promise<void> {
    if (await answers(this.connection)) return;
    await this.connection.close().catch(() => undefined);
    const deadline = Date.now() + RECONNECT_MS;
    for (;;) {
      try {
        this.connection = await AndroidDriver.connect({ serial: this.serial, timeoutMs: PROBE_MS });
        return;
      } catch (error) {
        if (Date.now() >= deadline) {
          throw new DeviceLeaseError(
            `Device ${this.serial} went away and did not come back within ${RECONNECT_MS / 1000} s: reconnect it (adb devices); ${(error as Error).message}`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  async release(): Promise<void> {
    await this.connection.close().catch(() => undefined);
    await this.lock.release();
  }
}

function tooManyWorkers(request: LeaseRequest, serials: string[], what: string): DeviceLeaseError {
  return new DeviceLeaseError(
    `${request.workers} workers but ${serials.length} device${serials.length === 1 ? '' : 's'} (${what}: ${serials.join(', ') || 'none'}): run with --workers ${Math.max(1, serials.length)}`,
  );
}

async function leaseSerial(request: LeaseRequest, spec: Extract<DeviceSpec, { kind: 'serials' }>): Promise<DeviceLease> {
  if (request.workers > spec.serials.length) throw tooManyWorkers(request, spec.serials, 'device setting');
  const serial = spec.serials[request.parallelIndex];
  const listing = await adbDevices();
  const state = listing.devices?.find((d) => d.id === serial)?.state;
  if (state !== 'device') {
    const problem = state === undefined ? 'is not connected' : `is ${state}`;
    throw new DeviceLeaseError(
      `Device ${serial} (from the device setting "${spec.serials.join(',')}") ${problem}: ${describeListing(listing)}; check the serial with \`mobiletest devices\``,
    );
  }
  return AdbLease.open(serial);
}

async function leaseAny(request: LeaseRequest, serials: string[], where: string): Promise<DeviceLease> {
  if (request.workers > serials.length) throw tooManyWorkers(request, serials, `connected to ${where}`);
  return AdbLease.open(serials[request.parallelIndex]);
}

/** Leases worker `parallelIndex` its own device as the setting says. */
export async function leaseDevice(request: LeaseRequest): Promise<DeviceLease> {
  const spec = parseDeviceSpec(request.setting);
  switch (spec.kind) {
    case 'sim':
      return SimLease.start(request.parallelIndex + 1);
    case 'serials':
      return leaseSerial(request, spec);
    case 'any': {
      const listing = await adbDevices();
      if (usable(listing.devices).length === 0) throw new DeviceLeaseError(`device "android:any" found no usable device: ${describeListing(listing)}`);
      return leaseAny(request, usable(listing.devices), listing.where);
    }
    case 'auto': {
      // Nothing configured: the connected devices if an adb server already runs with some, else the virtual phone.
      const listing = await adbDevices();
      const serials = usable(listing.devices);
      return serials.length === 0 ? SimLease.start(request.parallelIndex + 1) : leaseAny(request, serials, listing.where);
    }
  }
}
