import { expect, test } from '@playwright/test';
import { usePhoneOverAdb } from '../testing/adb-phone.js';

// `content` as appium-adb and adbkit scripts call it: through the real adb CLI, against the settings provider.
const { shell } = usePhoneOverAdb();

test('content query reads settings rows as Row: N _id=…, name=…, value=…, and agrees with settings get', async () => {
  const androidId = (await shell('settings get secure android_id')).out.trim();
  const one = await shell(`content query --uri content://settings/secure --where "name='android_id'"`);
  expect(one.code).toBe(0);
  expect(one.out).toMatch(new RegExp(`^Row: 0 _id=\\d+, name=android_id, value=${androidId}\\n$`));
  expect((await shell('content query --uri content://settings/secure/android_id --projection value')).out).toBe(`Row: 0 value=${androidId}\n`);
  const all = (await shell('content query --uri content://settings/global --projection name:value')).out.trimEnd().split('\n');
  expect(all.map((row, i) => row.startsWith(`Row: ${i} name=`))).not.toContain(false);
  expect(all).toContain(`Row: ${all.findIndex((r) => r.includes('name=airplane_mode_on,'))} name=airplane_mode_on, value=0`);
  expect((await shell(`content query --uri content://settings/system --where "name='no_such_setting'"`)).out).toBe('No result found.\n');
});

test('content insert, update and delete change what settings get prints', async () => {
  await shell('content insert --uri content://settings/secure --bind name:s:mobiletest_flag --bind value:i:42');
  expect((await shell('settings get secure mobiletest_flag')).out).toBe('42\n');
  // SettingsProvider updates only when the values name a setting too.
  await shell(`content update --uri content://settings/secure --bind name:s:mobiletest_flag --bind value:s:on --where "name='mobiletest_flag'"`);
  expect((await shell('settings get secure mobiletest_flag')).out).toBe('on\n');
  await shell(`content delete --uri content://settings/secure --where "name='mobiletest_flag'"`);
  expect((await shell('settings get secure mobiletest_flag')).out).toBe('null\n');
});

test('content answers a missing provider, a bad where clause and a missing --uri as Android 14 does, exiting 0', async () => {
  const missing = await shell('content query --uri content://com.example.nothere/items');
  expect(missing.code).toBe(0);
  expect(missing.out).toBe('');
  expect(missing.err).toMatch(
    /^Error while accessing provider:com\.example\.nothere\njava\.lang\.IllegalStateException: Could not find provider: com\.example\.nothere\n\tat com\.android\.commands\.content\.Content\$Command\.execute/,
  );
  const where = await shell(`content query --uri content://settings/secure --where "value=1"`);
  expect(where.err).toContain('java.lang.IllegalArgumentException: Supported SQL:\n  uri content://some_table/some_property with null where and where args\n');
  expect(where.err).toContain('  but got - uri:content://settings/secure, where:value=1 whereArgs:null\n');
  const usage = await shell('content query');
  expect(usage.code).toBe(0);
  expect(usage.out).toMatch(/^usage: adb shell content \[subcommand\] \[options\]\n/);
  expect(usage.out.endsWith('\n\n[ERROR] Content provider URI not specified. Did you specify --uri argument?\n')).toBe(true);
  expect((await shell('content query --uri content://settings/bogus')).err).toContain('java.lang.IllegalArgumentException: Bad root path: bogus\n');
});
