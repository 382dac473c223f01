import { test, expect } from '@playwright/test';
import { createPhone } from '../phone.js';
import { shell } from '../shell/testing.js';
import type { AppDefinition, Phone } from '../types.js';
import { DEMO_PACKAGE, demoApp, NOTIFICATIONS } from './demo-app.js';
import { findAll, findNode, parseDump, tapNode } from '../testing/dump-query.js';
import { createUi } from './runtime.js';
import { settingsApp } from '../apps/settings.js';

const FROZEN_AT = Date.UTC(2025, 5, 1, 12, 0, 0);
const BACK = 4;

function launched(apps: AppDefinition[] = [demoApp]): Phone {
  const phone = createPhone({ apps, frozenAt: FROZEN_AT });
  expect(phone.ui.launch(DEMO_PACKAGE).ok).toBe(true);
  return phone;
}

test("a permission request shows PermissionController's dialog; Allow grants the permission", () => {
  const phone = launched();
  tapNode(phone.ui, { id: 'notify' });
  const xml = phone.ui.dumpXml();
  expect(parseDump(xml)[0]?.package).toBe('com.google.android.permissioncontroller');
  expect(findNode(xml, { id: 'com.android.permissioncontroller:id/permission_message' }).text).toBe('Allow Demo to send you notifications?');
  expect(findNode(xml, { id: 'com.android.permissioncontroller:id/permission_deny_button' }).text).toBe('Don\u2019t allow');
  expect(phone.ui.foreground()).toEqual({
    package: 'com.google.android.permissioncontroller',
    activity: 'com.android.permissioncontroller.permission.ui.GrantPermissionsActivity',
  });
  tapNode(phone.ui, { id: 'com.android.permissioncontroller:id/permission_allow_button' });
  expect(phone.packages.get(DEMO_PACKAGE)?.granted.has(NOTIFICATIONS)).toBe(true);
  expect(findNode(phone.ui.dumpXml(), { id: 'greeting' }).text).toBe('Notifications on');
  expect(phone.ui.foreground()).toEqual({ package: DEMO_PACKAGE, activity: '.MainActivity' });
});

test('a permission request stays with its app: another app in front does not show it, coming back does', () => {
  const phone = launched([demoApp, settingsApp]);
  tapNode(phone.ui, { id: 'notify' });
  expect(phone.ui.launch('com.android.settings').ok).toBe(true);
  expect(phone.ui.dumpXml()).not.toContain('com.google.android.permissioncontroller');
  expect(phone.ui.foreground().package).toBe('com.android.settings');
  expect(phone.ui.launch(DEMO_PACKAGE).ok).toBe(true);
  expect(parseDump(phone.ui.dumpXml())[0]?.package).toBe('com.google.android.permissioncontroller');
});

test('denying twice makes Android stop asking; BACK on the dialog denies', async () => {
  const phone = launched();
  tapNode(phone.ui, { id: 'notify' });
  tapNode(phone.ui, { text: 'Don\u2019t allow' });
  expect(findNode(phone.ui.dumpXml(), { id: 'greeting' }).text).toBe('Notifications off');
  tapNode(phone.ui, { id: 'notify' });
  phone.ui.keyEvent(BACK);
  expect(phone.ui.foreground().package).toBe(DEMO_PACKAGE);
  tapNode(phone.ui, { text: 'Greet' });
  tapNode(phone.ui, { id: 'notify' });
  await Promise.resolve();
  const xml = phone.ui.dumpXml();
  expect(findAll(xml, { package: 'com.google.android.permissioncontroller' })).toHaveLength(0);
  expect(findNode(xml, { id: 'greeting' }).text).toBe('Notifications off');
  expect(phone.packages.get(DEMO_PACKAGE)?.granted.has(NOTIFICATIONS)).toBe(false);
});

