import { expect, test } from '@playwright/test';
import { startSim } from '../../sim/index.js';
import { sharedPhone } from './testing/phone.js';

// A phone that drops off in the middle of an action: the action answers EXCEPTION, never throws.
const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));

test('an action cancelled through its signal answers EXCEPTION instead of waiting on', async () => {
  const exec = await phone.session.executor();
  const controller = new AbortController();
  const pending = exec.run({ name: 'assert_visible', params: { target: 'Order confirmed', timeout_ms: 20_000 } }, { signal: controller.signal });
  setTimeout(() => controller.abort(new Error('the test ended')), 200);
  const result = await pending;
  expect(result.verdict).toBe('EXCEPTION');
  expect(result.failure).toMatchObject({ name: 'Aborted', category: 'execution' });
  expect(result.failure?.message).toContain('the test ended');
});

test('a disconnect while an assertion polls answers EXCEPTION with the device error, as an environment failure', async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  const pending = exec.run({ name: 'assert_visible', params: { target: 'Hi, Alice', timeout_ms: 20_000 } });
  setTimeout(() => phone.sim.phone.faults.goOffline(), 300);
  const result = await pending;
  expect(result.verdict).toBe('EXCEPTION');
  expect(result.failure).toMatchObject({ name: 'DeviceDisconnected', category: 'environment' });
  expect(result.failure?.message).toContain(phone.session.driver.id);
  const end = (await exec.eventsOf(result.actionId)).find((e) => e.kind === 'action_end');
  expect(end).toMatchObject({ verdict: 'EXCEPTION', error: { name: 'DeviceDisconnected', category: 'environment' } });
});
