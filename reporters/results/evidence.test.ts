import { test, expect } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventLog, newActionId, readEvents, registerSecret, MASK, type EventInput, type FailureCategory } from '../../src/events/index.js';
import { summarizeEvents, targetText } from './evidence.js';

let dir = '';
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mobiletest-evidence-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ROOT = '/project';
// Each action read the screen twice and made three other calls, as the executor's meter records them.
const timings = (total_ms: number, device_ms: number) => ({
  total_ms,
  device_ms,
  harness_ms: total_ms - device_ms,
  device_calls: [
    { call: 'hierarchy', count: 2, ms: device_ms / 2 },
    { call: 'foreground', count: 2, ms: device_ms / 4 },
    { call: 'tap', count: 1, ms: device_ms / 4 },
  ],
});
const budget = (device_ms: number) => ({
  reads: 2,
  read_ms: Math.round(device_ms / 2),
  screenshots: 0,
  screenshot_ms: 0,
  other: 3,
  other_ms: Math.round(device_ms / 2),
});

/** Writes the events through the real log (so redaction applies) and reads them back. */
async function logOf(inputs: EventInput[]) {
  const log = await EventLog.open(join(dir, 'events.jsonl'), { testId: 't1' });
  for (const input of inputs) await log.append(input);
  await log.close();
  return (await readEvents(log.path)).events;
}

/** How an action ended (null: it never did), and the spec line it was written on. */
interface Ending {
  end: { verdict: 'OK' | 'FAIL' | 'EXCEPTION' | 'RETRY'; total: number; device: number; category?: FailureCategory } | null;
  line?: number;
}

function action(primitive: string, params: Record<string, unknown>, { end, line = 10 }: Ending): EventInput[] {
  const id = newActionId();
  const target = params.target as string | Record<string, unknown> | undefined;
  const start: EventInput = {
    kind: 'action_start',
    action_id: id,
    primitive,
    params,
    ...(target === undefined ? {} : { target }),
    source: 'script',
    location: { file: `${ROOT}/specs/shop.test.ts`, line },
  };
  if (!end) return [start];
  const error = end.category ? { error: { name: 'ActionFailed', message: `${primitive} failed`, category: end.category } } : {};
  return [start, { kind: 'action_end', action_id: id, verdict: end.verdict, timings: timings(end.total, end.device), ...error }];
}

test('each primitive call becomes a step with its target, verdict, timings and spec location', async () => {
  const events = await logOf([
    { kind: 'test_start', title: 'login', device: 'emulator-5554', location: { file: 'specs/shop.test.ts', line: 5 } },
    ...action('launch_app', { app: 'com.example.shop', clear_state: true }, { end: { verdict: 'OK', total: 900.4, device: 849.6 }, line: 6 }),
    ...action('tap', { target: 'Log in' }, { end: { verdict: 'OK', total: 120, device: 100 }, line: 7 }),
    ...action('tap', { target: { id: 'cart', role: 'button' } }, { end: { verdict: 'FAIL', total: 5000, device: 4000, category: 'locator' }, line: 8 }),
    { kind: 'test_end', status: 'failed', duration_ms: 7000 },
  ]);
  const evidence = summarizeEvents(events, { rootDir: ROOT });
  expect(evidence.device).toBe('emulator-5554');
  expect(evidence.steps).toEqual([
    {
      primitive: 'launch_app',
      target: null,
      detail: 'com.example.shop',
      status: 'OK',
      duration_ms: 900,
      device_ms: 850,
      device_calls: budget(850),
      location: 'specs/shop.test.ts:6',
      source: 'script',
    },
    {
      primitive: 'tap',
      target: 'Log in',
      detail: null,
      status: 'OK',
      duration_ms: 120,
      device_ms: 100,
      device_calls: budget(100),
      location: 'specs/shop.test.ts:7',
      source: 'script',
    },
    {
      primitive: 'tap',
      target: 'id="cart" role="button"',
      detail: null,
      status: 'FAIL',
      duration_ms: 5000,
      device_ms: 4000,
      device_calls: budget(4000),
      location: 'specs/shop.test.ts:8',
      source: 'script',
    },
  ]);
  // No test_end error: the failed action says why, and is the failed step.
  expect(evidence.failure).toEqual({
    category: 'locator',
    message: 'tap failed',
    suggestion: null,
    evidence: [],
    step: 'tap "id=\\"cart\\" role=\\"button\\"" at specs/shop.test.ts:8',
  });
});

