import { expect, test } from '@playwright/test';
import { startSim } from '../../sim/index.js';
import type { ActionEndEvent, ObservationEvent } from '../../events/index.js';
import { sharedPhone, readyCouponCrash, signIn } from './testing/phone.js';

// What a failed action tells a person: which target, what the screen showed, whose fault it is.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone((timing) => startSim({ serverPort: 0, seed: 1, timing }));

test('a target that is not there fails with the closest labels and a screenshot beside the log', async () => {
  const exec = await phone.session.executor({ timeouts: { target: 600 } });
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  const result = await exec.run({ name: 'tap', params: { target: 'Log out' } });
  expect(result.verdict).toBe('FAIL');
  expect(result.failure).toMatchObject({ name: 'TargetNotFound', category: 'locator' });
  expect(result.failure?.message).toContain('No element matches "Log out"; closest: "Log in" (button');
  expect(result.failure?.message).toContain('com.example.shop/.LoginActivity');

  const events = await exec.eventsOf(result.actionId);
  const end = events.find((e) => e.kind === 'action_end') as ActionEndEvent;
  expect(end).toMatchObject({ verdict: 'FAIL', error: { name: 'TargetNotFound', category: 'locator' } });
  const after = events.find((e) => e.kind === 'observation' && e.phase === 'after') as ObservationEvent;
  expect(after.screenshot).toBe(`${result.actionId}-failure.png`);
});

test('an ambiguous target lists the tied candidates with their refs instead of guessing', async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  const result = await exec.run({ name: 'tap', params: { target: 'Headphones' } });
  expect(result.failure).toMatchObject({ name: 'TargetAmbiguous', category: 'locator' });
  const rows = result.candidates.slice(0, 4).map((c) => `"${c.element.label}" (item ${c.element.ref})`);
  for (const row of rows) expect(result.failure?.message).toContain(row);
  expect(result.failure?.message).toContain('Make the target more exact');
  const candidates = (await exec.eventsOf(result.actionId)).find((e) => e.kind === 'candidates');
  expect(candidates).toMatchObject({ ambiguous: true, target: 'Headphones' });
  // Nothing was tapped: the catalogue is still in front.
  expect((await phone.session.driver.foreground()).activity).toBe('com.example.shop.MainActivity');
});

test('a tap on a disabled button changes nothing and answers RETRY NoEffect', async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  const result = await exec.run({ name: 'tap', params: { target: 'Log in' } });
  expect(result.verdict).toBe('RETRY');
  expect(result.failure).toMatchObject({ name: 'NoEffect', category: 'execution' });
  expect(result.failure?.message).toContain('tap on "Log in" (button');
  expect(result.report?.screen_changed).toBe(false);
  // Tapping the field that already has focus is not expected to change anything.
  await exec.ok({ name: 'tap', params: { target: 'Email' } });
  const again = await exec.ok({ name: 'tap', params: { target: 'Email' } });
  expect(again.report?.screen_changed).toBe(false);
});

test('an expectation that does not hold fails as the product for scripts and as the plan for the agent', async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  const script = await exec.run({ name: 'input_text', params: { target: 'Email', text: 'alice@example.com', expected: { visible: 'Hi, Alice' } } });
  expect(script.failure).toMatchObject({ name: 'ExpectationFailed', category: 'product' });
  expect(script.failure?.message).toContain('Expected "Hi, Alice" to be visible after input_text, but No element matches "Hi, Alice"');
  const agent = await exec.run({ name: 'press_key', params: { key: 'tab', expected: { activity: '.MainActivity' } } }, { source: 'agent' });
  expect(agent.failure).toMatchObject({ name: 'ExpectationFailed', category: 'plan' });
  expect(agent.failure?.message).toContain('the foreground is com.example.shop/.LoginActivity');
});

test('the CRASH coupon fails as a product defect naming the exception', { tag: '@real-timing' }, async () => {
  const exec = await phone.session.executor();
  await readyCouponCrash(exec);
  const result = await exec.run({ name: 'tap', params: { target: 'Apply' } });
  expect(result.verdict).toBe('FAIL');
  expect(result.failure).toMatchObject({ name: 'AppCrashed', category: 'product' });
  expect(result.failure?.message).toContain('java.lang.IllegalStateException: Coupon service unavailable');
  expect(result.report?.crash?.package).toBe('com.example.shop');

  // The crash dialog stays: the next action fails the same way instead of dismissing it.
  const next = await exec.run({ name: 'tap', params: { target: 'Close app' } });
  expect(next.failure).toMatchObject({ name: 'AppCrashed', category: 'product' });
  expect(next.failure?.message).toContain('Coupon service unavailable');
  const handled = await exec.run({ name: 'handle_dialog', params: { action: 'dismiss' } });
  expect(handled.failure).toMatchObject({ name: 'AppCrashed', category: 'product' });
});
