import { expect, test } from '@playwright/test';
import { createPhone } from '../phone.js';
import { phoneShell } from '../shell/index.js';
import { listenDevice, type DeviceListener } from './device-transport.js';
import { isEmulatorPort } from './emulator.js';
import { createServiceHost } from './services.js';
import { PrivateAdbServer, adbMissingReason } from '../private-adb.js';

// These tests bind ports in adb's emulator range (odd ports 5555..5585), so they run one at a time.
test.describe.configure({ mode: 'serial' });

let adb: PrivateAdbServer | undefined;
const devices: DeviceListener[] = [];

test.beforeEach(() => {
  const reason = adbMissingReason();
  test.skip(!!reason, reason);
});

test.afterEach(async () => {
  await adb?.stop();
  adb = undefined;
  for (const device of devices.splice(0)) await device.close();
});

/** Listens on the highest free emulator port (the CLI's default is the lowest, 5555). */
async function listenOnEmulatorPort(
  options: { announceTo?: { port: number } } = {},
): Promise<{ device: DeviceListener; serial: string; phone: ReturnType<typeof createPhone> }> {
  for (let port = 5585; port >= 5555; port -= 2) {
    const phone = createPhone({ apps: [] });
    try {
      const device = await listenDevice({ phone, services: createServiceHost(phone, phoneShell), port, announceTo: options.announceTo, log: () => undefined });
      devices.push(device);
      return { device, serial: `emulator-${port - 1}`, phone };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error('every emulator port 5555..5585 is in use');
}

test('a phone on an emulator port is listed as emulator-N by an adb server started after it, with no connect', async () => {
  const { device, serial } = await listenOnEmulatorPort();
  expect(isEmulatorPort(device.port)).toBe(true);
  adb = await PrivateAdbServer.start({ scanEmulatorPorts: true });
  await adb.waitForState(serial, 'device');
  expect((await adb.ok(['-s', serial, 'shell', 'echo from the emulator port'])).text).toBe('from the emulator port\n');
  expect((await adb.ok(['-s', serial, 'get-serialno'])).text).toBe(`${serial}\n`);
  // The transport's name is adb's; the phone's own serial is its hardware's, as on an emulator (EMULATOR35X…).
  expect((await adb.ok(['-e', 'shell', 'getprop ro.serialno'])).text).toBe('MTSIM0001\n');
});

test('a phone that announces itself is found by a running adb server, and again after being offline', async () => {
  adb = await PrivateAdbServer.start({ scanEmulatorPorts: true });
  const { serial, phone } = await listenOnEmulatorPort({ announceTo: { port: adb.port } });
  await adb.waitForState(serial, 'device');
  phone.faults.goOffline();
  await expect.poll(async () => (await adb?.run(['devices']))?.text).not.toContain(`${serial}\tdevice`);
  phone.faults.goOnline();
  await adb.waitForState(serial, 'device');
  expect((await adb.ok(['-s', serial, 'shell', 'echo back'])).text).toBe('back\n');
});
