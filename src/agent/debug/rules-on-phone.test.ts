import { expect, test } from '@playwright/test';
import { startSim } from '../../sim/index.js';
import { sharedPhone, readyCouponCrash, signIn } from '../../primitives/exec/testing/phone.js';
import type { PrimitiveCall } from '../../primitives/index.js';
import { attribute } from './rules.js';
import { FailurePatterns } from './patterns.js';

// The rules on failures the executor really answers on the virtual phone: what the agent would decide after each.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone((timing) => startSim({ serverPort: 0, seed: 1, timing }));
const GOAL = 'buy a USB-C cable';
const FRESH: PrimitiveCall = { name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } };

test('a missing target is the locator’s and asks for a new plan, naming the closest labels', async () => {
  const exec = await phone.session.executor({ timeouts: { target: 500 } });
  await exec.ok(FRESH);
  const failed = await exec.run({ name: 'tap', params: { target: 'Log out' } });
  const a = attribute({ goal: GOAL, failed, window: [] });
  expect(a).toMatchObject({ category: 'locator', decision: 'replan', pattern: 'target-not-found' });
  expect(a?.reason).toContain('"Log in"');
  expect(a?.evidence[0]).toMatch(/^failure: TargetNotFound \(FAIL, locator\) during tap: No element matches "Log out"/);
});

test('an ambiguous target asks for a new plan and lists the tied rows with their refs', async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  const failed = await exec.run({ name: 'tap', params: { target: 'Headphones' } });
  const a = attribute({ goal: GOAL, failed, window: [] });
  expect(a).toMatchObject({ category: 'locator', decision: 'replan', pattern: 'target-ambiguous' });
  const first = failed.candidates[0].element;
  expect(a?.reason).toContain(`"${first.label}" (${first.ref}`);
  expect(a?.evidence.some((e) => e.startsWith('candidates: '))).toBe(true);
});

test('a tap that changes nothing is retried once, then the same tap on the same screen asks for a new plan', { tag: '@real-timing' }, async () => {
  const exec = await phone.session.executor();
  await exec.ok(FRESH);
  const first = await exec.run({ name: 'tap', params: { target: 'Log in' } });
  expect(first.failure?.name).toBe('NoEffect');
  const once = attribute({ goal: 'log in', failed: first, window: [] });
  expect(once).toMatchObject({ category: 'execution', decision: 'retry', pattern: 'no-effect' });
  expect(once?.evidence).toContain('situation: the screen did not change');

  const second = await exec.run({ name: 'tap', params: { target: 'Log in' } });
  const twice = attribute({ goal: 'log in', failed: second, window: [first] });
  expect(twice).toMatchObject({ category: 'execution', decision: 'replan', pattern: 'no-effect-repeated' });
  expect(twice?.reason).toContain('"Log in"');
  expect(twice?.evidence).toContain(`window: the same tap had no effect before (action ${first.actionId})`);
  // The pattern library has no window, so it leaves NoEffect to the rules.
  expect(new FailurePatterns().lookup(second)).toBeUndefined();
});

test('an expectation the agent set that does not hold is the plan’s, to be made again', async () => {
  const exec = await phone.session.executor();
  await exec.ok(FRESH);
  await exec.ok({ name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } });
  const failed = await exec.run({ name: 'press_key', params: { key: 'tab', expected: { activity: '.MainActivity' } } }, { source: 'agent' });
  const a = attribute({ goal: 'log in', failed, window: [] });
  expect(a).toMatchObject({ category: 'plan', decision: 'replan', pattern: 'expectation-failed' });
  expect(a?.reason).toContain('LoginActivity');
});

test('a system prompt that blocks the action is the environment’s, and the plan can answer it', async () => {
  const exec = await phone.session.executor({ dialogs: 'fail' });
  await exec.ok({ name: 'launch_app', params: { clear_state: true } });
  const failed = await exec.run({ name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } });
  expect(failed.failure?.name).toBe('DialogBlocked');
  const a = attribute({ goal: 'log in', failed, window: [] });
  expect(a).toMatchObject({ category: 'environment', decision: 'replan', pattern: 'dialog-blocked' });
  expect(a?.reason).toContain('com.google.android.permissioncontroller');
  expect(a?.reason).toContain('handle_dialog');
});

test('the CRASH coupon is a product defect: stop, citing the crash the situation report saw', async () => {
  const exec = await phone.session.executor();
  await readyCouponCrash(exec);
  const failed = await exec.run({ name: 'tap', params: { target: 'Apply' } });
  const a = attribute({ goal: 'apply the coupon CRASH', failed, window: [] });
  expect(a).toMatchObject({ category: 'product', decision: 'stop', pattern: 'app-crash' });
  expect(a?.reason).toContain('Coupon service unavailable');
  expect(a?.evidence.find((e) => e.startsWith('situation: crash '))).toMatch(/^situation: crash com\.example\.shop \((log|dialog|process)/);

  // The dialog stays up: the next action fails as the same crash, and the pattern library answers it without a model.
  const next = await exec.run({ name: 'tap', params: { target: 'Close app' } });
  expect(new FailurePatterns().lookup(next)).toMatchObject({ category: 'product', decision: 'stop', pattern: 'app-crash' });
  // Back closes the crash dialog (the executor leaves it up as evidence), so the next test starts clean.
  await phone.session.driver.key('back');
  await exec.ok(FRESH);
});

test('a phone that drops off is the environment’s: stop, naming the device error', async () => {
  const exec = await phone.session.executor();
  await exec.ok(FRESH);
  const pending = exec.run({ name: 'assert_visible', params: { target: 'Hi, Alice', timeout_ms: 20_000 } });
  setTimeout(() => phone.sim.phone.faults.goOffline(), 300);
  const failed = await pending;
  expect(failed.verdict).toBe('EXCEPTION');
  const a = attribute({ goal: 'log in', failed, window: [] });
  expect(a).toMatchObject({ category: 'environment', decision: 'stop', pattern: 'device-lost' });
  expect(a?.reason).toContain('DeviceDisconnected');
  expect(a?.reason).toContain(phone.session.driver.id);
  expect(a?.evidence[0]).toMatch(/^failure: DeviceDisconnected \(EXCEPTION, environment\)/);
});
