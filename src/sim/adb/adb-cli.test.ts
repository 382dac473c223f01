import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { runShell } from '../shell/index.js';
import type { Phone } from '../types.js';
import { listenDevice, type DeviceListener } from './device-transport.js';
import { createServiceHost } from './services.js';
import { createTestPhone } from './test-phone.js';
import { PrivateAdb, needAdb } from './testing.js';

let adb: PrivateAdb;
let phone: Phone;
let device: DeviceListener;
let serial: string;
let work: string;

test.beforeAll(async () => {
  needAdb();
  adb = await PrivateAdb.start();
  phone = createTestPhone('MTSIM0001');
  device = await listenDevice({ phone, services: createServiceHost(phone, runShell), port: 0 });
  serial = `127.0.0.1:${device.port}`;
  work = mkdtempSync(join(tmpdir(), 'mobiletest-adb-cli-'));
  const connected = await adb.ok(['connect', serial]);
  expect(connected.text).toContain(`connected to ${serial}`);
  await adb.waitForState(serial, 'device');
});

test.afterAll(async () => {
  await adb?.kill();
  await device?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

test('adb devices -l lists the phone with its product, model and device', async () => {
  const listing = await adb.ok(['devices', '-l']);
  expect(listing.text).toMatch(new RegExp(`^${serial.replace(/\./g, '\\.')}\\s+device product:mtsim_phone model:mobiletest_Virtual_Phone device:mtsim transport_id:\\d+$`, 'm'));
});

test('adb shell passes the exit code and keeps stderr apart (shell v2)', async () => {
  const ok = await adb.run(['-s', serial, 'shell', 'echo hello; echo oops >&2']);
  expect(ok.code).toBe(0);
  expect(ok.text).toBe('hello\n');
  expect(ok.stderr).toBe('oops\n');
  const failed = await adb.run(['-s', serial, 'shell', 'false']);
  expect(failed.code).toBe(1);
  const custom = await adb.run(['-s', serial, 'shell', 'exit 42']);
  expect(custom.code).toBe(42);
});

test('adb shell -x (no shell protocol) merges stderr into stdout and exits 0', async () => {
  const result = await adb.run(['-s', serial, 'shell', '-x', 'echo out; echo err >&2; false']);
  expect(result.code).toBe(0);
  expect(result.text).toBe('out\nerr\n');
});

test('adb shell forwards stdin to the command', async () => {
  const result = await adb.ok(['-s', serial, 'shell', 'cat'], { input: 'typed on the host\n' });
  expect(result.text).toBe('typed on the host\n');
});

test('adb exec-out carries binary data unchanged', async () => {
  const data = randomBytes(300 * 1024);
  phone.fs.write('/data/local/tmp/blob.bin', data);
  const result = await adb.ok(['-s', serial, 'exec-out', 'cat /data/local/tmp/blob.bin']);
  expect(sha256(result.stdout)).toBe(sha256(data));
});

test('adb exec-out screencap -p returns the exact PNG bytes', async () => {
  const result = await adb.ok(['-s', serial, 'exec-out', 'screencap', '-p']);
  const expected = await phone.screenshotPng();
  expect(sha256(result.stdout)).toBe(sha256(expected));
});

test('adb push then pull of a 1 MiB random file gives the same bytes', async () => {
  const data = randomBytes(1024 * 1024);
  const local = join(work, 'random.bin');
  writeFileSync(local, data);
  const pushed = await adb.ok(['-s', serial, 'push', local, '/data/local/tmp/random.bin']);
  expect(pushed.text).toContain('1 file pushed');
  expect(phone.fs.read('/data/local/tmp/random.bin')?.equals(data)).toBe(true);
  const back = join(work, 'back.bin');
  await adb.ok(['-s', serial, 'pull', '/data/local/tmp/random.bin', back]);
  expect(sha256(readFileSync(back))).toBe(sha256(data));
  const listing = await adb.ok(['-s', serial, 'shell', 'ls -l /data/local/tmp/random.bin']);
  expect(listing.text).toContain(String(data.length));
});

test('adb push outside the sandbox fails with Android\'s message', async () => {
  const local = join(work, 'small.txt');
  writeFileSync(local, 'x');
  const result = await adb.run(['-s', serial, 'push', local, '/system/small.txt']);
  expect(result.code).toBe(1);
  // adb 29 prints this error on stdout.
  expect(result.text + result.stderr).toContain("remote couldn't create file: Read-only file system");
  const denied = await adb.run(['-s', serial, 'push', local, '/data/data/com.example.shop/x.txt']);
  expect(denied.code).toBe(1);
  expect(denied.text + denied.stderr).toContain('Permission denied');
  const again = await adb.ok(['-s', serial, 'shell', 'echo still here']);
  expect(again.text).toBe('still here\n');
});

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
