import { expect, test } from '@playwright/test';
import { DeviceObserver, OcrEngine } from '../../observe/index.js';
import { killOcrDuringNextRead } from '../../observe/testing/ocr-faults.js';
import { startSim } from '../../sim/index.js';
import { meteredDriver } from './metered-driver.js';
import { sharedPhone, type TestRunner } from './testing/phone.js';

// A screen drawn only in pixels (Canvas's game) needs a screenshot and the OCR at every read. When the
// phone's screencap gives nothing or no image, or the OCR worker dies, the action that needed that read
// fails as the environment's fault, saying what was wrong and what to do, and the next action reads
// the screen again as if nothing had happened.
test.describe.configure({ mode: 'serial' });

const CANVAS = 'com.example.canvas';
const phone = sharedPhone((timing) => startSim({ serverPort: 0, seed: 1, timing }));
let engine: OcrEngine;
let exec: TestRunner;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // No cache: every read of a screen is a read, as when the game's pixels move.
  engine = new OcrEngine({ cacheSize: 0 });
  const observer = new DeviceObserver(meteredDriver(phone.session.driver), { screenshots: false, pixels: { reader: engine } });
  exec = await phone.session.executor({ app: CANVAS, observer });
  await exec.ok({ name: 'launch_app', params: { app: CANVAS, clear_state: true } });
  await exec.ok({ name: 'assert_visible', params: { target: 'SPACE RUN' } });
});

test.afterAll(async () => {
  await engine?.close();
});

test('an empty screenshot (screencap -p printing nothing, as with the display off) fails the tap that needed it as the environment, naming the device', async () => {
  phone.sim.phone.faults.set({ emptyScreencaps: 1 });
  const tap = await exec.run({ name: 'tap', params: { target: 'Start' } });
  expect(tap.verdict).toBe('EXCEPTION');
  expect(tap.failure).toMatchObject({ name: 'ScreenshotUnreadable', category: 'environment' });
  const serial = phone.session.driver.id;
  expect(tap.failure?.message).toBe(
    `the screenshot from ${serial} is not a PNG (0 bytes): "screencap -p" printed nothing, as it does on some devices while the display is off or a secure window is shown`,
  );
  expect(tap.failure?.suggestion).toBe(
    `Wake device ${serial} and unlock its screen (adb -s ${serial} shell input keyevent KEYCODE_WAKEUP), check that a screenshot of it opens (adb -s ${serial} exec-out screencap -p > screen.png), then run again; to read this app by its tree alone, set use: { ocr: false }.`,
  );
  const end = (await exec.eventsOf(tap.actionId)).find((e) => e.kind === 'action_end');
  expect(end).toMatchObject({ verdict: 'EXCEPTION', error: { name: 'ScreenshotUnreadable', category: 'environment' } });
  // The tap itself landed before the read after it failed: the next read sees the game.
  expect((await exec.run({ name: 'assert_visible', params: { target: 'Level 1' } })).verdict).toBe('OK');
});

test('a screenshot of bytes that are not an image fails the action that needed it the same way, and the next one passes', async () => {
  phone.sim.phone.faults.set({ garbledScreencaps: 1 });
  const tap = await exec.run({ name: 'tap', params: { target: 'Pause' } });
  expect(tap.verdict).toBe('EXCEPTION');
  expect(tap.failure).toMatchObject({ name: 'ScreenshotUnreadable', category: 'environment' });
  expect(tap.failure?.message).toMatch(
    /^the screenshot from \S+ is not a PNG \(17 bytes\): it starts 00 01 67 61 72 62 6c 65, not with the PNG signature 89 50 4e 47$/,
  );
  expect((await exec.run({ name: 'assert_visible', params: { target: 'Resume' } })).verdict).toBe('OK');
});

test('an OCR worker that dies during a read fails that action with OcrFailed, saying OCR and what to do; the next action starts a new worker and passes', async () => {
  await killOcrDuringNextRead(engine);
  const tap = await exec.run({ name: 'tap', params: { target: 'Resume' } });
  expect(tap.verdict).toBe('EXCEPTION');
  expect(tap.failure).toMatchObject({ name: 'OcrFailed', category: 'environment' });
  expect(tap.failure?.message).toMatch(
    /^OCR could not read the screen of \S+: the OCR worker thread exited \(code 1\); the next look starts a new OCR worker, so run the step again; /,
  );
  expect(tap.failure?.suggestion).toMatch(/^Run again: the next look starts a new OCR worker\. .*use: \{ ocr: false \}/);
  expect((await exec.run({ name: 'assert_visible', params: { target: 'Pause' } })).verdict).toBe('OK');
  expect((await exec.run({ name: 'tap', params: { target: 'Pause', expected: { visible: 'Resume' } } })).verdict).toBe('OK');
});
