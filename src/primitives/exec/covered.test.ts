import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { AndroidDriver } from '../../drivers/index.js';
import { EventLog, readEvents, type ObservationEvent } from '../../events/index.js';
import { DeviceObserver } from '../../observe/index.js';
import { startSim, type Sim } from '../../sim/index.js';
import { meteredDriver } from './metered-driver.js';
import { createExecutor } from './run.js';
import type { PrimitiveRunner } from './types.js';

// The Canvas offer through the whole stack: the virtual phone over adb, the Android driver, an observer
// that reads pixels, and the executor. A tutorial card the dump does not hold covers Buy and Cancel.
test.describe.configure({ mode: 'serial' });

const CANVAS = 'com.example.canvas';
let sim: Sim;
let driver: AndroidDriver;
let log: EventLog;
let exec: PrimitiveRunner;

test.beforeAll(async () => {
  sim = await startSim({ serverPort: 0, seed: 1, apps: ['canvas'] });
  driver = await AndroidDriver.connect({ port: sim.serverPort, defaultTimeoutMs: 10_000 });
  log = await EventLog.open(join(await mkdtemp(join(tmpdir(), 'mobiletest-covered-')), 'events.jsonl'), { testId: 't1' });
  // Pixels without an OCR: the screenshot is read against the tree, no text is read off it.
  const observer = new DeviceObserver(meteredDriver(driver), { screenshots: false, pixels: {} });
  exec = createExecutor({ driver, observer, log, app: CANVAS, timeouts: { target: 3000, idle: 3000, assertion: 2000 } });
});

test.afterAll(async () => {
  await log?.close();
  await driver?.close();
  await sim?.stop();
});

async function canvasLog(): Promise<string> {
  return (await driver.logs({})).map((r) => r.message).join('\n');
}

test('a tap on the covered Buy fails before touching the phone, naming the element, what its pixels showed and what to do', async () => {
  const opened = await exec.run({ name: 'open_link', params: { url: 'canvas://offer' } });
  expect(opened.verdict).toBe('OK');
  const result = await exec.run({ name: 'tap', params: { target: 'Buy' } });
  expect(result.verdict).toBe('FAIL');
  expect(result.failure).toMatchObject({ name: 'TargetCovered', category: 'environment' });
  expect(result.failure?.message).toMatch(
    /^button e\d+ "Buy" is covered on com\.example\.canvas\/\.CoveredActivity: the tree shows it, but the screenshot shows a flat #263238 fill where its text should be\./,
  );
  expect(result.failure?.message).toContain(
    'Dismiss the overlay first (press back, finish the tutorial, or tap the overlay itself with a point target such as { x: 540, y: 630 }), then act on it again.',
  );
  expect(result.failure?.evidence).toContainEqual(expect.stringMatching(/^element: button e\d+ "Buy" \[covered\]$/));
  // Nothing was tapped: the app heard no touch and bought nothing.
  expect(await canvasLog()).not.toMatch(/canvas: (tap|bought|tip closed)/);
  // The screen the action failed on, as the trace shows it, says so.
  await log.flush();
  const before = (await readEvents(log.path)).events.find((e) => e.kind === 'observation' && e.action_id === result.actionId && e.phase === 'before');
  expect((before as ObservationEvent).screen_text).toMatch(/\n {0,2}e\d+ button "Buy" covered \(an overlay the tree does not show is on top\)\n/);
});

test('Cancel, under the same card with its words on it, is refused too; Restore purchase, clear of it, is tapped', async () => {
  const cancel = await exec.run({ name: 'long_press', params: { target: 'Cancel' } });
  expect(cancel.failure?.name).toBe('TargetCovered');
  expect(cancel.failure?.message).toContain('the screenshot shows mostly the #263238 fill that hides button');
  const typed = await exec.run({ name: 'double_tap', params: { target: 'the Cancel button' } });
  expect(typed.failure?.name).toBe('TargetCovered');
  await exec
    .run({ name: 'tap', params: { target: 'Restore purchase', expected: { visible: 'Nothing to restore' } } })
    .then((r) => expect(r.verdict).toBe('OK'));
  expect(await canvasLog()).toContain('canvas: restore');
});

test('a point on the card is touched as asked: the card closes, nothing is bought, and the tap is not repeated', async () => {
  const tapped = await exec.run({ name: 'tap', params: { target: { x: 540, y: 630 } } });
  expect(tapped.verdict).toBe('OK');
  const log = await canvasLog();
  expect(log).toContain('canvas: tip closed');
  expect(log).not.toContain('canvas: bought');
  expect((await exec.run({ name: 'assert_not_visible', params: { target: 'Purchase complete' } })).verdict).toBe('OK');
  // The card comes back with the offer opened again.
  expect((await exec.run({ name: 'open_link', params: { url: 'canvas://offer' } })).verdict).toBe('OK');
});

test('once the card is closed, Buy is live again and the tap buys', async () => {
  // Back closes the card. The tree does not change (it never held the card), but the pixels do: back is not pressed again.
  const back = await exec.run({ name: 'press_key', params: { key: 'back' } });
  expect(back.verdict).toBe('OK');
  expect((await driver.foreground()).activity).toBe('com.example.canvas.CoveredActivity');
  const bought = await exec.run({ name: 'tap', params: { target: 'Buy', expected: { visible: 'Purchase complete' } } });
  expect(bought.failure?.message).toBeUndefined();
  expect(await canvasLog()).toContain('canvas: bought');
});

test('a button the tree calls enabled but drawn greyed out is not tapped, and waiting for it to be enabled sees the pixels too', async () => {
  await driver.launchApp(CANVAS, { activity: '.SignUpActivity' });
  const early = await exec.run({ name: 'tap', params: { target: 'Create account' } });
  expect(early.failure).toMatchObject({ name: 'TargetLooksDisabled', category: 'plan' });
  expect(early.failure?.message).toMatch(
    /^button e\d+ "Create account" looks disabled on .*: the tree calls it enabled, but it is drawn greyed out \(#a8abb0 text on a #e8eaed fill/,
  );
  expect(await canvasLog()).not.toContain('submit ignored');
  const waited = await exec.run({ name: 'wait_for', params: { target: 'Create account', state: 'enabled', timeout_ms: 800 } });
  expect(waited.failure?.message).toContain('is still disabled');
  const state = await exec.run({ name: 'assert_state', params: { target: 'Create account', state: 'enabled', value: false } });
  expect(state.verdict).toBe('OK');
});
