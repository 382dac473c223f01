import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { serveSimctl, simctlPathDir, startSim, type IosSim, type SimctlRegistration } from '../../sim/index.js';
import { UnsupportedDevice } from '../errors/unsupported-device.js';
import { IosDriver } from './ios-driver.js';

const SHOP = 'com.example.shop';
const NOTES = 'com.example.notes';

// The virtual iPhone behind the `xcrun simctl` stand-in, driven as a simulator on a Mac: node-simctl runs the stand-in's xcrun.
test.describe('IosDriver with xcrun simctl', () => {
  test.describe.configure({ mode: 'serial' });
  let sim: IosSim;
  let simulator: SimctlRegistration;
  let driver: IosDriver;
  let registry: string;
  const saved = { PATH: process.env.PATH, MOBILETEST_SIMULATORS_DIR: process.env.MOBILETEST_SIMULATORS_DIR };

  test.beforeAll(async () => {
    // A private registry, so simulators other test processes serve are not listed here.
    registry = mkdtempSync(path.join(os.tmpdir(), 'iosdriver-simctl-'));
    process.env.PATH = `${simctlPathDir()}${path.delimiter}${process.env.PATH}`;
    process.env.MOBILETEST_SIMULATORS_DIR = registry;
    sim = await startSim({ platform: 'ios' });
    simulator = await serveSimctl({ phone: sim.phone, identity: { udid: sim.udid, name: sim.name }, registryDir: registry });
    driver = await IosDriver.connect({ wdaUrl: sim.wdaUrl });
  });

  test.afterAll(async () => {
    await driver?.close();
    await simulator?.stop();
    await sim?.stop();
    process.env.PATH = saved.PATH;
    if (saved.MOBILETEST_SIMULATORS_DIR === undefined) delete process.env.MOBILETEST_SIMULATORS_DIR;
    else process.env.MOBILETEST_SIMULATORS_DIR = saved.MOBILETEST_SIMULATORS_DIR;
    rmSync(registry, { recursive: true, force: true });
  });

  test('devices lists the simulator, and connect picks the only booted one: its UDID, name and iOS version', async () => {
    expect(await IosDriver.devices()).toEqual([{ id: sim.udid, state: 'Booted', name: 'iPhone 15', runtime: 'iOS 17.5' }]);
    expect(driver.id).toBe(sim.udid);
    expect(await driver.deviceInfo()).toEqual({
      id: sim.udid,
      platform: 'ios',
      osVersion: '17.5',
      apiLevel: undefined,
      model: 'iPhone 15',
      manufacturer: 'Apple',
      virtual: true,
    });
    const byUdid = await IosDriver.connect({ wdaUrl: sim.wdaUrl, udid: sim.udid });
    expect(byUdid.id).toBe(sim.udid);
    await byUdid.close();
  });

  test('launch grants the permissions asked for through simctl privacy; notifications cannot be granted ahead and say so', async () => {
    await driver.launchApp(SHOP, { permissions: ['camera', 'location'] });
    const granted = sim.phone.packages.get(SHOP)?.granted ?? new Set<string>();
    expect([...granted]).toEqual(expect.arrayContaining(['android.permission.CAMERA', 'android.permission.ACCESS_FINE_LOCATION']));
    const notifications = await driver.grantPermission(SHOP, 'notifications').catch((error: unknown) => error);
    expect(notifications).toBeInstanceOf(UnsupportedDevice);
    expect((notifications as Error).message).toContain('acceptAlert');
    await expect(driver.grantPermission(SHOP, 'android.permission.CAMERA')).rejects.toThrow(/Unknown permission/);
  });

  test('a glance names the running apps by process id from launchctl, and app versions come from simctl appinfo', async () => {
    if ((await driver.alertText()) !== undefined) await driver.acceptAlert();
    const glance = await driver.glance({ apps: [SHOP, NOTES] });
    const shop = sim.phone.ui.processes().find((p) => p.package === SHOP);
    expect(glance.pids).toEqual({ [SHOP]: shop?.pid, [NOTES]: undefined });
    expect(glance.foreground.app).toBe(SHOP);
    expect(await driver.appVersion(SHOP)).toEqual({ name: expect.any(String), code: expect.any(Number) });
    expect(await driver.appVersion('com.example.missing')).toBeUndefined();
  });

  test("logs since a mark are the simulator's unified log, read with log show", async () => {
    const mark = await driver.mark();
    sim.phone.logcat.append({ pid: 4321, tid: 4321, priority: 'E', tag: 'Shop', message: 'payment failed: card declined', buffer: 'main' });
    const entries = await driver.logs({ since: mark });
    expect(entries.map((e) => e.message)).toContain('payment failed: card declined');
    const entry = entries.find((e) => e.message === 'payment failed: card declined');
    expect(entry).toMatchObject({ pid: 4321, priority: 'E' });
    expect(entry!.time >= mark.deviceTime).toBe(true);
  });
});
