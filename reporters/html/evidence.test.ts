// The viewer's evidence in a real Chromium: element boxes from hierarchy snapshots under the pointer,
// the refs an agent cited drawn on its screens, how an agent step's outcome was verified, a failure's
// evidence and suggestion, and a test of
// 1,000 steps that opens, scrolls without a blank view and reaches its last step. The events logs,
// screenshots and snapshots are written here as the executor writes them, and the report by the
// HTML writer a run uses.
import { test, expect } from '@playwright/test';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { EventLog, readEvents, type AgentVerification, type EventError, type EventInput } from '../../src/events/index.js';
import { NO_AGENT, type Results, type TestRecord } from '../results/model.js';
import { chromiumMissing, launchChromium, watchedPage } from '../testing/browser.js';
import { buildTrace } from './trace.js';
import { writeHtmlReport, type LoadedTrace } from './write.js';

const TEMPLATE_DIR = path.resolve(import.meta.dirname, '..', '..', 'templates', 'viewer');
const SCREEN = 'app com.example.shop/.MainActivity · screen 1080x2400';
type Bounds = { left: number; top: number; right: number; bottom: number };
const E12: Bounds = { left: 60, top: 900, right: 500, bottom: 990 };
const E13: Bounds = { left: 60, top: 1300, right: 500, bottom: 1390 };
const E3: Bounds = { left: 700, top: 60, right: 1040, bottom: 140 };
const CATALOGUE = {
  v: 1,
  width: 1080,
  height: 2400,
  elements: [
    { ref: 'e10', role: 'list', label: '', bounds: { left: 0, top: 200, right: 1080, bottom: 2000 }, window: 'app' },
    { ref: 'e11', role: 'text', label: 'Cables', bounds: { left: 40, top: 300, right: 1040, bottom: 380 }, window: 'app' },
    { ref: 'e12', role: 'button', label: 'Add to cart', bounds: E12, window: 'app' },
    { ref: 'e13', role: 'button', label: 'Add to cart', bounds: E13, window: 'app' },
  ],
};
const CART = {
  v: 1,
  width: 1080,
  height: 2400,
  elements: [
    { ref: 'e3', role: 'text', label: '1 in cart', bounds: E3, window: 'app' },
    { ref: 'e5', role: 'button', label: 'Check out', bounds: { left: 60, top: 2200, right: 1020, bottom: 2320 } },
  ],
};
// The Connected devices screen of Settings, Bluetooth off and then on: the same row, a new ref.
const E19: Bounds = { left: 40, top: 700, right: 1040, bottom: 820 };
const BT_OFF = { v: 1, width: 1080, height: 2400, elements: [{ ref: 'e19', role: 'toggle', label: 'Bluetooth Off', bounds: E19, window: 'app' }] };
const BT_ON = { v: 1, width: 1080, height: 2400, elements: [{ ref: 'e23', role: 'toggle', label: 'Bluetooth On', bounds: E19, window: 'app' }] };
const BT_SCREEN = 'com.android.settings/.SubSettings showing "Navigate up", "Connected devices", "Bluetooth On"';
const SUGGESTION = 'The button now reads "Check out": update the target in the spec.';
const EVIDENCE = ['closest: e5 button "Check out" (score 0.81)', 'the screen before had 2 elements, none labelled "Checkout"'];

let dir = '';
let browser: Browser | undefined;
let indexUrl = '';

/** An events log written by EventLog, with files beside it, read back as the reporter reads it. */
async function trace(name: string, events: EventInput[], files: Record<string, string | Buffer>): Promise<LoadedTrace> {
  const logDir = path.join(dir, name);
  await mkdir(logDir, { recursive: true });
  for (const [file, content] of Object.entries(files)) await writeFile(path.join(logDir, file), content);
  const log = await EventLog.open(path.join(logDir, 'events.jsonl'), { testId: name });
  for (const event of events) await log.append(event);
  await log.close();
  return { trace: buildTrace((await readEvents(path.join(logDir, 'events.jsonl'))).events, { rootDir: dir }), dir: logDir };
}

