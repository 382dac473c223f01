import { test, expect } from '@playwright/test';
import { createPhone } from '../../phone.js';
import { runShell } from '../../shell/index.js';
import type { Phone } from '../../types.js';
import { notesApp } from '../notes/index.js';
import { settingsApp } from '../settings.js';
import { findNode, type NodeQuery } from '../../testing/dump-query.js';
import { shopApp } from './index.js';

/** What a user's script sees of one `adb shell` command. */
async function sh(phone: Phone, line: string): Promise<{ out: string; code: number }> {
  let out = '';
  const code = await runShell(phone, line, {
    stdout: (c) => {
      out += c.toString();
    },
    stderr: (c) => {
      out += c.toString();
    },
    signal: new AbortController().signal,
  });
  return { out, code };
}

async function dump(phone: Phone): Promise<string> {
  const { out } = await sh(phone, 'uiautomator dump /dev/tty');
  return out.slice(0, out.lastIndexOf('UI hierchary dumped to'));
}

async function tap(phone: Phone, query: NodeQuery): Promise<void> {
  const { center } = findNode(await dump(phone), query);
  expect((await sh(phone, `input tap ${center.x} ${center.y}`)).code).toBe(0);
}

test('a script over adb shell signs in, searches, fills the cart and hits the coupon crash', async () => {
  const phone = createPhone({ apps: [shopApp, notesApp, settingsApp], seed: 1, frozenAt: Date.UTC(2025, 5, 1, 12, 0, 0) });
  expect((await sh(phone, 'am start -W -n com.example.shop/.MainActivity')).code).toBe(0);
  expect(await dump(phone)).toContain('Allow Shop to send you notifications?');
  await tap(phone, { text: 'Allow' });
  expect((await sh(phone, 'dumpsys package com.example.shop | grep POST_NOTIFICATIONS')).out).toContain('granted=true');

  await tap(phone, { id: 'com.example.shop:id/email' });
  await sh(phone, 'input text alice@example.com');
  await tap(phone, { id: 'com.example.shop:id/password' });
  await sh(phone, 'input text pass123');
  await tap(phone, { id: 'com.example.shop:id/login' });
  expect(findNode(await dump(phone), { id: 'com.example.shop:id/greeting' }).text).toBe('Hi, Alice');

  await tap(phone, { desc: 'Search' });
  await tap(phone, { id: 'com.example.shop:id/search_src_text' });
  await sh(phone, 'input text headphones');
  await sh(phone, 'input keyevent KEYCODE_ENTER');
  expect(await dump(phone)).toContain('resource-id="com.example.shop:id/progress"');
  phone.clock.advance(3000);
  await tap(phone, { id: 'com.example.shop:id/product_title', text: 'Noise Cancelling Headphones' });
  await tap(phone, { id: 'com.example.shop:id/add_to_cart' });
  expect(findNode(await dump(phone), { id: 'com.example.shop:id/cart_badge' }).text).toBe('1');

  const pid = (await sh(phone, 'pidof com.example.shop')).out.trim();
  expect(pid).toMatch(/^\d+$/);
  await tap(phone, { id: 'com.example.shop:id/cart' });
  await tap(phone, { id: 'com.example.shop:id/coupon' });
  await sh(phone, 'input text CRASH');
  await sh(phone, 'input keyevent KEYCODE_ENTER');
  expect(await dump(phone)).toContain('Shop keeps stopping');
  expect(await sh(phone, 'pidof com.example.shop')).toEqual({ out: '', code: 1 });
  const crash = (await sh(phone, 'logcat -d -b crash')).out;
  expect(crash).toContain(`Process: com.example.shop, PID: ${pid}`);
  expect(crash).toContain('java.lang.IllegalStateException: Coupon service unavailable');
});