test('a crash logs FATAL EXCEPTION as AndroidRuntime does, ends the process and shows "keeps stopping"', async () => {
  const phone = launched();
  const pid = phone.ui.processes().find((p) => p.package === DEMO_PACKAGE)?.pid;
  tapNode(phone.ui, { id: 'crash' });
  expect(phone.ui.processes().map((p) => p.package)).not.toContain(DEMO_PACKAGE);
  const crash = phone.logcat.entries({ buffers: ['crash'] });
  expect(crash.every((e) => e.tag === 'AndroidRuntime' && e.priority === 'E' && e.pid === pid)).toBe(true);
  // One entry whose lines logcat prints each with the same header, as AndroidRuntime logs it.
  expect(crash).toHaveLength(1);
  expect(crash[0].message.split('\n').slice(0, 4)).toEqual([
    'FATAL EXCEPTION: main',
    `Process: ${DEMO_PACKAGE}, PID: ${pid}`,
    'java.lang.IllegalStateException: Demo crash button',
    '\tat com.example.demo.MainActivity.onClick(MainActivity.java:87)',
  ]);
  const printed = (await shell(phone, 'logcat -d -b crash')).out;
  expect(printed).toMatch(new RegExp(`E AndroidRuntime: FATAL EXCEPTION: main\\n.*E AndroidRuntime: Process: ${DEMO_PACKAGE}, PID: ${pid}\\n`));
  const xml = phone.ui.dumpXml();
  const top = parseDump(xml)[0];
  expect(top?.package).toBe('android');
  expect(findNode(xml, { id: 'android:id/alertTitle' }).text).toBe('Demo keeps stopping');
  expect(findNode(xml, { id: 'android:id/aerr_app_info' }).text).toBe('App info');
  tapNode(phone.ui, { id: 'android:id/aerr_close' });
  expect(findAll(phone.ui.dumpXml(), { package: 'android' })).toHaveLength(0);
  expect(phone.ui.foreground().package).toBe('com.google.android.apps.nexuslauncher');
});

test('an exception thrown by app code crashes the app like an uncaught Java exception', () => {
  const phone = launched();
  tapNode(phone.ui, { id: 'throw' });
  const messages = phone.logcat.entries({ buffers: ['crash'] }).flatMap((e) => e.message.split('\n'));
  expect(messages).toContain('java.lang.RuntimeException: Widget handler failed');
  expect(findNode(phone.ui.dumpXml(), { id: 'android:id/alertTitle' }).text).toBe('Demo keeps stopping');
});

test('a frozen app ignores input, then "isn\u2019t responding" offers Wait and Close app', () => {
  const phone = launched();
  tapNode(phone.ui, { id: 'freeze' });
  tapNode(phone.ui, { id: 'name' });
  expect(phone.ui.keyboardShown()).toBe(false);
  expect(findAll(phone.ui.dumpXml(), { package: 'android' })).toHaveLength(0);
  phone.clock.advance(2000);
  let xml = phone.ui.dumpXml();
  expect(findNode(xml, { id: 'android:id/alertTitle' }).text).toBe('Demo isn\u2019t responding');
  const anr = phone.logcat
    .entries({ buffers: ['system'] })
    .filter((e) => e.tag === 'ActivityManager' && e.priority === 'E')
    .map((e) => e.message);
  expect(anr[0]).toBe(`ANR in ${DEMO_PACKAGE} (${DEMO_PACKAGE}/.MainActivity)`);
  tapNode(phone.ui, { id: 'android:id/aerr_wait' });
  expect(findAll(phone.ui.dumpXml(), { package: 'android' })).toHaveLength(0);
  phone.clock.advance(2000);
  xml = phone.ui.dumpXml();
  expect(findAll(xml, { id: 'android:id/aerr_close' })).toHaveLength(1);
  tapNode(phone.ui, { id: 'android:id/aerr_close' });
  expect(phone.ui.processes().map((p) => p.package)).not.toContain(DEMO_PACKAGE);
  expect(phone.ui.foreground().package).toBe('com.google.android.apps.nexuslauncher');
  expect(phone.ui.launch(DEMO_PACKAGE).ok).toBe(true);
  tapNode(phone.ui, { id: 'name' });
  expect(phone.ui.keyboardShown()).toBe(true);
});

test('the ANR delay is configurable (5 s as on a real phone)', () => {
  const phone = createPhone({ apps: [demoApp], frozenAt: FROZEN_AT });
  const ui = createUi({ ...phone, size: phone.ui.size, apps: [demoApp], timings: { anrDelayMs: 5000 } });
  expect(ui.launch(DEMO_PACKAGE).ok).toBe(true);
  tapNode(ui, { id: 'freeze' });
  phone.clock.advance(4999);
  expect(findAll(ui.dumpXml(), { package: 'android' })).toHaveLength(0);
  phone.clock.advance(1);
  expect(findNode(ui.dumpXml(), { id: 'android:id/alertTitle' }).text).toBe('Demo isn\u2019t responding');
});
