import { readFileSync } from 'node:fs';
import { test, expect } from '@playwright/test';
import { PNG } from 'pngjs';
import { shell, testPhone } from './testing.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test("uiautomator dump writes the hierarchy to /sdcard/window_dump.xml with the tool's own notice", async () => {
  const phone = testPhone();
  expect(await shell(phone, 'uiautomator dump')).toMatchObject({ out: 'UI hierchary dumped to: /sdcard/window_dump.xml\n', err: '', code: 0 });
  const written = phone.fs.read('/sdcard/window_dump.xml')?.toString('utf8') ?? '';
  expect(written).toBe(phone.ui.dumpXml());
  // Same prologue as dumps taken on real phones.
  const real = readFileSync(new URL('../../../../shared/fixtures/android/wework-confirm.xml', import.meta.url), 'utf8');
  const prologue = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\"><node index=\"0\" ";
  expect(real.startsWith(prologue)).toBe(true);
  expect(written.startsWith(prologue)).toBe(true);
  expect((await shell(phone, 'uiautomator dump --compressed /data/local/tmp/ui.xml')).out).toBe('UI hierchary dumped to: /data/local/tmp/ui.xml\n');
  expect(phone.fs.stat('/data/local/tmp/ui.xml')?.size).toBeGreaterThan(100);
});

test('uiautomator dump /dev/tty prints the XML itself, then the notice', async () => {
  const phone = testPhone();
  const { out, code } = await shell(phone, 'uiautomator dump /dev/tty');
  expect(code).toBe(0);
  expect(out).toBe(`${phone.ui.dumpXml()}UI hierchary dumped to: /dev/tty\n`);
});

test("an idle-state fault prints uiautomator's error on stderr and writes nothing", async () => {
  const phone = testPhone();
  phone.faults.set({ idleStateErrors: 1 });
  expect(await shell(phone, 'uiautomator dump /sdcard/x.xml')).toMatchObject({ out: '', err: 'ERROR: could not get idle state.\n', code: 0 });
  expect(phone.fs.stat('/sdcard/x.xml')).toBeUndefined();
  expect((await shell(phone, 'uiautomator dump /sdcard/x.xml')).out).toBe('UI hierchary dumped to: /sdcard/x.xml\n');
});

test('screencap -p writes a PNG of the screen to stdout, and to a .png file', async () => {
  const phone = testPhone();
  const { bytes, code } = await shell(phone, 'screencap -p');
  expect(code).toBe(0);
  expect(bytes.subarray(0, 8)).toEqual(PNG_SIGNATURE);
  const image = PNG.sync.read(bytes);
  expect([image.width, image.height]).toEqual([1080, 2400]);
  await shell(phone, 'screencap /sdcard/shot.png');
  expect(phone.fs.read('/sdcard/shot.png')?.subarray(0, 8)).toEqual(PNG_SIGNATURE);
});

test('screencap without -p gives the raw frame: a 16-byte header then RGBA pixels', async () => {
  const phone = testPhone();
  const { bytes } = await shell(phone, 'screencap');
  expect(bytes.readUInt32LE(0)).toBe(1080);
  expect(bytes.readUInt32LE(4)).toBe(2400);
  expect(bytes.readUInt32LE(8)).toBe(1);
  expect(bytes.readUInt32LE(12)).toBe(1);
  expect(bytes.length).toBe(16 + 1080 * 2400 * 4);
  const png = PNG.sync.read((await shell(phone, 'screencap -p')).bytes);
  expect(bytes.subarray(16).equals(png.data)).toBe(true);
});

test('a screencap fault fails the command with exit 1', async () => {
  const phone = testPhone();
  phone.faults.set({ screencapFailures: 1 });
  expect(await shell(phone, 'screencap -p')).toMatchObject({ out: '', err: 'Screen capture failed: -1\n', code: 1 });
  expect((await shell(phone, 'screencap -p')).code).toBe(0);
});

test('an empty or garbled screencap fault prints nothing or no image with exit 0, to PNG captures only, once each', async () => {
  const phone = testPhone();
  phone.faults.set({ emptyScreencaps: 1, garbledScreencaps: 1 });
  // A raw capture (the trace's frames) is not what these faults hit.
  expect((await shell(phone, 'screencap')).bytes.length).toBe(16 + 1080 * 2400 * 4);
  expect(await shell(phone, 'screencap -p')).toMatchObject({ out: '', err: '', code: 0 });
  const garbled = await shell(phone, 'screencap -p');
  expect(garbled.code).toBe(0);
  expect(garbled.bytes.length).toBeGreaterThan(0);
  expect(garbled.bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
  expect(PNG.sync.read((await shell(phone, 'screencap -p')).bytes).width).toBe(1080);
});
