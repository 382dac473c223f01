import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { startSim } from '../../sim/index.js';
import type { ActionEndEvent, ActionStartEvent, CandidatesEvent, ObservationEvent } from '../../events/index.js';
import { sharedPhone, SHOP, signIn } from './testing/phone.js';

// The first steps of every Shop test: launch, the permission prompt, typing, tapping, asserting, keys.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));

test('launch, type, tap and assert sign in to Shop, each action leaving its events', async () => {
  const exec = await phone.session.executor();
  const launch = await exec.ok({ name: 'launch_app', params: { clear_state: true } });
  // Shop asks for notifications at once: its prompt, in Shop's task, is the active window and all the dump holds.
  expect(launch.after?.screen.foreground?.activity).toMatch(/\.GrantPermissionsActivity$/);

  // The notification prompt covers the login screen; the default policy allows it before typing.
  const email = await exec.ok({ name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } });
  expect(email.output?.text).toBe('alice@example.com');
  expect(phone.sim.phone.packages.get(SHOP)?.granted.has('android.permission.POST_NOTIFICATIONS')).toBe(true);

  const password = await exec.ok({ name: 'input_text', params: { target: 'Password', text: 'pass123', secret: true } });
  expect(password.output?.text).toBe('•••');
  const tap = await exec.ok({ name: 'tap', params: { target: 'Log in', expected: { activity: '.MainActivity' } } });
  expect(tap.element?.label).toBe('Log in');
  expect(tap.report?.activity_changed?.to).toBe(`${SHOP}/.MainActivity`);
  // The read budget: the tap's own call, the screens it read to find its target and see the change.
  const calls = new Map(tap.timings.device_calls?.map((c) => [c.call, c]));
  expect(calls.get('tap')?.count).toBe(1);
  expect(calls.get('hierarchy')?.count).toBeGreaterThanOrEqual(1);
  expect(calls.has('screenshot')).toBe(false);
  const shown = await exec.ok({ name: 'assert_visible', params: { target: 'Hi, Alice' } });
  expect(shown.element?.label).toBe('Hi, Alice');

  const events = await exec.eventsOf(tap.actionId);
  expect(events.map((e) => e.kind)).toEqual(['action_start', 'observation', 'candidates', 'observation', 'situation', 'action_end']);
  const start = events[0] as ActionStartEvent;
  expect(start).toMatchObject({ primitive: 'tap', target: 'Log in', source: 'script' });
  const before = events[1] as ObservationEvent;
  expect(before.activity).toBe('.LoginActivity');
  expect(before.screen_text).toContain('button "Log in"');
  const candidates = events[2] as CandidatesEvent;
  expect(candidates).toMatchObject({ target: 'Log in', ambiguous: false, chosen: 0 });
  expect(candidates.candidates[0]).toMatchObject({ label: 'Log in', score: 1 });
  const after = events[3] as ObservationEvent;
  expect(after.activity).toBe('.MainActivity');
  expect(after.screen_text).toContain('Hi, Alice');
  expect(after.screenshot).toBeUndefined();
  const end = events[5] as ActionEndEvent;
  expect(end.verdict).toBe('OK');
  expect(end.error).toBeUndefined();
  expect(end.timings.device_ms).toBeGreaterThan(0);
  expect(end.timings.total_ms).toBeGreaterThanOrEqual(end.timings.device_ms + end.timings.harness_ms - 0.1);

  const situation = (await exec.eventsOf(email.actionId)).find((e) => e.kind === 'situation');
  expect(situation?.kind === 'situation' && situation.report).toContain('answered "Allow Shop to send you notifications?"');
});

test('a password is read back by its length and never reaches the log', async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  const typed = await exec.ok({ name: 'input_text', params: { target: 'Password', text: 'hunter2secret', secret: true } });
  expect(typed.after?.screen.elements.find((e) => e.ref === typed.element?.ref)?.label).toBe('•'.repeat('hunter2secret'.length));
  // Typed again: the field is emptied first, so it still holds exactly the new text. Filled, it shows
  // dots rather than "Password", so the role tells it from "Forgot password?".
  const again = await exec.ok({ name: 'input_text', params: { target: 'the Password field', text: 'hunter2secret', secret: true } });
  expect(again.after?.screen.elements.find((e) => e.ref === again.element?.ref)?.label).toBe('•'.repeat(13));
  await exec.ok({ name: 'input_text', params: { target: 'Email', text: 'hunter2secret@example.com', secret: true } });

  await exec.log.flush();
  const text = await readFile(exec.log.path, 'utf8');
  expect(text).not.toContain('hunter2secret');
  expect(text).toContain('input \\"•••\\" #email');
  const start = (await exec.events()).find((e) => e.kind === 'action_start' && e.primitive === 'input_text') as ActionStartEvent;
  expect(start.params).toMatchObject({ target: 'Password', secret: true });
  expect(start.params.text).not.toBe('hunter2secret');
});

test('press_key goes back a screen and enter submits a search', async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  await exec.ok({ name: 'tap', params: { target: 'Search', expected: { activity: '.SearchActivity' } } });
  const typed = await exec.ok({ name: 'input_text', params: { target: 'Search products', text: 'cable' } });
  expect(typed.output?.text).toBe('cable');
  const enter = await exec.ok({ name: 'press_key', params: { key: 'enter', expected: { visible: 'USB-C Cable' } } });
  expect(enter.after?.screen.elements.some((e) => e.label.startsWith('USB-C Cable'))).toBe(true);

  const back = await exec.ok({ name: 'press_key', params: { key: 'back' } });
  expect(back.report?.screen_changed).toBe(true);
  const home = await exec.ok({ name: 'press_key', params: { key: 'home' } });
  expect(home.after?.screen.foreground?.package).not.toBe(SHOP);
});

test('an action id that already completed is not run again: the earlier verdict comes back', async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  const first = await exec.ok({ name: 'input_text', params: { target: 'Email', text: 'bob@example.com' } }, { actionId: 'a-fixed-1' });
  expect(first.duplicate).toBeUndefined();
  // Were it run again, the field would be emptied and typed into anew; the screen tells.
  await exec.ok({ name: 'input_text', params: { target: 'Email', text: 'carol@example.com' } });
  const second = await exec.run({ name: 'input_text', params: { target: 'Email', text: 'bob@example.com' } }, { actionId: 'a-fixed-1' });
  expect(second).toMatchObject({ actionId: 'a-fixed-1', verdict: 'OK', duplicate: true });
  const look = await phone.session.observer.look();
  expect(look.observation.screen.elements.some((e) => e.label === 'carol@example.com')).toBe(true);
  const starts = (await exec.events()).filter((e) => e.kind === 'action_start' && e.action_id === 'a-fixed-1');
  expect(starts).toHaveLength(1);
});
