import { test, expect } from '@playwright/test';
import { shell, testPhone } from './testing.js';

test('ls lists one name per line, hides dot files unless -a, and reports what it cannot read', async () => {
  const phone = testPhone();
  phone.fs.write('/sdcard/.hidden', Buffer.from('x'));
  const plain = await shell(phone, 'ls /sdcard');
  expect(plain.out.split('\n')).toEqual(expect.arrayContaining(['Android', 'DCIM', 'Download', 'Pictures']));
  expect(plain.out).not.toContain('.hidden');
  expect((await shell(phone, 'ls -a /sdcard')).out.split('\n').slice(0, 3)).toEqual(['.', '..', '.hidden']);
  expect(await shell(phone, 'ls /nope')).toMatchObject({ out: '', err: 'ls: /nope: No such file or directory\n', code: 1 });
  expect(await shell(phone, 'ls /data')).toMatchObject({ err: 'ls: /data: Permission denied\n', code: 1 });
  expect((await shell(phone, 'ls /system/bin')).out.split('\n')).toEqual(expect.arrayContaining(['am', 'input', 'pm', 'screencap', 'uiautomator']));
});

test('ls -l prints toybox columns with a total line for directories', async () => {
  const phone = testPhone();
  phone.fs.write('/data/local/tmp/app.apk', Buffer.alloc(12_345), { mode: 0o644, mtime: Date.UTC(2024, 0, 2, 3, 4) });
  phone.fs.write('/data/local/tmp/s', Buffer.from('ab'), { mode: 0o755, mtime: Date.UTC(2024, 0, 2, 3, 5) });
  const { out, code } = await shell(phone, 'ls -l /data/local/tmp');
  expect(code).toBe(0);
  expect(out).toBe('total 20\n' + '-rw-r--r-- 1 shell shell 12345 2024-01-02 03:04 app.apk\n' + '-rwxr-xr-x 1 shell shell     2 2024-01-02 03:05 s\n');
  expect((await shell(phone, 'ls -l /data/local/tmp/s')).out).toBe('-rwxr-xr-x 1 shell shell 2 2024-01-02 03:05 /data/local/tmp/s\n');
});

test('cat, rm, mkdir and touch behave and fail like toybox', async () => {
  const phone = testPhone();
  expect((await shell(phone, 'mkdir -p /sdcard/a/b && touch /sdcard/a/b/f && ls /sdcard/a/b')).out).toBe('f\n');
  expect(await shell(phone, 'mkdir /sdcard/a')).toMatchObject({ err: "mkdir: '/sdcard/a': File exists\n", code: 1 });
  expect(await shell(phone, 'mkdir /system/x')).toMatchObject({ err: "mkdir: '/system/x': Read-only file system\n", code: 1 });
  expect(await shell(phone, 'cat /sdcard/a')).toMatchObject({ err: 'cat: /sdcard/a: Is a directory\n', code: 1 });
  expect(await shell(phone, 'rm /sdcard/a')).toMatchObject({ err: 'rm: /sdcard/a: Is a directory\n', code: 1 });
  expect(await shell(phone, 'rm -f /sdcard/missing')).toMatchObject({ err: '', code: 0 });
  expect(await shell(phone, 'rm /sdcard/missing')).toMatchObject({ err: 'rm: /sdcard/missing: No such file or directory\n', code: 1 });
  expect(await shell(phone, 'rm /system/bin/ls')).toMatchObject({ err: 'rm: /system/bin/ls: Read-only file system\n', code: 1 });
  expect((await shell(phone, 'rm -rf /sdcard/a; ls /sdcard/a')).code).toBe(1);
});

test('md5sum and sha256sum print toybox lines for files and stdin', async () => {
  const phone = testPhone();
  phone.fs.write('/sdcard/hello.txt', Buffer.from('hello\n'));
  expect((await shell(phone, 'md5sum /sdcard/hello.txt')).out).toBe('b1946ac92492d2347c6235b4d2611184  /sdcard/hello.txt\n');
  expect((await shell(phone, 'cat /sdcard/hello.txt | sha256sum')).out).toBe('5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03  -\n');
  expect(await shell(phone, 'md5sum /sdcard/none')).toMatchObject({ err: 'md5sum: /sdcard/none: No such file or directory\n', code: 1 });
});

test('stat -c and chmod work on files the shell owns', async () => {
  const phone = testPhone();
  phone.fs.write('/data/local/tmp/tool', Buffer.from('bin'));
  expect((await shell(phone, 'chmod 755 /data/local/tmp/tool && stat -c "%a %s %n" /data/local/tmp/tool')).out).toBe('755 3 /data/local/tmp/tool\n');
});

test('cp and mv copy and move files between storage and /data/local/tmp', async () => {
  const phone = testPhone();
  phone.fs.write('/sdcard/Download/a.txt', Buffer.from('data'));
  expect((await shell(phone, 'cp /sdcard/Download/a.txt /data/local/tmp/ && cat /data/local/tmp/a.txt')).out).toBe('data');
  expect((await shell(phone, 'mv /data/local/tmp/a.txt /data/local/tmp/b.txt && ls /data/local/tmp')).out).toBe('b.txt\n');
  expect(await shell(phone, 'cp /sdcard/Download/a.txt /system/')).toMatchObject({ err: "cp: '/system/a.txt': Read-only file system\n", code: 1 });
  expect((await shell(phone, 'basename /sdcard/Download/a.txt .txt; dirname /sdcard/Download/a.txt')).out).toBe('a\n/sdcard/Download\n');
});
