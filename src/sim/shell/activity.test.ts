import { test, expect } from '@playwright/test';
import { shell, testPhone } from './testing.js';

// Appium's patterns for the focused app in `dumpsys window`.
const FOCUSED_APP = /mFocusedApp.+Record\{.*\s([^\s/}]+)\/([^\s/},]+),?(\s[^\s/}]+)*\}/;
const CURRENT_FOCUS = /mCurrentFocus.+\s([^\s/}]+)\/([^\s/}]+)\}/;

test('am start launches an activity and prints the intent; -W adds the launch report', async () => {
  const phone = testPhone();
  await shell(phone, 'pm grant com.example.shop android.permission.POST_NOTIFICATIONS');
  const cold = await shell(phone, 'am start -W -n com.example.shop/.MainActivity');
  expect(cold.code).toBe(0);
  expect(cold.out).toMatch(
    /^Starting: Intent \{ cmp=com\.example\.shop\/\.MainActivity \}\nStatus: ok\nLaunchState: COLD\nActivity: com\.example\.shop\/\.MainActivity\nTotalTime: \d+\nWaitTime: \d+\nComplete\n$/,
  );
  expect(phone.ui.foreground().package).toBe('com.example.shop');
  await shell(phone, 'input keyevent HOME');
  expect((await shell(phone, 'am start -W -n com.example.shop/.MainActivity')).out).toContain('LaunchState: HOT\n');
});

test('am start errors: unknown activity and unresolvable link', async () => {
  const phone = testPhone();
  const missing = await shell(phone, 'am start -n com.example.shop/.NoSuchActivity');
  expect(missing.out).toBe('Starting: Intent { cmp=com.example.shop/.NoSuchActivity }\n');
  expect(missing.err).toBe('Error type 3\nError: Activity class {com.example.shop/com.example.shop.NoSuchActivity} does not exist.\n');
  expect(missing.code).not.toBe(0);
  const link = await shell(phone, 'am start -a android.intent.action.VIEW -d nowhere://x/y');
  expect(link.out).toBe('Starting: Intent { act=android.intent.action.VIEW dat=nowhere://x/... }\n');
  expect(link.code).not.toBe(0);
});

test('dumpsys window and activity name the focused app the way tools grep for it', async () => {
  const phone = testPhone();
  await shell(phone, 'monkey -p com.example.notes -c android.intent.category.LAUNCHER 1');
  const window = (await shell(phone, 'dumpsys window')).out;
  expect(CURRENT_FOCUS.exec(window)?.slice(1, 3)).toEqual(['com.example.notes', 'com.example.notes.MainActivity']);
  expect(FOCUSED_APP.exec(window)?.slice(1, 3)).toEqual(['com.example.notes', '.MainActivity']);
  expect((await shell(phone, 'dumpsys window displays | grep mCurrentFocus')).out).toMatch(
    /^ {2}mCurrentFocus=Window\{[0-9a-f]{7} u0 com\.example\.notes\/com\.example\.notes\.MainActivity\}\n$/,
  );
  expect((await shell(phone, 'dumpsys window displays')).out).toContain('init=1080x2400 420dpi');
  const activities = (await shell(phone, 'dumpsys activity activities | grep -E "mResumedActivity|topResumedActivity"')).out;
  expect(activities).toMatch(/mResumedActivity: ActivityRecord\{[0-9a-f]+ u0 com\.example\.notes\/\.MainActivity t\d+\}/);
  expect(activities).toMatch(/topResumedActivity=ActivityRecord\{[0-9a-f]+ u0 com\.example\.notes\/\.MainActivity t\d+\}/);
  expect((await shell(phone, 'dumpsys input_method | grep mInputShown')).out).toContain('mInputShown=false');
});

test('monkey launches by package, or aborts for one it cannot find', async () => {
  const phone = testPhone();
  const ok = await shell(phone, 'monkey -p com.example.notes -c android.intent.category.LAUNCHER 1');
  expect(ok.code).toBe(0);
  expect(ok.out).toContain('Events injected: 1\n');
  const bad = await shell(phone, 'monkey -p com.example.absent -c android.intent.category.LAUNCHER 1');
  expect(bad.err).toContain('** No activities found to run, monkey aborted.\n');
  expect(bad.code).not.toBe(0);
});

