import { test, expect } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testRecord } from '../trace-report.js';
import { splitTrace } from '../html/split.js';
import { buildTrace } from '../html/trace.js';
import { chatLines, FAILURE, recoveryLines, SERIALS, writeLog, type LogLine } from '../testing/stage-logs.js';
import { totalsOf } from './collect.js';
import { summarizeEvents } from './evidence.js';

let dir = '';
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mobiletest-stages-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const record = async (name: string, lines: Parameters<typeof writeLog>[2]) =>
  testRecord((await writeLog(dir, name, lines)).events, { rootDir: dir, fallbackTitle: name });

test('a test that drives two devices lists each role with its serial and what it did; each step names its device', async () => {
  const chat = await record('chat', chatLines());
  expect(chat.status).toBe('passed');
  expect(chat.devices).toEqual({
    alice: { serial: SERIALS.alice, actions: 2, agent_steps: 0, llm_calls: 0, tokens: 0 },
    bob: { serial: SERIALS.bob, actions: 2, agent_steps: 1, llm_calls: 1, tokens: 320 },
  });
  // The steps in the order they started, each with its device, interleaved as they ran.
  expect(chat.steps.map((s) => [s.device, s.primitive, s.status])).toEqual([
    ['alice', 'launch_app', 'OK'],
    ['bob', 'launch_app', 'OK'],
    ['alice', 'tap', 'OK'],
    ['bob', 'wait_for', 'OK'],
    ['bob', 'ai.expect', 'OK'],
  ]);
  expect(chat.recoveries).toBeUndefined();
});

test('a test that passed after a recovery is flaky, lists its checkpoints and the recovery; the steps it replayed are marked', async () => {
  const searched = await record('recovered', recoveryLines());
  expect(searched.status).toBe('flaky');
  expect(searched.failure).toBeNull();
  expect(searched.checkpoints).toEqual([
    { name: 'signed in', index: 1, steps: 2, replayed: false },
    { name: 'signed in', index: 1, steps: 2, replayed: true },
    { name: 'searched', index: 2, steps: 2, replayed: false },
  ]);
  expect(searched.recoveries).toEqual([
    {
      checkpoint: 'signed in',
      attempt: 1,
      limit: 2,
      failed: { action_id: 't3', step: 'tap "Search"', name: FAILURE.name, message: FAILURE.message, category: 'environment' },
      to_checkpoint: 2,
      in_stage: 0,
      replayed: 2,
      duration_ms: 4200,
      status: 'resumed',
      reason: 'reached "signed in" again',
    },
  ]);
  expect(searched.steps.map((s) => [s.primitive, s.target, s.status, s.replayed ?? false])).toEqual([
    ['launch_app', 'com.example.shop', 'OK', false],
    ['tap', 'Sign in', 'OK', false],
    ['tap', 'Search', 'FAIL', false],
    ['launch_app', 'com.example.shop', 'OK', true],
    ['tap', 'Sign in', 'OK', true],
    ['tap', 'Search', 'OK', false],
  ]);
  const clean = await record('clean', chatLines());
  expect(totalsOf([searched, clean])).toEqual({ passed: 1, failed: 0, flaky: 1, skipped: 0, recovered: 1 });
});

test('a failed recovery fails the test with the failure that started it; a resumed test says which checkpoint it started from', async () => {
  const lost = await record('lost', recoveryLines({ fails: true, resumed: true }));
  expect(lost.status).toBe('failed');
  expect(lost.failure?.category).toBe('environment');
  expect(lost.recoveries?.map((r) => [r.status, r.replayed, r.reason])).toEqual([['failed', 0, 'the replay did not reach "signed in": launch_app failed']]);
  expect(lost.resumed_from).toEqual({ checkpoint: 'signed in', run_id: 'run-41', steps: 2 });
  expect(totalsOf([lost])).toEqual({ passed: 0, failed: 1, flaky: 0, skipped: 0, recovered: 0 });
});

test('a one-device log without stages gives the record it gave before: no devices, checkpoints, recoveries or device on steps', async () => {
  const { events } = await writeLog(dir, 'plain', [
    [null, { kind: 'test_start', title: 'plain', device: 'emulator-5554' }],
    [null, { kind: 'action_start', action_id: 'x1', primitive: 'tap', params: { target: 'OK' }, target: 'OK', source: 'script' }],
    [null, { kind: 'action_end', action_id: 'x1', verdict: 'OK', timings: { total_ms: 10, device_ms: 8, harness_ms: 2 } }],
    [null, { kind: 'test_end', status: 'passed', duration_ms: 20 }],
  ]);
  const evidence = summarizeEvents(events, { rootDir: dir });
  expect(Object.keys(evidence).sort()).toEqual(['agent', 'device', 'failure', 'llm_calls', 'steps', 'tokens']);
  expect(Object.keys(evidence.steps[0]).sort()).toEqual([
    'detail',
    'device_calls',
    'device_ms',
    'duration_ms',
    'location',
    'primitive',
    'source',
    'status',
    'target',
  ]);
  expect(testRecord(events, { rootDir: dir, fallbackTitle: 'plain' }).status).toBe('passed');
});

test("in a team test, a device's recovery and checkpoints name the device; the trace puts its replay under it, in that device's lane", async () => {
  const lines = recoveryLines().map(([, event]): LogLine => {
    if (event.kind === 'test_start') return [null, { kind: 'test_start', title: 'bob recovers', devices: SERIALS }];
    return event.kind === 'test_end' ? [null, event] : ['bob', event];
  });
  const { events } = await writeLog(dir, 'team-recovers', lines);
  const team = testRecord(events, { rootDir: dir, fallbackTitle: 'team' });
  expect(team.status).toBe('flaky');
  expect(team.recoveries?.map((r) => [r.device, r.status])).toEqual([['bob', 'resumed']]);
  expect(team.checkpoints?.map((c) => [c.device, c.name, c.replayed])).toEqual([
    ['bob', 'signed in', false],
    ['bob', 'signed in', true],
    ['bob', 'searched', false],
  ]);
  expect(team.devices?.bob.actions).toBe(6);
  expect(team.devices?.alice.actions).toBe(0);
  const { index } = splitTrace(buildTrace(events, { rootDir: dir }));
  const recovery = index.steps.find((step) => step.recovery);
  expect(recovery?.device).toBe('bob');
  expect(recovery?.children.map((c) => [c.device, c.name, c.label])).toEqual([
    ['bob', 'launch_app', 'com.example.shop'],
    ['bob', 'tap', 'Sign in'],
    ['bob', 'checkpoint', 'stage 1 ends: signed in (reached again)'],
  ]);
  // The failed tap (4th step depth first) and the tap run again after the replay (9th).
  expect([recovery?.recovery?.failed_at, recovery?.recovery?.retried_at]).toEqual([3, 8]);
  expect(index.lanes?.devices.map((lane) => [lane.role, lane.spans.map((span) => span.kind)])).toEqual([
    ['alice', []],
    ['bob', ['primitive', 'primitive', 'checkpoint', 'primitive', 'recovery', 'primitive', 'checkpoint']],
  ]);
});
