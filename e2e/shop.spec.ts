import { test, expect } from '@playwright/test';
import type { PrivateAdbServer, Sim } from '../src/sim/index.js';
import { connectPhone, type AdbPhone } from './support/adb.js';

// The Shop sample app driven only through the real adb CLI, as a user's shell script would.
let sim: Sim;
let adb: PrivateAdbServer;
let phone: AdbPhone;
let stop: () => Promise<void>;

test.beforeAll(async () => {
  ({ sim, adb, phone, stop } = await connectPhone({ seed: 1 }));
});

test.afterAll(async () => {
  await stop?.();
});

test.describe.configure({ mode: 'serial' });

test('first launch asks for notifications; login stays disabled until both fields are filled', async () => {
  await phone.shell('am start -W -n com.example.shop/.MainActivity');
  expect(await phone.labels()).toContain('Allow Shop to send you notifications?');
  await phone.tap('Allow');
  expect(await phone.shell('dumpsys package com.example.shop | grep POST_NOTIFICATIONS')).toContain('granted=true');

  expect((await phone.find('login')).node).toContain('enabled="false"');
  await phone.tap('email');
  await phone.shell("input text 'alice@example.com'");
  expect((await phone.find('login')).node).toContain('enabled="false"');
  await phone.tap('password');
  await phone.shell("input text 'wrong'");
  expect((await phone.find('login')).node).toContain('enabled="true"');
  expect((await phone.find('password')).node).toContain('password="true"');
  expect(await phone.dump()).not.toContain('wrong');

  await phone.tap('Log in');
  expect((await phone.find('error')).node).toContain('text="Wrong email or password"');
});

test('the right password signs in; search shows a spinner, then results; adding to the cart updates the badge', async () => {
  await phone.tap('password');
  await phone.shell('input keyevent --longpress KEYCODE_DEL KEYCODE_DEL KEYCODE_DEL KEYCODE_DEL KEYCODE_DEL');
  await phone.shell("input text 'pass123'");
  await phone.tap('Log in');
  const promo = await phone.labels();
  if (promo.includes('No thanks')) await phone.tap('No thanks');
  expect((await phone.find('greeting')).node).toContain('text="Hi, Alice"');

  await phone.tap('Search');
  await phone.tap('search_src_text');
  await phone.shell('input text headphones && input keyevent KEYCODE_ENTER');
  expect(await phone.dump()).toContain('resource-id="com.example.shop:id/progress"');
  // The search takes 1–3 s of the phone's real clock.
  await expect.poll(async () => (await phone.labels()).includes('Noise Cancelling Headphones'), { timeout: 6000 }).toBe(true);

  await phone.tap('Noise Cancelling Headphones');
  await phone.tap('add_to_cart');
  expect((await phone.find('cart_badge')).node).toContain('text="1"');
  expect((await phone.find(/^Cart, 1 item/)).node).toBeTruthy();
});

test('the coupon CRASH kills the app: dialog, FATAL EXCEPTION in the crash log, no process', async () => {
  const pid = (await phone.shell('pidof com.example.shop')).trim();
  expect(pid).toMatch(/^\d+$/);
  await phone.tap('cart');
  await phone.tap('coupon');
  await phone.shell('input text CRASH && input keyevent KEYCODE_ENTER');
  expect(await phone.labels()).toContain('Shop keeps stopping');
  const pidof = await adb.run(['-s', sim.serial, 'shell', 'pidof com.example.shop']);
  expect([pidof.text, pidof.code]).toEqual(['', 1]);
  const crash = await adb.run(['-s', sim.serial, 'logcat', '-d', '-b', 'crash']);
  expect(crash.text).toContain('FATAL EXCEPTION: main');
  expect(crash.text).toContain(`Process: com.example.shop, PID: ${pid}`);
  await phone.tap('Close app');
  expect(await phone.shell('dumpsys window | grep mCurrentFocus')).not.toContain('com.example.shop');
});