test('am force-stop ends the process; pm clear wipes data and answers Success', async () => {
  const phone = testPhone();
  await shell(phone, 'monkey -p com.example.notes 1');
  expect((await shell(phone, 'pidof com.example.notes')).out).toMatch(/^\d+\n$/);
  await shell(phone, 'am force-stop com.example.notes');
  expect(await shell(phone, 'pidof com.example.notes')).toMatchObject({ out: '', code: 1 });
  expect(await shell(phone, 'pm clear com.example.notes')).toMatchObject({ out: 'Success\n', code: 0 });
  await shell(phone, 'pm grant com.example.shop android.permission.POST_NOTIFICATIONS');
  await shell(phone, 'pm clear com.example.shop');
  expect(phone.packages.get('com.example.shop')?.granted.size).toBe(0);
});

test('pm list packages, path and filters', async () => {
  const phone = testPhone();
  const third = (await shell(phone, 'pm list packages -3')).out;
  expect(third).toBe('package:com.example.canvas\npackage:com.example.chat\npackage:com.example.notes\npackage:com.example.shop\n');
  const all = (await shell(phone, 'pm list packages')).out;
  expect(all).toContain('package:com.android.settings\n');
  expect(all).toContain('package:com.android.systemui\n');
  expect((await shell(phone, 'pm list packages shop')).out).toBe('package:com.example.shop\n');
  const path = (await shell(phone, 'pm path com.example.shop')).out;
  expect(path).toMatch(/^package:\/data\/app\/~~[\w-]{22}==\/com\.example\.shop-[\w-]{22}==\/base\.apk\n$/);
  expect((await shell(phone, 'pm list packages -f shop')).out).toBe(`${path.trim()}=com.example.shop\n`);
  expect((await shell(phone, 'cmd package list packages -3')).out).toBe(third);
  expect(await shell(phone, 'pm path com.example.absent')).toMatchObject({ out: '', code: 1 });
});

test("pm grant and revoke, with the framework's exceptions for what cannot be granted", async () => {
  const phone = testPhone();
  expect(await shell(phone, 'pm grant com.example.shop android.permission.POST_NOTIFICATIONS')).toMatchObject({ out: '', err: '', code: 0 });
  expect((await shell(phone, 'dumpsys package com.example.shop | grep POST_NOTIFICATIONS: ')).out).toContain(
    'android.permission.POST_NOTIFICATIONS: granted=true',
  );
  const undeclared = await shell(phone, 'pm grant com.example.shop android.permission.CAMERA');
  expect(undeclared.code).toBe(255);
  expect(undeclared.err).toMatch(
    /^\nException occurred while executing 'grant':\njava\.lang\.SecurityException: Package com\.example\.shop has not requested permission android\.permission\.CAMERA\n\tat /,
  );
  expect((await shell(phone, 'pm revoke com.example.absent android.permission.CAMERA')).err).toContain(
    'java.lang.IllegalArgumentException: Unknown package: com.example.absent',
  );
});

test('pm install takes a pushed file or streamed bytes; a non-APK fails as Android does', async () => {
  const phone = testPhone();
  const apk = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('AndroidManifest.xml package="org.example.tool"')]);
  phone.fs.write('/data/local/tmp/tool.apk', apk);
  expect(await shell(phone, 'pm install -r -g /data/local/tmp/tool.apk')).toMatchObject({ out: 'Success\n', code: 0 });
  expect((await shell(phone, 'pm list packages org.example')).out).toBe('package:org.example.tool\n');
  const streamed = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from('package=org.example.streamed')]);
  expect(await shell(phone, `cmd package install -S ${streamed.length}`, { stdin: streamed })).toMatchObject({ out: 'Success\n', code: 0 });
  phone.fs.write('/data/local/tmp/bad.apk', Buffer.from('hello'));
  const bad = await shell(phone, 'pm install /data/local/tmp/bad.apk');
  expect(bad.err).toMatch(/^Failure \[INSTALL_PARSE_FAILED_NOT_APK: Failed to parse \/data\/app\/vmdl\d+\.tmp\/base\.apk: .+\]\n$/);
  expect(bad.code).toBe(1);
  expect(await shell(phone, 'pm uninstall org.example.tool')).toMatchObject({ out: 'Success\n', code: 0 });
  expect(await shell(phone, 'pm uninstall org.example.tool')).toMatchObject({ err: 'Failure [DELETE_FAILED_INTERNAL_ERROR]\n', code: 1 });
});
