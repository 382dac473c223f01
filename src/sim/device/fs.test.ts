import { test, expect } from '@playwright/test';
import { createFs, MAX_FILE_BYTES, normalizePath } from './fs.js';

test('shared storage is reachable through /sdcard and /storage/emulated/0 alike', () => {
  const fs = createFs();
  expect(fs.write('/sdcard/Download/a.txt', Buffer.from('hi'))).toBeUndefined();
  expect(fs.read('/storage/emulated/0/Download/a.txt')?.toString()).toBe('hi');
  expect(fs.read('/storage/self/primary/Download/a.txt')?.toString()).toBe('hi');
  expect(fs.list('/sdcard')?.map((e) => e.name)).toContain('Download');
  expect(fs.stat('/sdcard/Download/a.txt')).toMatchObject({ type: 'file', size: 2 });
});

test('writes outside the writable roots fail with the errno a device reports', () => {
  const fs = createFs();
  expect(fs.write('/system/bin/evil', Buffer.from('x'))).toBe('EROFS');
  expect(fs.write('/evil', Buffer.from('x'))).toBe('EROFS');
  expect(fs.write('/data/evil', Buffer.from('x'))).toBe('EACCES');
  expect(fs.mkdir('/data/local/evil')).toBe('EACCES');
  expect(fs.write('/data/local/tmp/ok', Buffer.from('x'))).toBeUndefined();
  expect(fs.remove('/system/bin/ls')).toBe('EROFS');
  expect(fs.remove('/sdcard/Download/..')).toBe('EACCES');
  expect(fs.list('/data')).toBeUndefined();
  expect(fs.stat('/data')?.type).toBe('dir');
});

test('.. never climbs above the root or out of storage into a writable place', () => {
  expect(normalizePath('/sdcard/../../../system/./bin//ls')).toBe('/system/bin/ls');
  expect(normalizePath('/../../..')).toBe('/');
  const fs = createFs();
  expect(fs.write('/sdcard/../../etc/x', Buffer.from('x'))).toBe('EROFS');
  expect(fs.write('/sdcard/../../data/x', Buffer.from('x'))).toBe('EACCES');
  expect(fs.write('/data/local/tmp/../../../system/x', Buffer.from('x'))).toBe('EROFS');
});

test('directories: mkdir -p, EEXIST, ENOENT, EISDIR and recursive removal', () => {
  const fs = createFs();
  expect(fs.mkdir('/sdcard/a/b')).toBe('ENOENT');
  expect(fs.mkdir('/sdcard/a/b', { parents: true })).toBeUndefined();
  expect(fs.mkdir('/sdcard/a')).toBe('EEXIST');
  expect(fs.mkdir('/sdcard/a', { parents: true })).toBeUndefined();
  expect(fs.write('/sdcard/a', Buffer.from('x'))).toBe('EISDIR');
  expect(fs.write('/sdcard/a/b/f', Buffer.from('x'))).toBeUndefined();
  expect(fs.write('/sdcard/a/b/f/g', Buffer.from('x'))).toBe('ENOTDIR');
  expect(fs.remove('/sdcard/a')).toBe('EISDIR');
  expect(fs.remove('/sdcard/a', { recursive: true })).toBeUndefined();
  expect(fs.stat('/sdcard/a/b/f')).toBeUndefined();
  expect(fs.remove('/sdcard/a')).toBe('ENOENT');
});

test('/dev/null swallows writes and reads empty; modes and mtimes are kept', () => {
  const fs = createFs({ now: () => 1_700_000_000_000 });
  expect(fs.write('/dev/null', Buffer.from('gone'))).toBeUndefined();
  expect(fs.read('/dev/null')?.length).toBe(0);
  fs.write('/data/local/tmp/tool', Buffer.from('#!'), { mode: 0o755, mtime: 1_600_000_000_000 });
  expect(fs.stat('/data/local/tmp/tool')).toEqual({ type: 'file', mode: 0o100755, size: 2, mtime: 1_600_000_000_000 });
});

test('a single file over 512 MiB is refused with ENOSPC, and so is filling storage past 1 GiB', () => {
  const fs = createFs();
  const tooBig = { length: MAX_FILE_BYTES + 1 } as Buffer;
  expect(fs.write('/sdcard/huge.bin', tooBig)).toBe('ENOSPC');
  const half = Buffer.alloc(400 * 1024 * 1024);
  expect(fs.write('/sdcard/one.bin', half)).toBeUndefined();
  expect(fs.write('/sdcard/two.bin', half)).toBeUndefined();
  expect(fs.write('/sdcard/three.bin', half)).toBe('ENOSPC');
  // Replacing a file frees its old size first.
  expect(fs.write('/sdcard/two.bin', Buffer.from('small'))).toBeUndefined();
  expect(fs.write('/sdcard/three.bin', half)).toBeUndefined();
});

test('shared storage keeps its own file mode whatever the writer asks for, as its FUSE mount does', () => {
  const fs = createFs();
  fs.write('/sdcard/Download/script.sh', Buffer.from('x'), { mode: 0o755 });
  expect(fs.stat('/sdcard/Download/script.sh')?.mode).toBe(0o100660);
  fs.write('/data/local/tmp/script.sh', Buffer.from('x'), { mode: 0o755 });
  expect(fs.stat('/data/local/tmp/script.sh')?.mode).toBe(0o100755);
});
