// iOS leases: the virtual iPhone started in this worker, or a simulator or device reached through WebDriverAgent.
import path from 'node:path';
import { DeviceError, IosDriver, type Driver } from '../../../src/drivers/index.js';
import { simctlPathDir, startSim, type IosSim } from '../../../src/sim/index.js';
import { DeviceLeaseError } from './lease-error.js';
import { DeviceLock } from './lock.js';
import { answers, reconnect, simTiming, tooManyWorkers, type DeviceLease, type LeaseRequest } from './lease.js';
import { iosDevice, type DeviceSpec, type IosDeviceName } from './spec.js';

/** The virtual iPhone: WebDriverAgent on a free port, and its simulator behind the `xcrun simctl` stand-in. */
export class IphoneSimLease implements DeviceLease {
  readonly kind = 'sim';

  private constructor(
    private current: IosSim,
    private connection: IosDriver,
    private readonly seed: number,
  ) {}

  static async start(seed: number): Promise<IphoneSimLease> {
    const sim = await startSim({ platform: 'ios', port: 0, seed, timing: simTiming() });
    try {
      return new IphoneSimLease(sim, await IphoneSimLease.connect(sim), seed);
    } catch (error) {
      await sim.stop();
      throw error;
    }
  }

  private static connect(sim: IosSim): Promise<IosDriver> {
    return IosDriver.connect({ wdaUrl: sim.wdaUrl, udid: sim.udid, xcrun: path.join(simctlPathDir(), 'xcrun') });
  }

  get serial(): string {
    return this.current.udid;
  }

  get driver(): Driver {
    return this.connection;
  }

  get sim(): IosSim {
    return this.current;
  }

  /** simctl lists apps only as a plist; a missing app shows when its launch fails, with the listapps hint. */
  installedApps(): Promise<string[] | undefined> {
    return Promise.resolve(undefined);
  }

  async ensureConnected(): Promise<void> {
    if (await answers(this.connection)) return;
    await this.release();
    this.current = await startSim({ platform: 'ios', port: 0, seed: this.seed, timing: this.current.phone.timing.mode });
    this.connection = await IphoneSimLease.connect(this.current);
  }

  async release(): Promise<void> {
    await this.connection.close().catch(() => undefined);
    await this.current.stop().catch(() => undefined);
  }
}

/** A simulator or device whose WebDriverAgent runs already (xcodebuild, Appium, go-ios, …): locked per UDID or URL. */
export class IosLease implements DeviceLease {
  readonly kind = 'ios';
  readonly sim = undefined;

  private constructor(
    private readonly name: IosDeviceName,
    private connection: IosDriver,
    private readonly lock: DeviceLock,
  ) {}

  static async open(name: IosDeviceName): Promise<IosLease> {
    const lock = await DeviceLock.acquire(name.udid ?? name.wdaUrl ?? 'ios');
    try {
      const driver = await IosDriver.connect({ udid: name.udid, wdaUrl: name.wdaUrl });
      await driver.prepare();
      return new IosLease(name, driver, lock);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  get serial(): string {
    return this.connection.id;
  }

  get driver(): Driver {
    return this.connection;
  }

  /** simctl lists apps only as a plist; a missing app shows when its launch fails, with the listapps hint. */
  installedApps(): Promise<string[] | undefined> {
    return Promise.resolve(undefined);
  }

  async ensureConnected(): Promise<void> {
    if (await answers(this.connection)) return;
    await this.connection.close().catch(() => undefined);
    this.connection = await reconnect({
      device: `iPhone ${this.serial}`,
      hint: 'check that its WebDriverAgent answers',
      connect: (timeoutMs) => IosDriver.connect({ udid: this.name.udid, wdaUrl: this.name.wdaUrl, timeoutMs }),
    });
  }

  async release(): Promise<void> {
    await this.connection.close().catch(() => undefined);
    await this.lock.release();
  }
}

/** The booted simulators xcrun lists; none where there is no xcrun (not macOS). */
async function bootedSimulators(): Promise<string[]> {
  const listed = await IosDriver.devices({ timeoutMs: 10_000 }).catch((error: unknown) => {
    if (error instanceof DeviceError) return [];
    throw error;
  });
  return listed
    .filter((d) => d.state === 'Booted')
    .map((d) => d.id)
    .sort();
}

/** Leases worker `parallelIndex` an iPhone as the setting says. */
export async function leaseIphone(request: LeaseRequest, spec: DeviceSpec): Promise<DeviceLease> {
  switch (spec.kind) {
    case 'sim':
      return IphoneSimLease.start(request.parallelIndex + 1);
    case 'serials': {
      if (request.workers > spec.serials.length) throw tooManyWorkers(request, spec.serials, 'device setting');
      const entry = spec.serials[request.parallelIndex];
      const name = iosDevice(entry) ?? { udid: entry, wdaUrl: undefined };
      return IosLease.open(name);
    }
    case 'any':
    case 'auto': {
      // A WebDriverAgent named in the environment, else the booted simulators, else (auto only) the virtual iPhone.
      const url = process.env.MOBILETEST_WDA_URL?.trim();
      if (url) return IosLease.open({ udid: process.env.MOBILETEST_IOS_UDID?.trim() || undefined, wdaUrl: url });
      const booted = await bootedSimulators();
      if (booted.length === 0 && spec.kind === 'auto') return IphoneSimLease.start(request.parallelIndex + 1);
      if (booted.length === 0) throw new DeviceLeaseError('device "ios:any" found no booted simulator: boot one (xcrun simctl boot NAME), or set device: sim');
      if (request.workers > booted.length) throw tooManyWorkers(request, booted, 'booted simulators');
      return IosLease.open({ udid: booted[request.parallelIndex], wdaUrl: undefined });
    }
  }
}
