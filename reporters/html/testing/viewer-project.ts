// The project the viewer's tests run through the CLI on the virtual phone: Shop specs that pass, one
// that crashes the app, and one whose events log is written beforehand as an agent served by a model
// writes it (no model server needed), with the prompt and answer files beside it.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EventLog, newActionId, type EventInput } from '../../../src/events/index.js';

export const SECRET = 'pass123';
export const TOKEN = 'shop-token-5f3a9c1e77';

export const SHOP_SPEC = `import { test, expect } from 'mobiletest';
test.use({ app: 'com.example.shop' });
test('alice signs in', async ({ device }) => {
  await device.fill('Email', 'alice@example.com');
  await device.fill('Password', '${SECRET}', { secret: true });
  await device.tap('Log in');
  await expect(device.find('greeting')).toHaveText('Hi, Alice');
});
test('alice signs in by goal', async ({ device }) => {
  await device.ai.step('log in with alice@example.com and "${SECRET}"');
  await device.ai.expect('the greeting says Hi, Alice');
});
`;

export const CRASH_SPEC = `import { test } from 'mobiletest';
test.use({ app: 'com.example.shop' });
// The coupon code CRASH crashes the Shop app: a product defect.
test('a coupon code does not crash the cart', async ({ device }) => {
  // A token from the environment typed in plain: masked wherever it would show.
  await device.fill('Email', process.env.SHOP_API_TOKEN ?? '');
  await device.fill('Email', 'alice@example.com');
  await device.fill('Password', '${SECRET}', { secret: true });
  await device.tap('Log in');
  await device.tap('Cart');
  await device.fill('Coupon code', 'CRASH', { submit: true });
  await device.assertVisible('Coupon applied');
});
`;

// Pushed as the device fixture does, so the log stays beside the files it names (attach() would copy it alone).
export const agentSpec = (log: string): string => `import { test } from '@playwright/test';
test('adds a cable by goal', async ({}, testInfo) => {
  testInfo.attachments.push({ name: 'mobiletest-events', path: ${JSON.stringify(log)}, contentType: 'application/x-ndjson' });
});
`;

/** The events log of `agentSpec`'s test in `dir`/trace, as an agent served by a model writes it; `file` is the spec. */
export async function writeTrace(dir: string, file: string): Promise<void> {
  await mkdir(path.join(dir, 'trace'), { recursive: true });
  const log = await EventLog.open(path.join(dir, 'trace', 'events.jsonl'), { testId: 't1' });
  const step = newActionId();
  const tap = newActionId();
  // An older prompt file that still holds the key: the report masks it all the same.
  await writeFile(
    path.join(dir, 'trace', 'p1-prompt.txt'),
    `--- system\nYou are the planner.\n--- user\nGoal: add a cable to the cart\nauth: Bearer ${TOKEN}\n`,
  );
  await writeFile(path.join(dir, 'trace', 'p1-answer.txt'), '{"actions":[{"name":"tap","params":{"target":"Add to cart"}}],"done":true}');
  const events: EventInput[] = [
    { kind: 'test_start', title: 'adds a cable by goal', device: 'emulator-5554' },
    { kind: 'agent_start', action_id: step, call: 'step', text: 'add a cable to the cart', location: { file, line: 2 } },
    {
      kind: 'llm_call',
      action_id: step,
      role: 'planner',
      model: 'gpt-4o-mini',
      prompt_ref: 'p1-prompt.txt',
      answer_ref: 'p1-answer.txt',
      tokens_in: 900,
      tokens_out: 40,
      request_tokens: 17_900,
      usage_source: 'counted',
      finish: 'length',
      profile: 'openai',
      cost_usd: 0.0002,
      duration_ms: 820,
    },
    {
      kind: 'agent_decision',
      action_id: step,
      role: 'planner',
      path: 'model',
      reason: 'the cart button of the first cable',
      actions: [{ name: 'tap', params: { target: 'Add to cart' } }],
      refs: ['e12'],
    },
    {
      kind: 'action_start',
      action_id: tap,
      primitive: 'tap',
      params: { target: 'Add to cart' },
      target: 'Add to cart',
      source: 'agent',
      parent_action_id: step,
    },
    {
      kind: 'observation',
      action_id: tap,
      phase: 'before',
      screen_text: 'app com.example.shop/.MainActivity · screen 1080x2400\ne12 button "Add to cart"\ne13 button "Add to cart"',
      signature: 's1',
    },
    {
      kind: 'candidates',
      action_id: tap,
      target: 'Add to cart',
      ambiguous: true,
      chosen: 0,
      candidates: [
        { ref: 'e12', label: 'Add to cart', score: 0.92, reasons: ['exact label', 'first in list'], bounds: { left: 60, top: 900, right: 500, bottom: 990 } },
        { ref: 'e13', label: 'Add to cart', score: 0.88, reasons: ['exact label'], bounds: { left: 60, top: 1300, right: 500, bottom: 1390 } },
      ],
    },
    {
      kind: 'action_end',
      action_id: tap,
      verdict: 'OK',
      timings: {
        total_ms: 140,
        device_ms: 120,
        harness_ms: 20,
        device_calls: [
          { call: 'hierarchy', count: 2, ms: 70 },
          { call: 'foreground', count: 2, ms: 30 },
          { call: 'tap', count: 1, ms: 20 },
        ],
      },
    },
    // As a log from before requests were counted writes it: no request_tokens, usage_source, finish or profile.
    {
      kind: 'llm_call',
      action_id: step,
      role: 'validator',
      model: 'gpt-4o-mini',
      prompt_ref: 'gone-prompt.txt',
      answer_ref: 'gone-answer.txt',
      tokens_in: 300,
      tokens_out: 10,
      cost_usd: 0.0001,
      duration_ms: 300,
    },
    {
      kind: 'agent_end',
      action_id: step,
      call: 'step',
      status: 'passed',
      path: 'model',
      cache: 'miss',
      llm_calls: 2,
      tokens_in: 1200,
      tokens_out: 50,
      steps: 1,
      reason: 'goal reached',
      duration_ms: 1400,
    },
    { kind: 'test_end', status: 'passed', duration_ms: 1500 },
  ];
  for (const event of events) await log.append(event);
  await log.close();
}

export const CRASH_TITLE = 'a coupon code does not crash the cart';
