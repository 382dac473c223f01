// The truth battery's phone: one virtual phone per worker behind a private real adb server, driven by
// mobiletest's own device fixture through the real Android driver on that server (as a run on a USB
// phone is), and read back through the adb CLI alone.
import { AndroidDriver, test as mobile, type DeviceLease } from '../../runner/index.js';
import { PrivateAdbServer, startSim, type Sim } from '../../src/sim/index.js';
import { AdbPhone } from '../support/adb.js';

export interface TruthPhone {
  sim: Sim;
  adb: PrivateAdbServer;
  /** The phone as `adb -s SERIAL shell …` reaches it: the battery's only way to read the truth. */
  phone: AdbPhone;
}

export const test = mobile.extend<object, { truthSeed: number; truthPhone: TruthPhone }>({
  // The virtual phone's seed: the same notes, promos and timings on every run.
  truthSeed: [1, { option: true, scope: 'worker' }],
  truthPhone: [
    async ({ truthSeed }, use) => {
      const sim = await startSim({ port: 0, seed: truthSeed });
      let adb: PrivateAdbServer | undefined;
      try {
        adb = await PrivateAdbServer.start();
        await use({ sim, adb, phone: new AdbPhone(adb, await adb.connect(sim)) });
      } finally {
        await adb?.stop();
        await sim.stop();
      }
    },
    { scope: 'worker' },
  ],
  // The worker's own phone, leased as mobiletest leases a connected device: the driver prepared once, closed at the end.
  deviceLease: [
    async ({ truthPhone }, use) => {
      const { adb, phone } = truthPhone;
      const driver = await AndroidDriver.connect({ port: adb.port, serial: phone.serial });
      await driver.prepare();
      const lease: DeviceLease = {
        kind: 'adb',
        serial: phone.serial,
        driver,
        sim: undefined,
        installedApps: async () => truthPhone.sim.phone.packages.list().map((p) => p.name),
        ensureConnected: async () => undefined,
        release: () => driver.close(),
      };
      try {
        await use(lease);
      } finally {
        await lease.release();
      }
    },
    { scope: 'worker' },
  ],
});
