import { test, expect } from '@playwright/test';
import { shell, testPhone } from './testing.js';

test('getprop prints every property as [key]: [value], sorted, or one value', async () => {
  const phone = testPhone();
  const all = (await shell(phone, 'getprop')).out.split('\n').filter(Boolean);
  expect(all).toContain('[ro.build.version.sdk]: [34]');
  expect(all).toContain('[ro.build.version.release]: [14]');
  expect([...all].sort()).toEqual(all);
  for (const line of all) expect(line).toMatch(/^\[[^\]]+\]: \[.*\]$/);
  expect((await shell(phone, 'getprop ro.serialno')).out).toBe('MTSIM0001\n');
  expect((await shell(phone, 'getprop no.such.prop')).out).toBe('\n');
});

test('setprop changes a property but not a read-only one', async () => {
  const phone = testPhone();
  expect((await shell(phone, 'setprop debug.mobiletest 1 && getprop debug.mobiletest')).out).toBe('1\n');
  expect(await shell(phone, 'setprop ro.build.version.sdk 99')).toMatchObject({
    err: "Failed to set property 'ro.build.version.sdk' to '99'.\nSee dmesg for error reason.\n",
    code: 1,
  });
});

test('settings get/put/list/delete per namespace; a missing key reads null', async () => {
  const phone = testPhone();
  expect((await shell(phone, 'settings get global no_such_key')).out).toBe('null\n');
  expect(await shell(phone, 'settings put global window_animation_scale 0')).toMatchObject({ out: '', code: 0 });
  expect((await shell(phone, 'settings get global window_animation_scale')).out).toBe('0\n');
  expect(phone.settings.global.get('window_animation_scale')).toBe('0');
  expect((await shell(phone, 'settings list system')).out).toContain('user_rotation=0\n');
  expect((await shell(phone, 'settings delete secure android_id')).out).toBe('Deleted 1 rows\n');
  expect((await shell(phone, 'settings get secure android_id')).out).toBe('null\n');
  expect((await shell(phone, 'settings get bogus x')).code).toBe(255);
});

test('wm size and density report the physical screen and any override', async () => {
  const phone = testPhone();
  expect((await shell(phone, 'wm size')).out).toBe('Physical size: 1080x2400\n');
  expect((await shell(phone, 'wm density')).out).toBe('Physical density: 420\n');
  await shell(phone, 'wm size 720x1600');
  expect((await shell(phone, 'wm size')).out).toBe('Physical size: 1080x2400\nOverride size: 720x1600\n');
  await shell(phone, 'wm size reset');
  expect((await shell(phone, 'wm size')).out).toBe('Physical size: 1080x2400\n');
  await shell(phone, 'wm density 320');
  expect((await shell(phone, 'wm density')).out).toBe('Physical density: 420\nOverride density: 320\n');
});

test('id, whoami, date and svc answer as the shell user on the phone clock', async () => {
  const phone = testPhone();
  expect((await shell(phone, 'whoami')).out).toBe('shell\n');
  expect((await shell(phone, 'id')).out).toMatch(/^uid=2000\(shell\) gid=2000\(shell\) groups=2000\(shell\),1004\(input\),.* context=u:r:shell:s0\n$/);
  expect((await shell(phone, 'date')).out).toBe('Mon Jan  8 10:00:00 UTC 2024\n');
  expect((await shell(phone, 'date +%s')).out).toBe(`${Date.UTC(2024, 0, 8, 10) / 1000}\n`);
  await shell(phone, 'svc wifi disable');
  expect((await shell(phone, 'settings get global wifi_on')).out).toBe('0\n');
});

test('sleep waits on the phone clock and stops when the host goes away', async () => {
  const phone = testPhone();
  let done = false;
  const sleeping = shell(phone, 'sleep 5; echo woke').then((r) => {
    done = true;
    return r;
  });
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(done).toBe(false);
  phone.clock.advance(5_000);
  expect((await sleeping).out).toBe('woke\n');
  const host = new AbortController();
  const aborted = shell(phone, 'sleep 100; echo never', { signal: host.signal });
  host.abort();
  expect((await aborted).out).toBe('');
});
