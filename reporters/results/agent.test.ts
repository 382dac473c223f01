import { test, expect } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventLog, newActionId, readEvents, registerSecret, MASK, type AgentVerification, type EventInput, type ModelRole } from '../../src/events/index.js';
import { summarizeEvents } from './evidence.js';

let dir = '';
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mobiletest-agent-report-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ROOT = '/project';
const SPEC = `${ROOT}/specs/shop.test.ts`;

/** Writes the events through the real log (so checks and redaction apply) and reads them back. */
async function logOf(inputs: EventInput[]) {
  const log = await EventLog.open(join(dir, 'events.jsonl'), { testId: 't1' });
  for (const input of inputs) await log.append(input);
  await log.close();
  return (await readEvents(log.path)).events;
}

/** A primitive an agent call ran: what it tapped or typed into, the call's id, and its device time. */
interface AgentPrimitive {
  target: string;
  parent: string;
  device_ms: number;
}

function primitive(primitive: string, { target, parent, device_ms }: AgentPrimitive): EventInput[] {
  const id = newActionId();
  return [
    { kind: 'action_start', action_id: id, primitive, params: { target }, target, source: 'agent', parent_action_id: parent },
    { kind: 'action_end', action_id: id, verdict: 'OK', timings: { total_ms: device_ms + 10, device_ms, harness_ms: 10 } },
  ];
}

/** What a model call was billed. */
interface Billed {
  tokens_in: number;
  tokens_out: number;
  cost_usd: number;
}

/** A model call as logs before request_tokens have it; `request` adds the whole request's tokens and the role. */
const llm = (action_id: string, { tokens_in, tokens_out, cost_usd }: Billed, request?: { request_tokens: number; role: ModelRole }): EventInput => ({
  kind: 'llm_call',
  action_id,
  role: 'planner',
  model: 'gpt-4o-mini',
  prompt_ref: 'p.txt',
  answer_ref: 'a.txt',
  tokens_in,
  tokens_out,
  cost_usd,
  duration_ms: 300,
  ...(request ? { ...request, usage_source: 'provider' } : {}),
});

type EndFields = {
  call: 'step' | 'expect';
  status: 'passed' | 'failed';
  path: 'cache' | 'rules' | 'model';
  cache: 'hit' | 'miss' | 'healed' | 'off';
  steps: number;
  llm_calls: number;
  verification?: AgentVerification;
};

function end(action_id: string, fields: EndFields): EventInput {
  return { kind: 'agent_end', action_id, tokens_in: 0, tokens_out: 0, reason: 'done', duration_ms: 2300.4, ...fields };
}

/** As the offline rule "turn on/off" records it on the Connected devices screen. */
const BLUETOOTH_ON: AgentVerification = {
  by: 'rule',
  rule: 'turn on/off',
  check: 'a switch "Bluetooth" is on',
  held: true,
  screen: 'com.android.settings/.SubSettings showing "Navigate up", "Connected devices", "Pair new device"',
  signature: 'b8745bb49216a68d',
  refs: ['e23'],
};

test('each agent call is a step entry saying what was asked and how it was served, followed by the primitives it ran', async () => {
  const login = newActionId();
  const check = newActionId();
  const events = await logOf([
    { kind: 'agent_start', action_id: login, call: 'step', text: 'log in as alice', location: { file: SPEC, line: 12 } },
    { kind: 'agent_decision', action_id: login, role: 'planner', path: 'rules', reason: 'a login goal' },
    ...primitive('input_text', { target: 'Email', parent: login, device_ms: 80 }),
    ...primitive('tap', { target: 'Log in', parent: login, device_ms: 120 }),
    end(login, { call: 'step', status: 'passed', path: 'rules', cache: 'miss', steps: 2, llm_calls: 0 }),
    { kind: 'agent_start', action_id: check, call: 'expect', text: 'the cart shows 1 item', location: { file: SPEC, line: 13 } },
    llm(check, { tokens_in: 700, tokens_out: 30, cost_usd: 0.00012 }),
    end(check, { call: 'expect', status: 'failed', path: 'model', cache: 'off', steps: 0, llm_calls: 1 }),
  ]);
  const { steps } = summarizeEvents(events, { rootDir: ROOT });
  expect(steps.map((step) => [step.primitive, step.target ?? step.detail, step.status, step.source])).toEqual([
    ['ai.step', 'log in as alice', 'OK', 'script'],
    ['input_text', 'Email', 'OK', 'agent'],
    ['tap', 'Log in', 'OK', 'agent'],
    ['ai.expect', 'the cart shows 1 item', 'FAIL', 'script'],
  ]);
  expect(steps[0]).toMatchObject({
    duration_ms: 2300,
    device_ms: 200,
    location: 'specs/shop.test.ts:12',
    agent: { call: 'step', text: 'log in as alice', path: 'rules', cache: 'miss', actions: 2, llm_calls: 0 },
  });
  expect(steps[3].agent).toEqual({
    call: 'expect',
    text: 'the cart shows 1 item',
    path: 'model',
    cache: 'off',
    actions: 0,
    llm_calls: 1,
    tokens: 0,
    verification: null,
  });
  expect(steps[1].agent).toBeUndefined();
});

