import { expect, test } from '@playwright/test';
import { encode } from 'gpt-tokenizer';
import { startSim } from '../../sim/index.js';
import { sharedPhone, signIn, type TestRunner } from '../../primitives/exec/testing/phone.js';
import { agentOn } from '../testing/agent-harness.js';
import { SHOP_JOURNEY, shopPlanner } from '../testing/shop-model.js';
import type { ModelTurn, Wire } from '../testing/model-server.js';

// Goals on the virtual phone's Shop as a user meets them: a whole journey, a system permission prompt
// in the way, and the app's own promo popup, through the planner model and the offline rules.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone((timing) => startSim({ serverPort: 0, seed: 1, timing }));
const NOTIFICATIONS = 'android.permission.POST_NOTIFICATIONS';
/** What one planner turn's message (goal, history, screen) may cost; the fixed instructions come on top. */
const PROMPT_TOKENS = 700;

/** The Shop planner, noting the size of every planner prompt it is shown. */
function measuredPlanner(sizes: number[]): (turn: ModelTurn) => ReturnType<ReturnType<typeof shopPlanner>> {
  const plan = shopPlanner();
  return (turn) => {
    if (turn.schema === 'plan') sizes.push(encode(turn.user).length);
    return plan(turn);
  };
}

async function cartShowsOne(exec: TestRunner): Promise<void> {
  expect((await exec.run({ name: 'assert_visible', params: { target: 'Cart, 1 item' } })).verdict).toBe('OK');
}

for (const wire of ['openai', 'anthropic'] as Wire[]) {
  test(`the Shop journey through the ${wire} planner keeps every planner turn within ${PROMPT_TOKENS} tokens`, async () => {
    const exec = await phone.session.executor();
    await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: [NOTIFICATIONS] } });
    const sizes: number[] = [];
    const h = await agentOn(exec, { wire, decide: measuredPlanner(sizes) });
    try {
      const outcome = await h.agent.step(SHOP_JOURNEY);
      expect(outcome).toMatchObject({ path: 'model', cache: 'off' });
      await cartShowsOne(exec);
      // Every call but the validator's check of the finish is a planner turn.
      expect(sizes.length).toBe(outcome.llmCalls - 1);
      expect(sizes.length).toBeGreaterThanOrEqual(4);
      expect(Math.max(...sizes), `planner prompt sizes ${sizes.join(', ')}`).toBeLessThanOrEqual(PROMPT_TOKENS);
    } finally {
      await h.close();
    }
  });
}

test('a notification permission prompt mid-goal is answered by the dialog policy and the goal completes', async () => {
  const exec = await phone.session.executor();
  // Not granting POST_NOTIFICATIONS: the first launch after a clear asks for it over the login form.
  await exec.ok({ name: 'launch_app', params: { clear_state: true } });
  const { observation } = await phone.session.observer.look();
  expect(
    observation.screen.windows.some((w) => w.kind === 'dialog' && w.package !== 'com.example.shop'),
    'the system prompt is up',
  ).toBe(true);
  const h = await agentOn(exec, { decide: shopPlanner() });
  try {
    const outcome = await h.agent.step(SHOP_JOURNEY);
    expect(outcome.path).toBe('model');
    await cartShowsOne(exec);
    const events = await h.events();
    const answered = events.flatMap((e) => (e.kind === 'situation' ? ((e.data as { dialogs_answered?: string[] }).dialogs_answered ?? []) : []));
    expect(answered.join('\n')).toMatch(/answered .*permission.* with "Allow" \(dialogs: allow\)/i);
    expect(events.find((e) => e.kind === 'agent_end')).toMatchObject({ status: 'passed' });
  } finally {
    await h.close();
  }
});

/** Relaunches a signed-in Shop (keeping its data) until the seeded promo shows; how many launches it took. */
async function launchUntilPromo(exec: TestRunner): Promise<number> {
  for (let launch = 1; launch <= 12; launch++) {
    await exec.ok({ name: 'launch_app', params: {} });
    if ((await exec.run({ name: 'assert_visible', params: { target: 'No thanks', timeout_ms: 300 } })).verdict === 'OK') return launch;
  }
  throw new Error('the promo never showed in 12 launches');
}

test('the Summer sale promo is closed by the offline rules on the way to a search', { tag: '@real-timing' }, async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  await launchUntilPromo(exec);
  const h = await agentOn(exec);
  try {
    const outcome = await h.agent.step('search for headphones');
    expect(outcome).toMatchObject({ path: 'rules', llmCalls: 0 });
    expect((await exec.run({ name: 'assert_visible', params: { target: 'Summer sale', timeout_ms: 300 } })).verdict).not.toBe('OK');
    expect((await exec.run({ name: 'assert_visible', params: { target: 'results for', timeout_ms: 5000 } })).verdict).toBe('OK');
    const decisions = (await h.events()).filter((e) => e.kind === 'agent_decision').map((e) => (e as { reason: string }).reason);
    expect(
      decisions.some((r) => /closing the popup "Summer sale.*" .*"No thanks"/.test(r)),
      decisions.join('\n'),
    ).toBe(true);
  } finally {
    await h.close();
  }
});

test('the Summer sale promo is closed by the planner model, which then reaches the goal', async () => {
  const exec = await phone.session.executor();
  await launchUntilPromo(exec);
  const seen: string[] = [];
  const plan = shopPlanner();
  const h = await agentOn(exec, {
    decide: (turn) => {
      seen.push(turn.screen);
      return plan(turn);
    },
  });
  try {
    const outcome = await h.agent.step('search for headphones and add the first result to the cart');
    expect(outcome.path).toBe('model');
    expect(seen[0]).toContain('No thanks');
    expect(seen.slice(1).some((s) => s.includes('No thanks'))).toBe(false);
    await cartShowsOne(exec);
  } finally {
    await h.close();
  }
});