function checkoutEvents(): EventInput[] {
  const error: EventError = {
    name: 'ElementNotFound',
    message: 'no element matches "Checkout"',
    category: 'locator',
    suggestion: SUGGESTION,
    evidence: EVIDENCE,
  };
  const catalogue = `${SCREEN}\ne10 list\n  e11 text "Cables"\n  e12 button "Add to cart"\n  e13 button "Add to cart"`;
  const cart = `${SCREEN}\ne3 text "1 in cart"\ne5 button "Check out"`;
  return [
    { kind: 'test_start', title: 'checks out', device: 'emulator-5554' },
    { kind: 'agent_start', action_id: 'g1', call: 'step', text: 'add a cable to the cart' },
    {
      kind: 'llm_call',
      action_id: 'g1',
      role: 'planner',
      model: 'gpt-4o-mini',
      prompt_ref: 'p-prompt.txt',
      answer_ref: 'p-answer.txt',
      tokens_in: 900,
      tokens_out: 40,
      cost_usd: 0,
      duration_ms: 400,
    },
    {
      kind: 'agent_decision',
      action_id: 'g1',
      role: 'planner',
      path: 'model',
      reason: "the first cable's button",
      actions: [{ name: 'tap', params: { target: 'Add to cart' } }],
      refs: ['e12'],
    },
    {
      kind: 'action_start',
      action_id: 't1',
      primitive: 'tap',
      params: { target: 'Add to cart' },
      target: 'Add to cart',
      source: 'agent',
      parent_action_id: 'g1',
    },
    {
      kind: 'observation',
      action_id: 't1',
      phase: 'before',
      screen_text: catalogue,
      signature: 's1',
      screenshot: 'catalogue.png',
      hierarchy: 'h-catalogue.json',
    },
    {
      kind: 'candidates',
      action_id: 't1',
      target: 'Add to cart',
      ambiguous: true,
      chosen: 0,
      candidates: [
        { ref: 'e12', label: 'Add to cart', score: 0.92, bounds: E12 },
        { ref: 'e13', label: 'Add to cart', score: 0.9, bounds: E13 },
      ],
    },
    { kind: 'observation', action_id: 't1', phase: 'after', screen_text: cart, signature: 's2', screenshot: 'cart.png', hierarchy: 'h-cart.json' },
    {
      kind: 'action_end',
      action_id: 't1',
      verdict: 'OK',
      timings: { total_ms: 140, device_ms: 120, harness_ms: 20 },
      gesture: { kind: 'tap', points: [{ x: 280, y: 945 }], screen: { width: 1080, height: 2400 } },
    },
    { kind: 'agent_decision', action_id: 'g1', role: 'validator', path: 'model', reason: 'the badge says 1 in cart', refs: ['e3'] },
    {
      kind: 'agent_end',
      action_id: 'g1',
      call: 'step',
      status: 'passed',
      path: 'model',
      cache: 'miss',
      llm_calls: 1,
      tokens_in: 900,
      tokens_out: 40,
      steps: 1,
      reason: 'goal reached',
      duration_ms: 700,
    },
    {
      kind: 'action_start',
      action_id: 't2',
      primitive: 'tap',
      params: { target: 'Checkout' },
      target: 'Checkout',
      source: 'script',
      location: { file: path.join(dir, 'specs', 'shop.test.ts'), line: 9 },
    },
    { kind: 'observation', action_id: 't2', phase: 'before', screen_text: cart, signature: 's2', screenshot: 'cart.png', hierarchy: 'h-cart.json' },
    { kind: 'action_end', action_id: 't2', verdict: 'FAIL', timings: { total_ms: 5004, device_ms: 4120, harness_ms: 884 }, error },
    { kind: 'test_end', status: 'failed', duration_ms: 6000, error },
  ];
}