test('the category the fixture wrote in test_end wins over the failed action', async () => {
  const events = await logOf([
    ...action('tap', { target: 'Buy' }, { end: { verdict: 'EXCEPTION', total: 30, device: 30, category: 'execution' } }),
    {
      kind: 'test_end',
      status: 'failed',
      duration_ms: 100,
      error: { name: 'DeviceDisconnected', message: 'emulator-5554 went away', category: 'environment' },
    },
  ]);
  const evidence = summarizeEvents(events, { rootDir: ROOT });
  expect([evidence.failure.category, evidence.failure.message]).toEqual(['environment', 'emulator-5554 went away']);
});

test("test_end's suggestion and evidence are the failure's; the failed step is the spec's step that failed with that error", async () => {
  const failed = action('tap', { target: 'Checkout' }, { end: { verdict: 'FAIL', total: 30, device: 30, category: 'locator' }, line: 12 });
  const end = failed[1] as Extract<EventInput, { kind: 'action_end' }>;
  end.error = { name: 'TargetNotFound', message: 'No element matches "Checkout"', category: 'locator' };
  const events = await logOf([
    ...action('tap', { target: 'Cart' }, { end: { verdict: 'OK', total: 30, device: 30 }, line: 11 }),
    ...failed,
    {
      kind: 'test_end',
      status: 'failed',
      duration_ms: 100,
      error: {
        name: 'TargetNotFound',
        message: 'No element matches "Checkout"',
        category: 'locator',
        suggestion: 'Did you mean "Check out" (button e9)?',
        evidence: ['closest on screen: "Check out" (button e9, similarity 0.94)'],
      },
    },
  ]);
  expect(summarizeEvents(events, { rootDir: ROOT }).failure).toEqual({
    category: 'locator',
    message: 'No element matches "Checkout"',
    suggestion: 'Did you mean "Check out" (button e9)?',
    evidence: ['closest on screen: "Check out" (button e9, similarity 0.94)'],
    step: 'tap "Checkout" at specs/shop.test.ts:12',
  });
});

test('a failed agent call is the failed step, with what its check found missing, not the primitive inside it that the agent recovered from', async () => {
  const call = newActionId();
  const inner = newActionId();
  const events = await logOf([
    { kind: 'agent_start', action_id: call, call: 'step', text: 'check out', location: { file: `${ROOT}/specs/shop.test.ts`, line: 20 } },
    { kind: 'action_start', action_id: inner, primitive: 'tap', params: { target: 'Pay' }, target: 'Pay', source: 'agent', parent_action_id: call },
    {
      kind: 'action_end',
      action_id: inner,
      verdict: 'FAIL',
      timings: timings(10, 10),
      error: { name: 'TargetNotFound', message: 'no Pay', category: 'locator' },
    },
    {
      kind: 'agent_end',
      action_id: call,
      call: 'step',
      status: 'failed',
      path: 'rules',
      cache: 'off',
      llm_calls: 0,
      tokens_in: 0,
      tokens_out: 0,
      steps: 1,
      reason: 'gave up',
      duration_ms: 50,
      error: { name: 'NeedsModel', message: 'ai.step "check out" failed (NeedsModel)', category: 'plan' },
      verification: {
        by: 'rule',
        rule: 'open',
        check: 'the screen changed to one titled "Payment"',
        held: false,
        screen: 'com.example.shop/.CartActivity showing "Cart"',
        signature: 's9',
        refs: [],
        missing: 'the screen still shows "Cart"',
      },
    },
    {
      kind: 'test_end',
      status: 'failed',
      duration_ms: 100,
      error: {
        name: 'NeedsModel',
        message: 'ai.step "check out" failed (NeedsModel)',
        category: 'plan',
        suggestion: 'Configure a model',
        evidence: ['agent: ai.step ended with NeedsModel'],
      },
    },
  ]);
  const evidence = summarizeEvents(events, { rootDir: ROOT });
  expect(evidence.failure).toMatchObject({ category: 'plan', suggestion: 'Configure a model', step: 'ai.step "check out" at specs/shop.test.ts:20' });
  // The failed step says what its check found missing, on which screen.
  expect(evidence.steps[0].agent?.verification).toMatchObject({
    held: false,
    screen: 'com.example.shop/.CartActivity showing "Cart"',
    missing: 'the screen still shows "Cart"',
  });
});

