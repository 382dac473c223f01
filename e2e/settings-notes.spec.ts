import { PNG } from 'pngjs';
import { test, expect } from '@playwright/test';
import type { PrivateAdbServer, Sim } from '../src/sim/index.js';
import { connectPhone, type AdbPhone } from './support/adb.js';

// Settings and Notes driven only through the real adb CLI.
let sim: Sim;
let adb: PrivateAdbServer;
let phone: AdbPhone;
let stop: () => Promise<void>;

test.beforeAll(async () => {
  ({ sim, adb, phone, stop } = await connectPhone({ apps: ['settings', 'notes'] }));
});

test.afterAll(async () => {
  await stop?.();
});

function meanBrightness(png: Buffer): number {
  const image = PNG.sync.read(png);
  let sum = 0;
  for (let i = 0; i < image.data.length; i += 4) sum += (image.data[i] + image.data[i + 1] + image.data[i + 2]) / 3;
  return sum / (image.data.length / 4);
}

test('the Wi-Fi switch writes settings, and settings put moves the switch', async () => {
  await phone.shell('am start -W -n com.android.settings/.Settings');
  await phone.tap('Network & internet');
  expect((await phone.find('switch_widget')).node).toContain('checked="true"');
  await phone.tap('switch_widget');
  expect(await phone.shell('settings get global wifi_on')).toBe('0\n');
  await phone.shell('settings put global wifi_on 1');
  expect((await phone.find('switch_widget')).node).toContain('checked="true"');
});

test('dark theme through settings put turns the screenshot dark', async () => {
  const light = meanBrightness((await adb.run(['-s', sim.serial, 'exec-out', 'screencap', '-p'])).stdout);
  await phone.shell('settings put secure ui_night_mode 2');
  const dark = meanBrightness((await adb.run(['-s', sim.serial, 'exec-out', 'screencap', '-p'])).stdout);
  expect(light).toBeGreaterThan(150);
  expect(dark).toBeLessThan(80);
  await phone.shell('settings put secure ui_night_mode 1');
});

test('Notes: a Compose-style dump with no resource-ids; swipe a note away and undo it', async () => {
  await phone.shell('monkey -p com.example.notes -c android.intent.category.LAUNCHER 1');
  const xml = await phone.dump();
  const appNodes = [...xml.matchAll(/<node [^>]*package="com\.example\.notes"[^>]*>/g)].map((m) => m[0]);
  expect(appNodes.length).toBeGreaterThan(10);
  expect(appNodes.filter((n) => /resource-id="com\.example\.notes/.test(n))).toEqual([]);
  expect(appNodes.some((n) => /content-desc="New note"/.test(n))).toBe(true);

  // The first note under the "Others" heading: its title is the label right after the heading.
  const labels = await phone.labels();
  const firstTitle = labels[labels.indexOf('Others') + 1];
  const { y } = await phone.find(firstTitle);
  await phone.shell(`input swipe 1000 ${y} 100 ${y} 200`);
  expect(await phone.labels()).not.toContain(firstTitle);
  expect(await phone.labels()).toContain('Note deleted');
  await phone.tap('Undo');
  expect(await phone.labels()).toContain(firstTitle);
});