/** Bluetooth turned on by an offline rule, verified; then a tap that turned nothing off, not verified. */
function bluetoothEvents(): EventInput[] {
  const head = 'app com.android.settings/.SubSettings · screen 1080x2400\ne16 button "Navigate up"\ne17 text "Connected devices"';
  const off = { screen_text: `${head}\ne19 toggle "Bluetooth Off" unchecked`, signature: 'bt-off', screenshot: 'bt-off.png', hierarchy: 'h-bt-off.json' };
  const on = { screen_text: `${head}\ne23 toggle "Bluetooth On" checked`, signature: 'bt-on', screenshot: 'bt-on.png', hierarchy: 'h-bt-on.json' };
  const held: AgentVerification = {
    by: 'rule',
    rule: 'turn on/off',
    check: 'a switch "Bluetooth" is on',
    held: true,
    screen: BT_SCREEN,
    signature: 'bt-on',
    refs: ['e23'],
  };
  const notHeld: AgentVerification = { ...held, check: 'a switch "Bluetooth" is off', held: false, missing: 'toggle e23 "Bluetooth On" is on' };
  const error: EventError = {
    name: 'AgentStepFailed',
    message: 'ai.step "turn off Bluetooth" failed (GoalNotVerified): a switch "Bluetooth" is off does not hold',
    category: 'product',
  };
  const step = (id: string, goal: string, before: typeof on, after: typeof on, verification: AgentVerification): EventInput[] => [
    { kind: 'agent_start', action_id: id, call: 'step', text: goal },
    {
      kind: 'agent_decision',
      action_id: id,
      role: 'planner',
      path: 'rules',
      reason: 'offline rule "turn on/off"',
      actions: [{ name: 'tap', params: { target: 'Bluetooth' } }],
      refs: [before === off ? 'e19' : 'e23'],
    },
    {
      kind: 'action_start',
      action_id: `${id}-tap`,
      primitive: 'tap',
      params: { target: 'Bluetooth' },
      target: 'Bluetooth',
      source: 'agent',
      parent_action_id: id,
    },
    { kind: 'observation', action_id: `${id}-tap`, phase: 'before', ...before },
    { kind: 'observation', action_id: `${id}-tap`, phase: 'after', ...after },
    { kind: 'action_end', action_id: `${id}-tap`, verdict: 'OK', timings: { total_ms: 110, device_ms: 90, harness_ms: 20 } },
    {
      kind: 'agent_decision',
      action_id: id,
      role: 'validator',
      path: 'rules',
      reason: `${verification.held ? 'verified' : 'not verified'}: ${verification.check}`,
      refs: verification.refs,
      data: { verification },
    },
    {
      kind: 'agent_end',
      action_id: id,
      call: 'step',
      status: verification.held ? 'passed' : 'failed',
      path: 'rules',
      cache: 'miss',
      llm_calls: 0,
      tokens_in: 0,
      tokens_out: 0,
      steps: 1,
      reason: verification.held ? 'done by the offline rule "turn on/off"' : 'the tap did not turn it off',
      duration_ms: 160,
      verification,
      ...(verification.held ? {} : { error }),
    },
  ];
  return [
    { kind: 'test_start', title: 'switches Bluetooth', device: 'emulator-5554' },
    ...step('on', 'turn on Bluetooth', off, on, held),
    ...step('off', 'turn off Bluetooth', on, on, notHeld),
    { kind: 'test_end', status: 'failed', duration_ms: 400, error },
  ];
}

function longEvents(steps: number): EventInput[] {
  const events: EventInput[] = [{ kind: 'test_start', title: 'a long session', device: 'emulator-5554' }];
  for (let i = 1; i <= steps; i++) {
    events.push({ kind: 'action_start', action_id: `s${i}`, primitive: 'tap', params: { target: `Item ${i}` }, target: `Item ${i}`, source: 'script' });
    events.push({
      kind: 'observation',
      action_id: `s${i}`,
      phase: 'before',
      screen_text: `${SCREEN}\ne1 item "Item ${i}"`,
      signature: `s${i}`,
      screenshot: 'cart.png',
      hierarchy: 'h-cart.json',
    });
    events.push({ kind: 'action_end', action_id: `s${i}`, verdict: 'OK', timings: { total_ms: 100, device_ms: 80, harness_ms: 20 } });
  }
  events.push({ kind: 'test_end', status: 'passed', duration_ms: steps * 100 });
  return events;
}