test('an agent step says how its outcome was verified: the rule and check, held or not, the screen and refs, and what was missing', async () => {
  const on = newActionId();
  const off = newActionId();
  const notOff = { ...BLUETOOTH_ON, check: 'a switch "Bluetooth" is off', held: false, missing: 'toggle e23 "Bluetooth On" is on' };
  const events = await logOf([
    { kind: 'agent_start', action_id: on, call: 'step', text: 'turn on Bluetooth' },
    ...primitive('tap', { target: 'Bluetooth', parent: on, device_ms: 100 }),
    end(on, { call: 'step', status: 'passed', path: 'rules', cache: 'miss', steps: 1, llm_calls: 0, verification: BLUETOOTH_ON }),
    { kind: 'agent_start', action_id: off, call: 'step', text: 'turn off Bluetooth' },
    ...primitive('tap', { target: 'Bluetooth', parent: off, device_ms: 100 }),
    end(off, { call: 'step', status: 'failed', path: 'rules', cache: 'off', steps: 1, llm_calls: 0, verification: notOff }),
  ]);
  const [first, , second] = summarizeEvents(events, { rootDir: ROOT }).steps;
  expect(first.agent?.verification).toEqual(BLUETOOTH_ON);
  expect(second).toMatchObject({
    status: 'FAIL',
    agent: { verification: { held: false, check: 'a switch "Bluetooth" is off', missing: 'toggle e23 "Bluetooth On" is on', refs: ['e23'] } },
  });
});

test("a test's agent totals count calls, plan cache outcomes, and the model's calls, tokens, whole requests and cost, per role", async () => {
  const ids = [newActionId(), newActionId(), newActionId(), newActionId()];
  const events = await logOf([
    ...ids.flatMap((id, i): EventInput[] => [
      { kind: 'agent_start', action_id: id, call: 'step', text: `goal ${i}` },
      ...(i === 3
        ? [
            llm(id, { tokens_in: 1000, tokens_out: 50, cost_usd: 0.0002 }, { request_tokens: 17_500, role: 'planner' }),
            llm(id, { tokens_in: 400, tokens_out: 20, cost_usd: 0.0001 }, { request_tokens: 700, role: 'validator' }),
          ]
        : []),
      end(id, {
        call: 'step',
        status: 'passed',
        path: i === 3 ? 'model' : 'cache',
        cache: (['hit', 'hit', 'healed', 'miss'] as const)[i],
        steps: 1,
        llm_calls: i === 3 ? 2 : 0,
      }),
    ]),
    llm('', { tokens_in: 100, tokens_out: 10, cost_usd: 0.00005 }),
  ]);
  const evidence = summarizeEvents(events, { rootDir: ROOT });
  expect(evidence.agent).toEqual({
    steps: 4,
    cache_hits: 2,
    cache_misses: 1,
    cache_healed: 1,
    llm_calls: 3,
    tokens_in: 1500,
    tokens_out: 80,
    request_tokens: 18_300,
    cost_usd: 0.00035,
    by_role: {
      // The call without request_tokens (an older log) counts its tokens_in as its request.
      planner: { llm_calls: 2, tokens_in: 1100, tokens_out: 60, request_tokens: 17_600, cost_usd: 0.00025 },
      validator: { llm_calls: 1, tokens_in: 400, tokens_out: 20, request_tokens: 700, cost_usd: 0.0001 },
    },
  });
  expect(evidence).toMatchObject({ llm_calls: 3, tokens: 1580 });
});

test('a log without agent events counts zeros; an agent call cut short is UNFINISHED with what it had decided', async () => {
  expect(summarizeEvents([], { rootDir: ROOT }).agent).toEqual({
    steps: 0,
    cache_hits: 0,
    cache_misses: 0,
    cache_healed: 0,
    llm_calls: 0,
    tokens_in: 0,
    tokens_out: 0,
    request_tokens: 0,
    cost_usd: 0,
    by_role: {},
  });
  const id = newActionId();
  const events = await logOf([
    { kind: 'agent_start', action_id: id, call: 'wait_for', text: 'the spinner is gone', ts: 1_000 },
    { kind: 'agent_decision', action_id: id, role: 'validator', path: 'rules', reason: 'text check', ts: 1_200 },
    ...primitive('wait_for', { target: 'Spinner', parent: id, device_ms: 40 }).map((event) => ({ ...event, ts: 1_500 })),
    { kind: 'test_end', status: 'timedOut', duration_ms: 5000, ts: 6_000 },
  ]);
  const evidence = summarizeEvents(events, { rootDir: ROOT });
  expect(evidence.steps[0]).toMatchObject({
    primitive: 'ai.waitFor',
    status: 'UNFINISHED',
    duration_ms: 5000,
    agent: { path: 'rules', cache: null, actions: 1, llm_calls: 0, verification: null },
  });
  expect(evidence.agent).toMatchObject({ steps: 1, cache_hits: 0, cache_misses: 0 });
});

test('secret text in an agent goal and in its verification is masked in its step entry', async () => {
  registerSecret('s3cret-pa55word');
  const id = newActionId();
  const verification: AgentVerification = {
    ...BLUETOOTH_ON,
    rule: 'type',
    check: 'the field "Password" holds s3cret-pa55word',
    held: false,
    screen: 'com.example.shop/.LoginActivity showing "Hint: s3cret-pa55word"',
    missing: 'the field shows s3cret-pa55word, not the text typed',
  };
  const events = await logOf([
    { kind: 'agent_start', action_id: id, call: 'step', text: 'log in with password s3cret-pa55word' },
    end(id, { call: 'step', status: 'failed', path: 'rules', cache: 'off', steps: 0, llm_calls: 0, verification }),
  ]);
  const text = JSON.stringify(summarizeEvents(events, { rootDir: ROOT }));
  expect(text).not.toContain('s3cret');
  const [step] = summarizeEvents(events, { rootDir: ROOT }).steps;
  expect(step.detail).toBe(`log in with password ${MASK}`);
  expect(step.agent?.verification).toMatchObject({ check: `the field "Password" holds ${MASK}`, missing: `the field shows ${MASK}, not the text typed` });
});
