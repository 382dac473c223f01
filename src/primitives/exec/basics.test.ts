import { expect, test } from '@playwright/test';
import { startSim, type Sim } from '../../sim/index.js';
import type { ActionEndEvent, ObservationEvent } from '../../events/index.js';
import { ExecutorSession, SHOP, type TestRunner } from './testing/phone.js';

// The first steps of every Shop test: launch, the permission prompt, typing, tapping, asserting.
test.describe.configure({ mode: 'serial' });

let sim: Sim;
let session: ExecutorSession;

test.beforeAll(async () => {
  sim = await startSim({ serverPort: 0, seed: 1 });
  session = await ExecutorSession.connect(sim);
});

test.afterAll(async () => {
  await session?.close();
  await sim?.stop();
});

async function signIn(exec: TestRunner): Promise<void> {
  await exec.ok({ name: 'launch_app', params: { clear_state: true } });
  await exec.ok({ name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } });
  await exec.ok({ name: 'input_text', params: { target: 'Password', text: 'pass123', secret: true } });
  await exec.ok({ name: 'tap', params: { target: 'Log in' } });
}

test('launch, type, tap and assert sign in to Shop, each action leaving its events', async () => {
  const exec = await session.executor();
  const launch = await exec.ok({ name: 'launch_app', params: { clear_state: true } });
  expect(launch.after?.screen.foreground?.package).toBeTruthy();

  // The notification prompt covers the login screen; the default policy allows it before typing.
  const email = await exec.ok({ name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } });
  expect(email.output?.text).toBe('alice@example.com');
  expect(sim.phone.packages.get(SHOP)?.granted.has('android.permission.POST_NOTIFICATIONS')).toBe(true);

  const password = await exec.ok({ name: 'input_text', params: { target: 'Password', text: 'pass123', secret: true } });
  expect(password.output?.text).toBe('•••');
  const tap = await exec.ok({ name: 'tap', params: { target: 'Log in', expected: { activity: '.MainActivity' } } });
  expect(tap.element?.label).toBe('Log in');
  expect(tap.report?.activity_changed?.to).toBe(`${SHOP}/.MainActivity`);
  const shown = await exec.ok({ name: 'assert_visible', params: { target: 'Hi, Alice' } });
  expect(shown.element?.label).toBe('Hi, Alice');

  const events = await exec.eventsOf(tap.actionId);
  expect(events.map((e) => e.kind)).toEqual(['action_start', 'observation', 'candidates', 'observation', 'situation', 'action_end']);
  const before = events[1] as ObservationEvent;
  const after = events[3] as ObservationEvent;
  expect(before.activity).toBe('.LoginActivity');
  expect(before.screen_text).toContain('button "Log in"');
  expect(after.activity).toBe('.MainActivity');
  expect(after.screenshot).toBeUndefined();
  const end = events[5] as ActionEndEvent;
  expect(end.verdict).toBe('OK');
  expect(end.timings.total_ms).toBeGreaterThanOrEqual(end.timings.device_ms);
  expect(end.timings.device_ms).toBeGreaterThan(0);

  const situation = (await exec.eventsOf(email.actionId)).find((e) => e.kind === 'situation');
  expect(situation?.kind === 'situation' && situation.report).toContain('answered "Allow Shop to send you notifications?"');
});

test('press_key goes back a screen; a key that changes nothing answers RETRY', async () => {
  const exec = await session.executor();
  await signIn(exec);
  await exec.ok({ name: 'tap', params: { target: 'Search' } });
  expect((await session.driver.foreground()).activity).toBe(`${SHOP}.SearchActivity`);
  const back = await exec.ok({ name: 'press_key', params: { key: 'back' } });
  expect(back.report?.screen_changed).toBe(true);
});