function record(title: string, status: TestRecord['status'], steps: number): TestRecord {
  return {
    title,
    title_path: [title],
    file: 'specs/shop.test.ts',
    line: 1,
    column: 1,
    project: '',
    status,
    duration_ms: steps * 100,
    retry: 0,
    device: 'emulator-5554',
    steps: [],
    // As results.json records it, from the test_end error of its events.
    failure:
      status === 'failed'
        ? {
            category: 'locator',
            message: 'no element matches "Checkout"',
            suggestion: SUGGESTION,
            evidence: EVIDENCE,
            step: 'tap "Checkout" at specs/shop.test.ts:12',
          }
        : null,
    llm_calls: 1,
    tokens: 940,
    agent: { ...NO_AGENT },
  };
}

test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.beforeAll(async () => {
  const missing = chromiumMissing();
  test.skip(missing !== null, missing ?? '');
  dir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-html-evidence-'));
  // Half the device's size, as frames are stored: boxes must scale from device pixels.
  const png = (background: string): Promise<Buffer> =>
    sharp({ create: { width: 540, height: 1200, channels: 3, background } })
      .png()
      .toBuffer();
  const files = {
    'catalogue.png': await png('#f4f4f4'),
    'cart.png': await png('#e8eefc'),
    'h-catalogue.json': JSON.stringify(CATALOGUE),
    'h-cart.json': JSON.stringify(CART),
    'bt-off.png': await png('#f0f0f0'),
    'bt-on.png': await png('#e6f0ff'),
    'h-bt-off.json': JSON.stringify(BT_OFF),
    'h-bt-on.json': JSON.stringify(BT_ON),
  };
  const traces = [
    await trace('checkout', checkoutEvents(), files),
    await trace('long', longEvents(1000), files),
    await trace('bluetooth', bluetoothEvents(), files),
  ];
  const bluetooth: TestRecord = {
    ...record('switches Bluetooth', 'failed', 4),
    failure: {
      category: 'product',
      message: 'ai.step "turn off Bluetooth" failed (GoalNotVerified)',
      suggestion: 'This is a defect in the app.',
      evidence: [],
      step: 'ai.step "turn off Bluetooth"',
    },
  };
  const results: Results = {
    version: 1,
    run: {
      status: 'failed',
      started_at: new Date(0).toISOString(),
      duration_ms: 106400,
      totals: { passed: 1, failed: 2, flaky: 0, skipped: 0 },
      agent: { ...NO_AGENT },
      errors: [],
    },
    tests: [record('checks out', 'failed', 2), record('a long session', 'passed', 1000), bluetooth],
  };
  const out = path.join(dir, 'html');
  await writeHtmlReport({ outDir: out, templateDir: TEMPLATE_DIR, results, traces });
  indexUrl = pathToFileURL(path.join(out, 'index.html')).href;
  browser = await launchChromium();
});

