import { test, expect } from '@playwright/test';
import { shell, testPhone } from './testing.js';

// Launch-by-package in appium-adb, mobile-mcp and Midscene: resolve the main activity, list the launchable apps.
const MATCH = 'priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false';

test('cmd package resolve-activity --brief PKG prints the match line and the main activity, as Android 14 does', async () => {
  const phone = testPhone();
  const resolved = await shell(phone, 'cmd package resolve-activity --brief com.example.shop');
  expect(resolved).toMatchObject({ code: 0, out: `${MATCH}\ncom.example.shop/.MainActivity\n` });
  // appium-adb reads the last line; pm takes the same verb; --components prints the component alone.
  expect(
    (await shell(phone, 'pm resolve-activity --brief --user 0 -a android.intent.action.MAIN -c android.intent.category.LAUNCHER com.android.settings')).out
      .trim()
      .split('\n')
      .at(-1),
  ).toBe('com.android.settings/.Settings');
  expect((await shell(phone, 'cmd package resolve-activity --components com.example.shop')).out).toBe('com.example.shop/.MainActivity\n');
  expect((await shell(phone, 'cmd package resolve-activity --brief org.example.missing')).out).toBe('No activity found\n');
  expect((await shell(phone, 'cmd package resolve-activity --brief -c android.intent.category.HOME')).out).toContain(
    'com.google.android.apps.nexuslauncher/.NexusLauncherActivity\n',
  );
});

test('cmd package query-activities for MAIN/LAUNCHER lists each launchable app with its packageName, and nothing after an uninstall', async () => {
  const phone = testPhone();
  const listed = await shell(phone, 'cmd package query-activities -a android.intent.action.MAIN -c android.intent.category.LAUNCHER');
  expect(listed.code).toBe(0);
  const packages = [...listed.out.matchAll(/^ {6}packageName=(\S+)$/gm)].map((m) => m[1]);
  expect(packages).toEqual(expect.arrayContaining(['com.example.shop', 'com.android.settings']));
  expect(packages).not.toContain('com.android.systemui');
  expect(listed.out).toMatch(new RegExp(`^${packages.length} activities found:\\n  Activity #0:\\n    priority=0 `));
  expect(listed.out).toContain('      name=com.example.shop.MainActivity\n');
  expect(
    (await shell(phone, 'cmd package query-activities --brief -a android.intent.action.MAIN -c android.intent.category.LAUNCHER com.example.shop')).out,
  ).toBe(
    '1 activities found:\n  Activity #0:\n    priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n    com.example.shop/.MainActivity\n',
  );
  await shell(phone, 'pm uninstall com.example.shop');
  expect((await shell(phone, 'cmd package query-activities --components -c android.intent.category.LAUNCHER com.example.shop')).out).toBe(
    'No activities found\n',
  );
  expect((await shell(phone, 'cmd package query-activities -a android.intent.action.VIEW')).out).toBe('No activities found\n');
});

test('date +%s%3N prints milliseconds since the epoch, and airplane mode reads 0 until it is turned on', async () => {
  const phone = testPhone();
  const { out } = await shell(phone, 'date +%s%3N');
  expect(out).toMatch(/^\d{13}\n$/);
  expect(Math.abs(Number(out) - phone.clock.now())).toBeLessThan(5_000);
  expect((await shell(phone, 'settings get global airplane_mode_on')).out).toBe('0\n');
});

test('cmd -w waits for a service, and cmd connectivity airplane-mode turns it on and off as the setting shows', async () => {
  const phone = testPhone();
  expect((await shell(phone, 'cmd -w connectivity airplane-mode')).out).toBe('disabled\n');
  expect((await shell(phone, 'cmd connectivity airplane-mode enable')).code).toBe(0);
  expect((await shell(phone, 'settings get global airplane_mode_on')).out).toBe('1\n');
  expect((await shell(phone, 'cmd connectivity airplane-mode')).out).toBe('enabled\n');
  await shell(phone, 'cmd connectivity airplane-mode disable');
  expect((await shell(phone, 'settings get global airplane_mode_on')).out).toBe('0\n');
  expect((await shell(phone, 'cmd connectivity airplane-mode sideways')).code).not.toBe(0);
});