test('a test that timed out inside an action names that action as the step still running', async () => {
  const events = await logOf([
    ...action('wait_for', { target: 'Order confirmed' }, { end: null, line: 30 }),
    {
      kind: 'test_end',
      status: 'timedOut',
      duration_ms: 30_000,
      error: { name: 'TestTimeout', message: 'Test timeout of 30000ms exceeded.', category: 'execution' },
    },
  ]);
  expect(summarizeEvents(events, { rootDir: ROOT }).failure.step).toBe('wait_for "Order confirmed" at specs/shop.test.ts:30 (did not finish)');
});

test('a passing test has no category; an action that never ended is UNFINISHED, timed to the last event', async () => {
  const events = await logOf([
    { kind: 'action_start', action_id: newActionId(), primitive: 'wait_for', params: { target: 'Spinner' }, target: 'Spinner', source: 'script', ts: 1_000 },
    { kind: 'test_end', status: 'timedOut', duration_ms: 100, ts: 3_500 },
  ]);
  const evidence = summarizeEvents(events, { rootDir: ROOT });
  expect(evidence.failure.category).toBeNull();
  expect(evidence.steps).toEqual([
    {
      primitive: 'wait_for',
      target: 'Spinner',
      detail: null,
      status: 'UNFINISHED',
      duration_ms: 2_500,
      device_ms: 0,
      device_calls: { reads: 0, read_ms: 0, screenshots: 0, screenshot_ms: 0, other: 0, other_ms: 0 },
      location: null,
      source: 'script',
    },
  ]);
});

test('model calls and their tokens are counted; a log without them counts zero', async () => {
  const call = { kind: 'llm_call', role: 'planner', model: 'm', prompt_ref: 'p.txt', answer_ref: 'a.txt', cost_usd: 0, duration_ms: 5 } as const;
  const events = await logOf([
    { ...call, tokens_in: 900, tokens_out: 40 },
    { ...call, tokens_in: 100, tokens_out: 10 },
  ]);
  expect(summarizeEvents(events, { rootDir: ROOT })).toMatchObject({ llm_calls: 2, tokens: 1050 });
  expect(summarizeEvents([], { rootDir: ROOT })).toMatchObject({ llm_calls: 0, tokens: 0, steps: [], device: null });
});

test('typed secret text never shows up in a step, even when it reappears in a later target', async () => {
  registerSecret('hunter2-topsecret');
  const events = await logOf([
    ...action('input_text', { target: 'Password', text: 'hunter2-topsecret', secret: true }, { end: { verdict: 'OK', total: 50, device: 40 } }),
    ...action('assert_text', { target: 'hunter2-topsecret' }, { end: { verdict: 'OK', total: 5, device: 5 } }),
  ]);
  const text = JSON.stringify(summarizeEvents(events, { rootDir: ROOT }));
  expect(text).not.toContain('hunter2');
  expect(summarizeEvents(events, { rootDir: ROOT }).steps.map((step) => step.target)).toEqual(['Password', MASK]);
});

test('object targets read as a person would write them', () => {
  expect(targetText('the search field')).toBe('the search field');
  expect(targetText({ text: 'Item 4', near: { text: 'Cart' } })).toBe('text="Item 4" near=(text="Cart")');
  expect(targetText({ role: 'button', index: 2 })).toBe('role="button" index=2');
  expect(targetText(undefined)).toBeNull();
});
