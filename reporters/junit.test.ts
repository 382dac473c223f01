import { test, expect } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JunitReporter, { failureBody, stepLine, stepLines, testProperties } from './junit.js';
import { totalsOf } from './results/collect.js';
import { chatLines, recoveryLines, writeLog } from './testing/stage-logs.js';
import { testRecord } from './trace-report.js';
import type { AgentVerification } from '../src/events/index.js';
import { NO_AGENT, type AgentCallRecord, type Results, type StepRecord, type TestRecord } from './results/model.js';

const step = (fields: Partial<StepRecord>): StepRecord => ({
  primitive: 'tap',
  target: null,
  detail: null,
  status: 'OK',
  duration_ms: 120,
  device_ms: 100,
  device_calls: { reads: 1, read_ms: 60, screenshots: 0, screenshot_ms: 0, other: 3, other_ms: 40 },
  location: 'specs/shop.test.ts:9',
  source: 'script',
  ...fields,
});

test('a step reads as one line: mark, primitive, target or what it acted with, time, and where a failure happened', () => {
  expect(stepLine(step({ target: 'Log in' }))).toBe('✓ tap "Log in" 120 ms');
  expect(stepLine(step({ primitive: 'handle_dialog', detail: 'accept', duration_ms: 15 }))).toBe('✓ handle_dialog accept 15 ms');
  expect(stepLine(step({ primitive: 'hide_keyboard' }))).toBe('✓ hide_keyboard 120 ms');
  expect(stepLine(step({ target: 'Checkout', status: 'FAIL', duration_ms: 5004 }))).toBe('✗ tap "Checkout" 5004 ms (FAIL at specs/shop.test.ts:9)');
  expect(stepLine(step({ target: 'Spinner', primitive: 'wait_for', status: 'UNFINISHED', location: null }))).toBe(
    '✗ wait_for "Spinner" 120 ms (did not finish)',
  );
});

test('an agent call reads as what was asked and how it was served; the primitives it ran are indented under it', () => {
  const agent = { call: 'step', text: 'log in as alice', path: 'rules', cache: 'miss', actions: 3, llm_calls: 0, tokens: 0, verification: null } as const;
  expect(stepLine(step({ primitive: 'ai.step', detail: 'log in as alice', duration_ms: 2300, agent }))).toBe(
    '✓ ai.step "log in as alice" 2300 ms [rules, cache miss, 3 actions]',
  );
  expect(stepLine(step({ target: 'Log in', source: 'agent' }))).toBe('  ✓ tap "Log in" 120 ms');
  expect(
    stepLine(
      step({
        primitive: 'ai.expect',
        status: 'FAIL',
        duration_ms: 900,
        agent: { ...agent, call: 'expect', text: 'the cart shows 1 item', path: 'model', cache: 'off', actions: 1, llm_calls: 2 },
      }),
    ),
  ).toBe('✗ ai.expect "the cart shows 1 item" 900 ms (FAIL at specs/shop.test.ts:9) [model, no cache, 1 action, 2 model calls]');
  expect(stepLine(step({ primitive: 'ai.step', status: 'UNFINISHED', location: null, agent: { ...agent, path: null, cache: null, actions: 0 } }))).toBe(
    '✗ ai.step "log in as alice" 120 ms (did not finish) [undecided, 0 actions]',
  );
});

test('under an agent call, a line says how its outcome was verified: by which rule, the check, the screen and refs, and what was missing', () => {
  const screen = 'com.android.settings/.SubSettings showing "Navigate up", "Connected devices", "Pair new device"';
  const on: AgentVerification = {
    by: 'rule',
    rule: 'turn on/off',
    check: 'a switch "Bluetooth" is on',
    held: true,
    screen,
    signature: 'b8745bb49216a68d',
    refs: ['e23'],
  };
  const agent: AgentCallRecord = {
    call: 'step',
    text: 'turn on Bluetooth',
    path: 'rules',
    cache: 'miss',
    actions: 1,
    llm_calls: 0,
    tokens: 0,
    verification: on,
  };
  expect(stepLines(step({ primitive: 'ai.step', duration_ms: 166, agent }))).toEqual([
    '✓ ai.step "turn on Bluetooth" 166 ms [rules, cache miss, 1 action]',
    `  verified by rule "turn on/off": a switch "Bluetooth" is on, on ${screen}, refs e23`,
  ]);
  const off = { ...on, check: 'a switch "Bluetooth" is off', held: false, refs: ['e23', 'e24'], missing: 'toggle e23 "Bluetooth On" is on' };
  expect(
    stepLines(step({ primitive: 'ai.step', status: 'FAIL', duration_ms: 137, agent: { ...agent, text: 'turn off Bluetooth', verification: off } }))[1],
  ).toBe(`  not verified by rule "turn on/off": a switch "Bluetooth" is off, on ${screen}, refs e23, e24; missing: toggle e23 "Bluetooth On" is on`);
  // Without a rule name, without refs; and a call that recorded no verification, or a primitive, is its one line.
  expect(stepLines(step({ primitive: 'ai.expect', agent: { ...agent, verification: { ...on, by: 'validator', rule: '', refs: [] } } }))[1]).toBe(
    `  verified by validator: a switch "Bluetooth" is on, on ${screen}`,
  );
  expect(stepLines(step({ primitive: 'ai.step', agent: { ...agent, verification: null } }))).toHaveLength(1);
  expect(stepLines(step({ target: 'Log in', source: 'agent' }))).toEqual(['  ✓ tap "Log in" 120 ms']);
});

