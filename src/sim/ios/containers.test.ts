// An app's data on the virtual iPhone lives in its container folder, as on a simulator: emptying the
// folder (as test tools clear an app) wipes what the app stored, and the app next starts as new.
import { test, expect } from '@playwright/test';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSim, type IosSim } from '../index.js';

let registryDir: string;
let sim: IosSim;

test.beforeEach(async () => {
  registryDir = mkdtempSync(path.join(os.tmpdir(), 'iphone-containers-'));
  sim = await startSim({ platform: 'ios', registryDir });
});

test.afterEach(async () => {
  await sim.stop();
  rmSync(registryDir, { recursive: true, force: true });
});

const alertUp = () => sim.phone.ui.dumpWindowsXml().includes('Would Like to Send You Notifications');

function answerAlert(label: string): void {
  const match = new RegExp(`text="${label}"[^>]*bounds="\\[(\\d+),(\\d+)\\]\\[(\\d+),(\\d+)\\]"`).exec(sim.phone.ui.dumpWindowsXml());
  if (!match) throw new Error(`no "${label}" button on screen`);
  const [l, t, r, b] = match.slice(1).map(Number);
  sim.phone.ui.tap((l + r) / 2, (t + b) / 2);
}

test("emptying an app's data container makes its next start a first start; an untouched container keeps its data", () => {
  const container = sim.simctl.simulator.dataContainer('com.example.shop');
  expect(readdirSync(container).sort()).toEqual(['Documents', 'Library', 'tmp']);
  expect(readdirSync(path.join(container, 'Library', 'Preferences'))).toEqual(['com.example.shop.plist']);

  sim.phone.ui.launch('com.example.shop');
  expect(alertUp()).toBe(true);
  answerAlert('Don’t Allow');
  sim.phone.ui.forceStop('com.example.shop');
  sim.phone.ui.launch('com.example.shop');
  // Its second start: the app asks for notifications on its first start only.
  expect(alertUp()).toBe(false);

  sim.phone.ui.forceStop('com.example.shop');
  for (const inside of ['Documents', 'Library', 'tmp']) rmSync(path.join(container, inside), { recursive: true, force: true });
  sim.phone.ui.launch('com.example.shop');
  expect(alertUp()).toBe(true);
  // The container is there again for the app to write to.
  expect(readdirSync(path.join(container, 'Library', 'Preferences'))).toEqual(['com.example.shop.plist']);
});

test("the simulator's folders go when it stops", async () => {
  const container = sim.simctl.simulator.dataContainer('com.example.notes');
  expect(readdirSync(container).length).toBe(3);
  await sim.stop();
  expect(() => readdirSync(container)).toThrow(/ENOENT/);
  sim = await startSim({ platform: 'ios', registryDir });
});
