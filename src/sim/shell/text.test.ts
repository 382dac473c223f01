import { test, expect } from '@playwright/test';
import { shell, testPhone } from './testing.js';

const LINES = 'alpha\nBeta\ngamma\ndelta\nepsilon\n';

test('grep matches basic and extended patterns, -v/-i/-c/-q, with grep exit codes', async () => {
  const phone = testPhone();
  phone.fs.write('/sdcard/words', Buffer.from(LINES));
  expect((await shell(phone, 'grep ta /sdcard/words')).out).toBe('Beta\ndelta\n');
  expect((await shell(phone, 'grep -i BETA /sdcard/words')).out).toBe('Beta\n');
  expect((await shell(phone, 'grep -v a /sdcard/words')).out).toBe('epsilon\n');
  expect((await shell(phone, 'grep -c a /sdcard/words')).out).toBe('4\n');
  expect((await shell(phone, "grep -E '^(alpha|gamma)$' /sdcard/words")).out).toBe('alpha\ngamma\n');
  expect((await shell(phone, "grep 'alpha\\|gamma' /sdcard/words")).out).toBe('alpha\ngamma\n');
  expect((await shell(phone, "grep 'a+' /sdcard/words")).out).toBe('');
  expect(await shell(phone, 'grep -q zeta /sdcard/words')).toMatchObject({ out: '', code: 1 });
  expect(await shell(phone, 'grep -q gamma /sdcard/words')).toMatchObject({ out: '', code: 0 });
  expect(await shell(phone, 'grep x /sdcard/none')).toMatchObject({ err: 'grep: /sdcard/none: No such file or directory\n', code: 2 });
  expect((await shell(phone, 'grep -n -A1 gamma /sdcard/words')).out).toBe('3:gamma\n4-delta\n');
  expect((await shell(phone, "echo 'id 42 x' | grep -oE '[[:digit:]]+'")).out).toBe('42\n');
});

test('pipes feed wc, head, tail and grep as tools chain them', async () => {
  const phone = testPhone();
  phone.fs.write('/sdcard/words', Buffer.from(LINES));
  expect((await shell(phone, 'cat /sdcard/words | wc -l')).out).toBe('5\n');
  expect((await shell(phone, 'ls /sdcard | grep -c Download')).out).toBe('1\n');
  expect((await shell(phone, 'head -n 2 /sdcard/words')).out).toBe('alpha\nBeta\n');
  expect((await shell(phone, 'cat /sdcard/words | tail -n 2')).out).toBe('delta\nepsilon\n');
  expect((await shell(phone, 'tail -n +4 /sdcard/words')).out).toBe('delta\nepsilon\n');
  expect((await shell(phone, 'cat /sdcard/words | head -3 | tail -1')).out).toBe('gamma\n');
  expect((await shell(phone, 'wc -l /sdcard/words')).out).toBe('5 /sdcard/words\n');
  expect((await shell(phone, 'echo one two | wc')).out).toBe('      1       2       8\n');
});

test('a pipeline streams: grep passes lines on while logcat is still following', async () => {
  const phone = testPhone();
  const host = new AbortController();
  const running = shell(phone, 'logcat -v brief | grep -m 1 Marker', { signal: host.signal });
  await new Promise((resolve) => setTimeout(resolve, 20));
  phone.logcat.append({ pid: 42, tid: 42, priority: 'I', tag: 'Test', message: 'Marker arrived', buffer: 'main' });
  const result = await running;
  expect(result.out).toBe('I/Test    (   42): Marker arrived\n');
  expect(host.signal.aborted).toBe(false);
});
