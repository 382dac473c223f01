import { expect, test } from '@playwright/test';
import { startSim } from '../../sim/index.js';
import { sharedPhone, signIn, type TestRunner } from '../../primitives/exec/testing/phone.js';
import { AgentStepFailed } from '../errors.js';
import { agentOn } from '../testing/agent-harness.js';
import { refOf, type TurnAnswer } from '../testing/model-server.js';

// Goals that cannot be reached: a planner going round in circles, a product crash and a phone that
// drops off, each ending with the kind and the category a report shows, and no retry where none helps.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));
const act = (...actions: unknown[]): TurnAnswer => ({ json: { thought: 'next', actions } });

async function failure(promise: Promise<unknown>): Promise<AgentStepFailed> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AgentStepFailed);
  return error as AgentStepFailed;
}

async function agentCalls(exec: TestRunner): Promise<Array<{ primitive: string; target: unknown }>> {
  return (await exec.events()).flatMap((e) => (e.kind === 'action_start' && e.source === 'agent' ? [{ primitive: e.primitive, target: e.params.target }] : []));
}

test('a planner that keeps tapping a label that does nothing ends in a Loop after one back, naming the tap', async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  await exec.ok({ name: 'open_link', params: { url: 'shop://product/13', expected: { visible: 'USB-C Cable' } } });
  // The first plain text of whatever screen is shown: a title, which does nothing when tapped.
  const h = await agentOn(exec, { decide: (turn) => act({ name: 'tap', params: { target: refOf(turn.screen, 'text', /./) } }) });
  try {
    const error = await failure(h.agent.step('find out what buyers think of this product'));
    expect(error).toMatchObject({ kind: 'Loop', category: 'plan' });
    expect(error.message).toMatch(/stopped in a loop: tap .* was about to run for the 3rd time on the same screen/);
    expect(error.message).toContain('after back had already been pressed once');
    expect(error.suggestion).toContain('split the goal');
    expect(error.evidence.at(-1)).toMatch(/^agent: ai\.step ended with Loop: stopped in a loop/);
    const calls = await agentCalls(exec);
    expect(calls.filter((c) => c.primitive === 'press_key')).toHaveLength(1);
    const decisions = (await h.events()).flatMap((e) => (e.kind === 'agent_decision' && e.role === 'debugger' ? [e.reason] : []));
    expect(decisions.some((r) => r.includes('pressing back and looking again'))).toBe(true);
  } finally {
    await h.close();
  }
});

test('the Shop crash reached by a goal is a product failure, stopped without a retry or another model call', async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  await exec.ok({ name: 'open_link', params: { url: 'shop://product/13', expected: { visible: 'USB-C Cable' } } });
  await exec.ok({ name: 'tap', params: { target: 'Add to cart' } });
  await exec.ok({ name: 'open_link', params: { url: 'shop://cart', expected: { activity: '.CartActivity' } } });
  const h = await agentOn(exec, {
    decide: () =>
      act(
        { name: 'input_text', params: { target: { id: 'coupon' }, text: 'CRASH' } },
        { name: 'tap', params: { target: 'Apply', expected: { screen_changed: true } } },
      ),
  });
  try {
    const error = await failure(h.agent.step('apply the coupon code CRASH to the cart'));
    expect(error).toMatchObject({ kind: 'ActionFailed', category: 'product' });
    expect(error.message).toContain('Coupon service unavailable');
    // The debugger's evidence, the failed primitive and the crash it saw in logcat; the suggestion names the defect.
    expect(error.suggestion).toMatch(
      /^This is a defect in the app: com\.example\.shop crashed with java\.lang\.IllegalStateException: Coupon service unavailable/,
    );
    expect(error.evidence).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^situation: crash com\.example\.shop \(log/),
        expect.stringMatching(/^failed step: (tap "Apply"|input_text \{ id "coupon" \}) answered FAIL \(AppCrashed\)$/),
        'logcat: java.lang.IllegalStateException: Coupon service unavailable',
      ]),
    );
    expect(h.server?.requests).toHaveLength(1);
    const taps = (await agentCalls(exec)).filter((c) => c.primitive === 'tap');
    expect(taps).toHaveLength(1);
    const end = (await h.events()).find((e) => e.kind === 'agent_end');
    expect(end).toMatchObject({
      status: 'failed',
      llm_calls: 1,
      error: { name: 'ActionFailed', category: 'product', suggestion: error.suggestion, evidence: error.evidence },
    });
  } finally {
    await h.close();
    // Back closes the crash dialog the executor left up as evidence.
    await phone.session.driver.key('back');
  }
});

// Last: the phone stays offline.
test('a phone that drops off mid-goal is an environment failure naming the device', async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  const h = await agentOn(exec, { decide: () => act({ name: 'wait_for', params: { target: 'Hi, Alice', state: 'visible', timeout_ms: 20_000 } }) });
  try {
    const pending = failure(h.agent.step('wait until the shop greets alice'));
    setTimeout(() => phone.sim.phone.faults.goOffline(), 500);
    const error = await pending;
    expect(error).toMatchObject({ kind: 'ActionFailed', category: 'environment' });
    expect(error.message).toContain('DeviceDisconnected');
    expect(error.message).toContain(phone.session.driver.id);
    expect(error.suggestion).toContain(`Check that device ${phone.session.driver.id} is still connected and online (adb devices`);
    expect(error.evidence).toContain(`device: ${phone.session.driver.id}`);
    expect(h.server?.requests).toHaveLength(1);
  } finally {
    await h.close();
  }
});
