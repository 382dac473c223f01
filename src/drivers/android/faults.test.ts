import { expect, test } from '@playwright/test';
import { PrivateAdbServer, adbMissingReason, startSim, type Sim } from '../../sim/index.js';
import { DeviceDisconnected } from '../errors/device-disconnected.js';
import { DeviceTimeout } from '../errors/device-timeout.js';
import { HierarchyUnavailable } from '../errors/hierarchy-unavailable.js';
import { ADB_PATHS, connectThrough, type Connected } from '../testing/paths.js';

// A device that is slow, busy or gone makes a call fail with a typed error that names it, never hang.
for (const path of ADB_PATHS) {
  test.describe(`a troubled device ${path}`, () => {
    let connected: Connected<Sim> | undefined;

    test.beforeEach(async () => {
      connected = await connectThrough(
        path,
        {
          startPhone: (options) => startSim({ ...options, seed: 2, apps: ['settings'] }),
          adb: { start: () => PrivateAdbServer.start(), missingReason: adbMissingReason },
        },
        { dumpRetry: { attempts: 5, backoffMs: 20 } },
      );
    });

    test.afterEach(async () => {
      await connected?.close();
    });

    test('a call past its deadline rejects with DeviceTimeout naming the command and the device; the next call works', async () => {
      const { driver, phone } = connected as Connected<Sim>;
      phone.phone.faults.set({ latencyMs: 500 });
      const late = await driver.hierarchy({ timeoutMs: 100 }).catch((error: unknown) => error);
      expect(late).toBeInstanceOf(DeviceTimeout);
      expect(late).toMatchObject({ device: driver.id, timeoutMs: 100 });
      expect((late as Error).message).toContain('uiautomator dump /dev/tty');
      expect((late as Error).message).toContain(driver.id);
      phone.phone.faults.set({ latencyMs: 0 });
      expect((await driver.hierarchy()).xml).toContain('</hierarchy>');
    });

    test('an aborted signal ends the call with its reason', async () => {
      const { driver, phone } = connected as Connected<Sim>;
      phone.phone.faults.set({ latencyMs: 500 });
      const controller = new AbortController();
      const call = driver.screenshot({ signal: controller.signal });
      controller.abort(new Error('the test moved on'));
      await expect(call).rejects.toThrow('the test moved on');
      await expect(driver.tap({ x: 1, y: 1 }, { signal: controller.signal })).rejects.toThrow('the test moved on');
    });

    test('a dump refused twice while the screen is busy succeeds on a later try', async () => {
      const { driver, phone } = connected as Connected<Sim>;
      phone.phone.faults.set({ idleStateErrors: 2 });
      expect((await driver.hierarchy()).xml).toContain('</hierarchy>');
      expect(phone.phone.faults.idleStateErrors).toBe(0);
    });

    test('a screen that never goes idle gives HierarchyUnavailable after a bounded number of tries', async () => {
      const { driver, phone } = connected as Connected<Sim>;
      phone.phone.faults.set({ idleStateErrors: 50 });
      const busy = await driver.hierarchy().catch((error: unknown) => error);
      expect(busy).toBeInstanceOf(HierarchyUnavailable);
      expect(busy).toMatchObject({ device: driver.id, attempts: 5 });
      expect((busy as Error).message).toContain('could not get idle state');
      expect(phone.phone.faults.idleStateErrors).toBe(45);
    });

    test('a device that goes offline during a dump ends the call with DeviceDisconnected, and later calls too', async () => {
      const { driver, phone } = connected as Connected<Sim>;
      phone.phone.faults.set({ latencyMs: 300 });
      const call = driver.hierarchy({ timeoutMs: 20_000 }).catch((error: unknown) => error);
      await new Promise((resolve) => setTimeout(resolve, 50));
      phone.phone.faults.goOffline();
      const gone = await call;
      expect(gone).toBeInstanceOf(DeviceDisconnected);
      expect((gone as Error).message).toContain(driver.id);
      await expect.poll(() => driver.tap({ x: 5, y: 5 }, { timeoutMs: 20_000 }).catch((error: unknown) => error)).toBeInstanceOf(DeviceDisconnected);
    });

    test('a connection dropped by the device ends the call with DeviceDisconnected', async () => {
      const { driver, phone } = connected as Connected<Sim>;
      phone.phone.faults.set({ dropAfterCommands: 1 });
      const results = [];
      for (let i = 0; i < 2; i++)
        results.push(
          await driver.hierarchy({ timeoutMs: 20_000 }).then(
            () => 'ok',
            (error: unknown) => error,
          ),
        );
      expect(results[0]).toBe('ok');
      expect(results[1]).toBeInstanceOf(DeviceDisconnected);
    });

    test('close ends calls in flight and refuses new ones', async () => {
      const { driver, phone } = connected as Connected<Sim>;
      phone.phone.faults.set({ latencyMs: 300 });
      const call = driver.screenshot().catch((error: unknown) => error);
      await driver.close();
      expect(await call).toBeInstanceOf(DeviceDisconnected);
      await expect(driver.hierarchy()).rejects.toThrow('the driver was closed');
    });
  });
}
