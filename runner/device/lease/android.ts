// Android leases: the virtual phone started in this worker, or a device an adb server lists.
import { AndroidDriver, type Driver } from '../../../src/drivers/index.js';
import { adbClient } from '../../../src/drivers/android/adb-client.js';
import { startSim, type Sim } from '../../../src/sim/index.js';
import { adbServerAddress } from '../../../src/drivers/android/server-address.js';
import { DeviceLock } from './lock.js';
import { answers, reconnect, simTiming, type DeviceLease } from './lease.js';

export class SimLease implements DeviceLease {
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

  installedApps(): Promise<string[] | undefined> {
    return installedPackages(this.serial, { host: '127.0.0.1', port: this.current.serverPort ?? 0 });
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

export class AdbLease implements DeviceLease {
  readonly kind = 'adb';
  readonly sim = undefined;

  private constructor(
    readonly serial: string,
    private connection: Driver,
    private readonly lock: DeviceLock,
  ) {}

  /** Leases `serial`, under `held` when its lock was taken already (a team's devices are locked together). */
  static async open(serial: string, held?: DeviceLock): Promise<AdbLease> {
    const lock = held ?? (await DeviceLock.acquire(serial));
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

  installedApps(): Promise<string[] | undefined> {
    const { host, port } = adbServerAddress();
    return installedPackages(this.serial, { host, port });
  }

  async ensureConnected(): Promise<void> {
    if (await answers(this.connection)) return;
    await this.connection.close().catch(() => undefined);
    this.connection = await reconnect({
      device: `Device ${this.serial}`,
      hint: 'reconnect it (adb devices)',
      connect: (timeoutMs) => AndroidDriver.connect({ serial: this.serial, timeoutMs }),
    });
  }

  async release(): Promise<void> {
    await this.connection.close().catch(() => undefined);
    await this.lock.release();
  }
}

/** The packages installed on a device (pm list packages); undefined when the adb server cannot say. */
function installedPackages(serial: string, server: { host: string; port: number }): Promise<string[] | undefined> {
  const client = adbClient({ ...server, describe: `the adb server at ${server.host}:${server.port}`, explicit: true });
  return client
    .getDevice(serial)
    .getPackages()
    .catch(() => undefined);
}
