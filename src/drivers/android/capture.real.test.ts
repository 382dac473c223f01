import { expect, test } from '@playwright/test';
import { startSim, type Sim } from '../../sim/index.js';
import { findNode } from '../testing/screen.js';
import { AndroidDriver } from './android-driver.js';
import type { RawImage } from '../types.js';

// A trace frame's capture is not awaited before the next action: on a phone paced as a real one, a
// touch asked for while a capture is under way must not show in its image.
const SETTINGS = 'com.android.settings';
let sim: Sim;
let driver: AndroidDriver;

test.beforeAll(async () => {
  sim = await startSim({ serverPort: 0, seed: 1, timing: 'real' });
  driver = await AndroidDriver.connect({ port: sim.serverPort });
});

test.afterAll(async () => {
  await driver?.close();
  await sim?.stop();
});

/** Share of pixels that differ, below the status bar (its clock may turn a minute between two captures). */
function changed(a: RawImage, b: RawImage): number {
  const start = 200 * a.width * 4;
  let differ = 0;
  for (let i = start; i < a.data.length; i += 4) if (a.data.readUInt32BE(i) !== b.data.readUInt32BE(i)) differ++;
  return differ / ((a.data.length - start) / 4);
}

test('a capture shows the screen as it was asked for, though a tap is asked for before its pixels arrive @real-timing', { tag: '@real-timing' }, async () => {
  await driver.launchApp(SETTINGS, { stopFirst: true });
  const xml = (await driver.hierarchy()).xml;
  const before = await driver.capture();

  // The tap is asked for at once; the driver holds it until screencap has taken its frame.
  const pending = driver.capture();
  await driver.tap(findNode(xml, { text: 'Network & internet' }));
  const shot = await pending;
  expect(changed(before, shot), 'the capture shows the screen before the tap').toBe(0);

  // And the tap did change the screen.
  expect((await driver.hierarchy()).xml).toContain('Airplane mode');
  expect(changed(before, await driver.capture())).toBeGreaterThan(0.05);
});