test("a failure's text names the failed step, lists the evidence and ends with the suggestion", () => {
  expect(
    failureBody({
      category: 'product',
      message: 'com.example.shop crashed',
      step: 'tap "Apply" at specs/cart.test.ts:9',
      evidence: ['logcat: FATAL EXCEPTION: main', 'logcat: java.lang.IllegalStateException: Coupon service unavailable'],
      suggestion: 'This is a defect in the app.',
    }),
  ).toBe(
    [
      'Failed step: tap "Apply" at specs/cart.test.ts:9',
      'Evidence:',
      '  logcat: FATAL EXCEPTION: main',
      '  logcat: java.lang.IllegalStateException: Coupon service unavailable',
      'Suggestion: This is a defect in the app.',
    ].join('\n'),
  );
  // With nothing known but the category, the suggestion still stands.
  expect(failureBody({ category: 'environment', message: 'x', step: null, evidence: [], suggestion: 'Check the device.' })).toBe(
    'Suggestion: Check the device.',
  );
});

test("a testcase's properties give the tokens billed, in and out, the whole requests' tokens, and the cost when there was one", () => {
  const record = (fields: Partial<TestRecord>): TestRecord => ({
    title: 'checkout',
    title_path: ['checkout'],
    file: 'specs/shop.test.ts',
    line: 3,
    column: 1,
    project: 'android',
    status: 'passed',
    duration_ms: 4200,
    retry: 0,
    device: 'sim-5554',
    steps: [],
    failure: null,
    llm_calls: 0,
    tokens: 0,
    agent: { ...NO_AGENT, by_role: {} },
    ...fields,
  });
  const agent = {
    ...NO_AGENT,
    steps: 1,
    cache_misses: 1,
    llm_calls: 2,
    tokens_in: 18_200,
    tokens_out: 120,
    request_tokens: 18_150,
    cost_usd: 0.00285,
    by_role: {},
  };
  expect(testProperties(record({ llm_calls: 2, tokens: 18_320, agent }))).toEqual([
    ['device', 'sim-5554'],
    ['duration_ms', '4200'],
    ['llm_calls', '2'],
    ['tokens', '18320'],
    ['tokens_in', '18200'],
    ['tokens_out', '120'],
    ['request_tokens', '18150'],
    ['cost_usd', '0.00285'],
    ['cache_hits', '0'],
    ['cache_misses', '1'],
  ]);
  // No model calls: zeros, and no cost property at all; no device, no device property.
  expect(Object.fromEntries(testProperties(record({ device: null })))).toEqual({
    duration_ms: '4200',
    llm_calls: '0',
    tokens: '0',
    tokens_in: '0',
    tokens_out: '0',
    request_tokens: '0',
    cache_hits: '0',
    cache_misses: '0',
  });
});

test('a team test lists its devices; a pass after a recovery stays a passing testcase whose properties and system-out tell what failed, where the replay started, what it replayed and how long it took', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'mobiletest-junit-'));
  try {
    const chat = testRecord((await writeLog(dir, 'chat', chatLines())).events, { rootDir: dir, fallbackTitle: 'chat' });
    const recovered = testRecord((await writeLog(dir, 'recovered', recoveryLines({ resumed: true }))).events, { rootDir: dir, fallbackTitle: 'r' });
    const lost = testRecord((await writeLog(dir, 'lost', recoveryLines({ fails: true }))).events, { rootDir: dir, fallbackTitle: 'l' });
    const results: Results = {
      version: 1,
      run: {
        status: 'failed',
        started_at: new Date(0).toISOString(),
        duration_ms: 1,
        totals: totalsOf([chat, recovered, lost]),
        agent: { ...NO_AGENT },
        errors: [],
      },
      tests: [chat, recovered, lost],
    };
    const xml = new (class extends JunitReporter {
      text(): string {
        return this.render(results);
      }
    })().text();
    const cases = xml.split('<testcase').slice(1);
    expect(cases).toHaveLength(3);
    // The team test: each role's serial, and each step under its device.
    expect(cases[0]).toContain('<property name="device.alice" value="emulator-5554"/>');
    expect(cases[0]).toContain('<property name="device.bob" value="emulator-5556"/>');
    expect(cases[0]).toContain('Devices: alice emulator-5554, bob emulator-5556');
    expect(cases[0]).toContain('✓ [bob] wait_for "hi" 400 ms');
    // The recovered test passes: no failure element, but it says it recovered, and how.
    expect(cases[1]).not.toContain('<failure');
    expect(cases[1]).toContain('<property name="recovered" value="true"/>');
    expect(cases[1]).toContain('<property name="checkpoints" value="1 signed in, 2 searched"/>');
    const told =
      'recovery 1 of 2 (resumed): tap &quot;Search&quot; failed (environment) DeviceDisconnected: adb lost the device during tap; replayed 2 steps to checkpoint &quot;signed in&quot;, then 0 in the stage, in 4.2 s — reached &quot;signed in&quot; again';
    expect(cases[1]).toContain(`<property name="recovery.1" value="${told}"/>`);
    expect(cases[1]).toContain('Resumed from checkpoint "signed in" of run run-41 (2 steps replayed).');
    expect(cases[1]).toContain('Passed after 1 recovery.');
    expect(cases[1]).toContain('  ✓ replayed tap "Sign in" 400 ms');
    // The failed recovery: a failure, and the recovery that could not save it.
    expect(cases[2]).toContain('<failure');
    expect(cases[2]).not.toContain('name="recovered"');
    expect(cases[2]).toContain(
      'Recovery 1 of 2 (failed): tap "Search" failed (environment) DeviceDisconnected: adb lost the device during tap; replayed 0 of the 2 steps to checkpoint "signed in" and 0 in the stage, in 1.5 s',
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
