import { expect, test } from '@playwright/test';
import { startSim, type Sim } from '../../sim/index.js';
import { AndroidDriver } from './android-driver.js';

let sim: Sim;
let driver: AndroidDriver;

test.beforeAll(async () => {
  sim = await startSim({ serverPort: 0, seed: 1 });
  driver = await AndroidDriver.connect({ port: sim.serverPort });
});

test.afterAll(async () => {
  await driver?.close();
  await sim?.stop();
});

function rotation(xml: string): string | undefined {
  return /<hierarchy rotation="(\d)"/.exec(xml)?.[1];
}

test('setOrientation turns the screen sideways with auto-rotate off, and back upright', async () => {
  await driver.launchApp('com.android.settings', { stopFirst: true });
  sim.phone.settings.system.set('accelerometer_rotation', '1');

  await driver.setOrientation('landscape');
  expect(rotation((await driver.hierarchy()).xml)).toBe('1');
  expect(sim.phone.settings.system.get('accelerometer_rotation')).toBe('0');
  const png = await driver.screenshot();
  // A PNG's width and height sit at bytes 16..24 of its header.
  expect(png.readUInt32BE(16)).toBeGreaterThan(png.readUInt32BE(20));

  await driver.setOrientation('portrait');
  expect(rotation((await driver.hierarchy()).xml)).toBe('0');
  const upright = await driver.screenshot();
  expect(upright.readUInt32BE(16)).toBeLessThan(upright.readUInt32BE(20));
});

test('an unknown orientation is refused before anything reaches the device', async () => {
  await expect(driver.setOrientation('sideways' as 'portrait')).rejects.toThrow('Unknown orientation "sideways": use portrait or landscape');
});
