import { test, expect } from '@playwright/test';
import type { Phone } from '../types.js';
import { shell, testPhone } from './testing.js';

const T0 = Date.UTC(2024, 0, 8, 10, 0, 0);

function seeded(): Phone {
  const phone = testPhone();
  phone.logcat.clear();
  phone.logcat.append({ time: T0 + 123, pid: 1234, tid: 1250, priority: 'I', tag: 'ActivityManager', message: 'Start proc', buffer: 'system' });
  phone.logcat.append({ time: T0 + 200, pid: 987, tid: 987, priority: 'D', tag: 'Shop', message: 'line one\nline two', buffer: 'main' });
  phone.logcat.append({ time: T0 + 300, pid: 987, tid: 990, priority: 'E', tag: 'AndroidRuntime', message: 'FATAL EXCEPTION: main', buffer: 'crash' });
  phone.logcat.append({ time: T0 + 400, pid: 55, tid: 55, priority: 'W', tag: 'X', message: 'warn', buffer: 'main' });
  return phone;
}

test('logcat -d prints threadtime lines padded exactly as Android does, with buffer headers', async () => {
  const { out, code } = await shell(seeded(), 'logcat -d');
  expect(code).toBe(0);
  expect(out).toBe(
    '--------- beginning of system\n' +
      '01-08 10:00:00.123  1234  1250 I ActivityManager: Start proc\n' +
      '--------- beginning of main\n' +
      '01-08 10:00:00.200   987   987 D Shop    : line one\n' +
      '01-08 10:00:00.200   987   987 D Shop    : line two\n' +
      '--------- beginning of crash\n' +
      '01-08 10:00:00.300   987   990 E AndroidRuntime: FATAL EXCEPTION: main\n' +
      '01-08 10:00:00.400    55    55 W X       : warn\n',
  );
});

test('formats, filters, buffers and counts', async () => {
  const phone = seeded();
  expect((await shell(phone, 'logcat -d -v brief -s X')).out).toBe('--------- beginning of main\nW/X       (   55): warn\n');
  expect((await shell(phone, 'logcat -d -v time *:E')).out).toBe(
    '--------- beginning of crash\n01-08 10:00:00.300 E/AndroidRuntime(  987): FATAL EXCEPTION: main\n',
  );
  expect((await shell(phone, 'logcat -d -b crash -v tag')).out).toBe('--------- beginning of crash\nE/AndroidRuntime: FATAL EXCEPTION: main\n');
  expect((await shell(phone, 'logcat -d -v raw Shop:D *:S')).out).toBe('--------- beginning of main\nline one\nline two\n');
  expect((await shell(phone, 'logcat -t 1 -v brief')).out).toBe('--------- beginning of main\nW/X       (   55): warn\n');
  expect((await shell(phone, "logcat -d -v brief -T '01-08 10:00:00.350'")).out).toBe('--------- beginning of main\nW/X       (   55): warn\n');
  expect((await shell(phone, 'logcat -d --pid=987 -v brief | grep -c 987')).out).toBe('3\n');
  expect(await shell(phone, 'logcat -d -b nonsense')).toMatchObject({ err: 'logcat: unknown buffer nonsense\n', code: 1 });
  // One -v with commas is several format words, as appium-adb sends it.
  expect((await shell(phone, 'logcat -d -v time,year *:E')).out).toBe(
    '--------- beginning of crash\n2024-01-08 10:00:00.300 E/AndroidRuntime(  987): FATAL EXCEPTION: main\n',
  );
  expect((await shell(phone, 'logcat -d -v time -v year *:E')).out).toBe((await shell(phone, 'logcat -d -v time,year *:E')).out);
});

test('logcat -c empties the buffers', async () => {
  const phone = seeded();
  expect(await shell(phone, 'logcat -c')).toMatchObject({ out: '', code: 0 });
  expect((await shell(phone, 'logcat -d')).out).toBe('');
});

test('logcat without -d follows new entries until the host closes the stream', async () => {
  const phone = seeded();
  const host = new AbortController();
  const following = shell(phone, 'logcat -v brief -T 1', { signal: host.signal });
  await new Promise((resolve) => setTimeout(resolve, 10));
  phone.logcat.append({ pid: 7, tid: 7, priority: 'I', tag: 'Later', message: 'arrived', buffer: 'main' });
  host.abort();
  const { out, code } = await following;
  expect(code).toBe(0);
  expect(out).toBe('--------- beginning of main\nW/X       (   55): warn\nI/Later   (    7): arrived\n');
});
