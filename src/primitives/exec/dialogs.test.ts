import { expect, test } from '@playwright/test';
import { startSim } from '../../sim/index.js';
import { sharedPhone, SHOP } from './testing/phone.js';

// The notification prompt Shop shows on its first launch, answered by policy or by the test.
test.describe.configure({ mode: 'serial' });

const NOTIFICATIONS = 'android.permission.POST_NOTIFICATIONS';
const phone = sharedPhone((timing) => startSim({ serverPort: 0, seed: 1, timing }));

const granted = () => phone.sim.phone.packages.get(SHOP)?.granted.has(NOTIFICATIONS);

test('policy deny answers the prompt with "Don’t allow" before typing', async () => {
  const exec = await phone.session.executor({ dialogs: 'deny' });
  await exec.ok({ name: 'launch_app', params: { clear_state: true } });
  const typed = await exec.ok({ name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } });
  expect(typed.output?.text).toBe('alice@example.com');
  expect(granted()).toBe(false);
  const situation = (await exec.eventsOf(typed.actionId)).find((e) => e.kind === 'situation');
  expect(situation?.kind === 'situation' && situation.report).toContain('with "Don’t allow" (dialogs: deny)');
});

test('policy fail stops the action and names the dialog, unless the action is aimed at it', { tag: '@real-timing' }, async () => {
  const exec = await phone.session.executor({ dialogs: 'fail' });
  await exec.ok({ name: 'launch_app', params: { clear_state: true } });
  const blocked = await exec.run({ name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } });
  expect(blocked.verdict).toBe('FAIL');
  expect(blocked.failure).toMatchObject({ name: 'DialogBlocked', category: 'environment' });
  expect(blocked.failure?.message).toContain('"Allow Shop to send you notifications?" (com.google.android.permissioncontroller');
  expect(blocked.failure?.message).toContain('the dialog policy is "fail"');

  // A tap on the dialog's own button is aimed at it: no policy.
  await exec.ok({ name: 'tap', params: { target: 'Allow', expected: { visible: 'Email' } } });
  expect(granted()).toBe(true);
});

test('policy allow answers the prompt before an assertion on the screen beneath it', { tag: '@real-timing' }, async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true } });
  const seen = await exec.ok({ name: 'assert_visible', params: { target: 'Welcome back' } });
  expect(seen.element?.label).toBe('Welcome back');
  expect(granted()).toBe(true);
});

test('handle_dialog accepts, dismisses or presses a named button, and fails with no dialog up', async () => {
  const exec = await phone.session.executor({ dialogs: 'fail' });
  await exec.ok({ name: 'launch_app', params: { clear_state: true } });
  const dismissed = await exec.ok({ name: 'handle_dialog', params: { action: 'dismiss' } });
  expect(dismissed.element?.label).toBe('Don’t allow');
  expect(granted()).toBe(false);
  expect(dismissed.after?.screen.foreground?.activity).toBe('.LoginActivity');

  await exec.ok({ name: 'launch_app', params: { clear_state: true } });
  const named = await exec.ok({ name: 'handle_dialog', params: { button: "Don't allow" } });
  expect(named.element?.label).toBe('Don’t allow');

  await exec.ok({ name: 'launch_app', params: { clear_state: true } });
  await exec.ok({ name: 'handle_dialog', params: { action: 'accept' } });
  expect(granted()).toBe(true);

  const none = await exec.run({ name: 'handle_dialog', params: { action: 'accept' } });
  expect(none.failure).toMatchObject({ name: 'NoDialog', category: 'plan' });
  expect(none.failure?.message).toContain('handle_dialog found no dialog on com.example.shop/.LoginActivity');
});