test.afterAll(async () => {
  await browser?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function open(hash: string): Promise<{ page: Page; problems: string[] }> {
  if (!browser) throw new Error('no browser');
  const opened = await watchedPage(browser);
  await opened.page.goto(`${indexUrl}${hash}`);
  await opened.page.locator('#timeline .step').first().waitFor();
  return opened;
}

/** Where `bounds` (device pixels of a 1080x2400 screen) fall on the picture, in page pixels. */
async function onPicture(img: Locator, bounds: Bounds): Promise<{ x: number; y: number; width: number; height: number }> {
  await expect.poll(() => img.evaluate((node) => (node as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
  const box = await img.boundingBox();
  if (!box) throw new Error('no picture');
  const sx = box.width / 1080;
  const sy = box.height / 2400;
  return { x: box.x + bounds.left * sx, y: box.y + bounds.top * sy, width: (bounds.right - bounds.left) * sx, height: (bounds.bottom - bounds.top) * sy };
}

async function expectAt(marker: Locator, expected: { x: number; y: number; width: number; height: number }): Promise<void> {
  await expect(marker).toBeVisible();
  const box = await marker.boundingBox();
  if (!box) throw new Error('no marker');
  for (const key of ['x', 'y', 'width', 'height'] as const)
    expect(Math.abs(box[key] - expected[key]), `${key}: ${JSON.stringify({ box, expected })}`).toBeLessThan(3);
}

test('a failed test shows its category, message, evidence and suggestion at the top with a link to the failed step, which shows them too', async () => {
  const { page, problems } = await open('#test/0');
  const failure = page.locator('#failure');
  await expect(failure.locator('.failure-head')).toContainText('locator Locator');
  await expect(failure.locator('.message')).toHaveText('no element matches "Checkout"');
  await expect(failure.locator('.evidence li')).toHaveText(EVIDENCE);
  await expect(failure.locator('.suggestion')).toHaveText(`Suggestion: ${SUGGESTION}`);
  // The test opened on its failed step; another step first, then the link back to it.
  await expect(page.locator('#detail h2')).toContainText('tap Checkout');
  await page.locator('#timeline .step', { hasText: 'ai.step' }).click();
  await expect(page.locator('#detail h2')).toContainText('ai.step');
  await failure.getByRole('button', { name: 'tap "Checkout"' }).click();
  const error = page.locator('#detail .error');
  await expect(error).toContainText('ElementNotFound');
  await expect(error.locator('.evidence li')).toHaveText(EVIDENCE);
  await expect(error.locator('.suggestion')).toContainText(SUGGESTION);
  await expect(page.locator('#detail .meta')).toContainText('5.0 s (device 4.1 s, harness 884 ms)');
  expect(problems).toEqual([]);
});

test('pointing at an element on a screenshot draws its box with its ref, role and label; pointing at a line of the screen text draws that element', async () => {
  const { page, problems } = await open('#test/0');
  await page.locator('#timeline .step', { hasText: 'Add to cart' }).click();
  const before = page.locator('#detail figure.shot').first();
  const img = before.locator('img');
  const e12 = await onPicture(img, E12);
  await page.mouse.move(e12.x + e12.width / 2, e12.y + e12.height / 2);
  await expectAt(before.locator('.marker.element'), e12);
  await expect(before.locator('.tip')).toHaveText('e12 button "Add to cart"');
  const tip = await before.locator('.tip').boundingBox();
  expect(tip && Math.abs(tip.x - e12.x) < 3 && Math.abs(tip.y - (e12.y + e12.height + 4)) < 3, JSON.stringify({ tip, e12 })).toBe(true);
  // The innermost element wins over the list around it; off every element, nothing is drawn.
  const list = await onPicture(img, CATALOGUE.elements[0].bounds);
  await page.mouse.move(list.x + list.width - 4, list.y + 4);
  await expect(before.locator('.tip')).toHaveText('e10 list');
  await page.mouse.move(0, 0);
  await expect(before.locator('.marker.element')).toBeHidden();

  await page.locator('#detail pre[data-screen="before"] [data-ref="e13"]').hover();
  await expectAt(before.locator('.marker.element'), await onPicture(img, E13));
  await expect(before.locator('.tip')).toHaveText('e13 button "Add to cart"');
  expect(problems).toEqual([]);
});

test('the refs an agent cited are boxed with their ref on the screens it decided on and marked in their screen text; the agent step shows its timings and tokens', async () => {
  const { page, problems } = await open('#test/0');
  await page.locator('#timeline .step', { hasText: 'ai.step' }).click();
  const detail = page.locator('#detail');
  await expect(detail.locator('.meta')).toContainText('700 ms (device 120 ms, model 400 ms, harness 180 ms)');
  await expect(detail.locator('.meta')).toContainText('940 tokens (900 in + 40 out)');
  await expect(page.locator('#timeline .step', { hasText: 'ai.step' }).locator('.num')).toHaveText('700 ms · 940 tok');
  const screens = detail.locator('.cited-screen');
  await expect(screens).toHaveCount(2);
  const planner = screens.first();
  await expect(planner.locator('figcaption')).toHaveText('seen by the planner');
  await expectAt(planner.locator('.marker.cited[data-ref="e12"]'), await onPicture(planner.locator('img'), E12));
  await expect(planner.locator('.marker.cited .ref-tag')).toHaveText(['e12']);
  await expect(planner.locator('pre .cited')).toHaveText(['  e12 button "Add to cart"']);
  const validator = screens.last();
  await expectAt(validator.locator('.marker.cited[data-ref="e3"]'), await onPicture(validator.locator('img'), E3));
  await expect(validator.locator('pre .cited')).toHaveText(['e3 text "1 in cart"']);

  // The tap the planner chose shows the cited ref on the screen it acted on.
  await detail.getByRole('button', { name: /tap "Add to cart"/ }).click();
  await expect(detail.locator('h2')).toContainText('tap');
  await expect(detail.locator('figure.shot').first().locator('.marker.cited .ref-tag')).toHaveText(['e12']);
  expect(problems).toEqual([]);
});

test('an agent step shows how its outcome was verified: by which rule, the check, and the screen it was read on with its refs boxed; a failed one what was missing', async () => {
  // Listed second, failed tests first.
  const { page, problems } = await open('#test/1');
  // The test opens on its failed step: the check that did not hold, what was found instead, where.
  const detail = page.locator('#detail');
  await expect(detail.locator('h2')).toContainText('ai.step turn off Bluetooth');
  const failed = detail.locator('.verification');
  await expect(failed.locator('.verdict')).toHaveText('not verified by rule "turn on/off": a switch "Bluetooth" is off');
  await expect(failed.locator('.missing')).toHaveText('Missing: toggle e23 "Bluetooth On" is on');
  await expect(failed.locator('.where')).toHaveText(`on ${BT_SCREEN} · refs e23`);
  await expect(failed.locator('figcaption')).toHaveText('checked on · cited by the planner and validator');
  await expectAt(failed.locator('.marker.cited[data-ref="e23"]'), await onPicture(failed.locator('img'), E19));

  await page.locator('#timeline .step', { hasText: 'turn on Bluetooth' }).click();
  await expect(detail.locator('h2')).toContainText('ai.step turn on Bluetooth');
  const verified = detail.locator('.verification');
  await expect(verified.locator('.verdict')).toHaveText('verified by rule "turn on/off": a switch "Bluetooth" is on');
  await expect(verified.locator('.missing')).toHaveCount(0);
  await expect(verified.locator('figcaption')).toHaveText('verified on · cited by the validator');
  await expect(verified.locator('pre .cited')).toHaveText(['e23 toggle "Bluetooth On" checked']);
  const img = verified.locator('img');
  await expectAt(verified.locator('.marker.cited[data-ref="e23"]'), await onPicture(img, E19));
  // Pointing at a ref draws its element's box with its role and label.
  await verified.locator('code.ref', { hasText: 'e23' }).hover();
  await expectAt(verified.locator('.marker.element'), await onPicture(img, E19));
  await expect(verified.locator('.tip')).toHaveText('e23 toggle "Bluetooth On"');
  // That screen is not shown again among the screens decisions cited refs on: the planner's is.
  await expect(detail.locator('.cited-screens figcaption')).toHaveText(['seen by the planner']);
  await expect(detail.locator('.cited-screens pre .cited')).toHaveText(['e19 toggle "Bluetooth Off" unchecked']);
  expect(problems).toEqual([]);
});

test('a 1,000-step test opens with its steps listed, scrolls to its last step and reaches it by keyboard, whose details load when opened', async () => {
  const { page, problems } = await open('#test/2');
  await expect(page.locator('#timeline')).toHaveAttribute('data-steps', '1000');
  await expect(page.locator('#test-meta')).toContainText('1000 steps');
  // Scrolled to the bottom of the list as a user drags the scrollbar: the last step is drawn there.
  await page.locator('.timeline-pane').evaluate((pane) => {
    pane.scrollTop = pane.scrollHeight;
  });
  await expect(page.locator('#timeline .step', { hasText: 'Item 1000' })).toBeVisible();
  await page.locator('#timeline .step', { hasText: 'Item 1000' }).click();
  await expect(page.locator('#detail h2')).toContainText('tap Item 1000');
  await expect(page.locator('#detail .screen pre').first()).toContainText('e1 item "Item 1000"');

  await page.keyboard.press('Home');
  await expect(page.locator('#timeline .step:focus')).toContainText('Item 1');
  await page.keyboard.press('End');
  await expect(page.locator('#timeline .step:focus')).toContainText('Item 1000');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(page.locator('#detail h2')).toContainText('tap Item 999');
  await expect(page.locator('#detail .screen pre').first()).toContainText('e1 item "Item 999"');
  expect(problems).toEqual([]);
});

/** The page's globals the scroll test uses (the tests compile without the DOM's types). */
interface ScrollPage {
  document: {
    querySelector(selector: string): {
      scrollTop: number;
      clientHeight: number;
      scrollHeight: number;
      getBoundingClientRect(): { left: number; top: number; bottom: number; width: number };
    } | null;
    elementFromPoint(x: number, y: number): { closest(selector: string): { getAttribute(name: string): string | null } | null } | null;
  };
  innerHeight: number;
  requestAnimationFrame(callback: () => void): number;
  setTimeout(callback: () => void, ms: number): number;
}

test('a 1,000-step list shows its rows at the first frame after a jump to its middle and at every frame of a scroll 120 px a frame; in time every step is in the page for find-in-page', async () => {
  const { page, problems } = await open('#test/2');
  await expect(page.locator('#timeline')).toHaveAttribute('data-steps', '1000');
  // At once after opening, a jump to the middle (rows the page had no idle moment to draw yet), then
  // back to the top and down to the bottom: after each frame, the rows at the top, middle and bottom
  // of the view are the steps that belong there.
  const gaps = await page.locator('.timeline-pane').evaluate(
    (pane) =>
      new Promise<string[]>((done) => {
        const g = globalThis as unknown as ScrollPage;
        const scroller = pane as unknown as NonNullable<ReturnType<ScrollPage['document']['querySelector']>>;
        const list = g.document.querySelector('#timeline');
        const head = g.document.querySelector('.timeline-pane h2');
        if (!list || !head) throw new Error('no #timeline');
        const found: string[] = [];
        const check = (): void => {
          const view = scroller.getBoundingClientRect();
          const top = head.getBoundingClientRect().bottom + 1;
          const bottom = Math.min(view.bottom, g.innerHeight) - 2;
          for (const y of [top, (top + bottom) / 2, bottom]) {
            const row = g.document.elementFromPoint(view.left + view.width / 2, y)?.closest('.step');
            const want = Math.floor((y - list.getBoundingClientRect().top) / 30);
            if (want >= 1000) continue;
            if (!row || row.getAttribute('data-i') !== String(want))
              found.push(`at ${scroller.scrollTop}px: step ${want + 1} shows ${row ? `step ${Number(row.getAttribute('data-i')) + 1}` : 'nothing'}`);
          }
          if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) {
            done(found);
            return;
          }
          scroller.scrollTop = jumped ? scroller.scrollTop + 120 : 0;
          jumped = true;
          next();
        };
        // Checked once the frame that follows the scroll has run, as the user sees it.
        const next = (): void => {
          g.requestAnimationFrame(() => g.setTimeout(check, 0));
        };
        let jumped = false;
        scroller.scrollTop = 15_000;
        next();
      }),
  );
  expect(gaps).toEqual([]);
  // Steps out of view are drawn while the page is idle, so the browser's find and screen readers reach them all.
  await expect(page.locator('#timeline .step')).toHaveCount(1000);
  await expect(page.locator('#timeline .step', { hasText: 'Item 1000' })).toHaveAttribute('aria-level', '1');
  expect(problems).toEqual([]);
});
