import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { NOTE_TITLES, startSim } from '../../sim/index.js';
import { sharedPhone, SHOP, signIn } from './testing/phone.js';

// Waiting, assertions, text fields, the app lifecycle, the device, and the agent's last word.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone((timing) => startSim({ serverPort: 0, seed: 1, timing }));

test('assertions pass on what the screen shows and fail saying what it showed instead', async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  await exec.ok({ name: 'assert_state', params: { target: 'Log in', state: 'enabled', value: false } });
  await exec.ok({ name: 'assert_not_visible', params: { target: 'Wrong email or password', timeout_ms: 200 } });
  await exec.ok({ name: 'assert_text', params: { target: { id: 'title' }, equals: 'Welcome back' } });

  const text = await exec.run({ name: 'assert_text', params: { target: { id: 'title' }, contains: 'Goodbye', timeout_ms: 300 } });
  expect(text.failure).toMatchObject({ name: 'AssertionFailed', category: 'product' });
  expect(text.failure?.message).toContain('to contain "Goodbye" within 300 ms, but the screen shows text');
  expect(text.failure?.message).toContain('"Welcome back"');
  const state = await exec.run({ name: 'assert_state', params: { target: 'Log in', state: 'enabled', timeout_ms: 200 } });
  expect(state.failure?.message).toContain('Expected "Log in" to be enabled within 200 ms, but the screen shows button');
  expect(state.failure?.message).toContain('(disabled)');
  const hidden = await exec.run({ name: 'assert_not_visible', params: { target: 'Welcome back', timeout_ms: 200 } });
  expect(hidden.failure?.message).toContain('it is shown as text');
  const visible = await exec.run({ name: 'assert_visible', params: { target: 'Order confirmed', timeout_ms: 200 } });
  expect(visible.failure).toMatchObject({ name: 'AssertionFailed', category: 'product' });

  await signIn(exec);
  await exec.ok({ name: 'assert_text', params: { target: { id: 'greeting' }, matches: '^Hi, \\w+$' } });
  const chip = await exec.ok({ name: 'tap', params: { target: 'Cables' } });
  expect(chip.report?.changed_elements.some((e) => e.label === 'Cables')).toBe(true);
  await exec.ok({ name: 'assert_state', params: { target: 'Cables', state: 'checked' } });
});

test('a row that only looks like the checked one neither keeps it shown nor shows it; the row itself does', async () => {
  const exec = await phone.session.executor({ app: 'com.example.notes' });
  const launched = await exec.ok({ name: 'launch_app', params: { clear_state: true } });
  // A note edited on an earlier day: its row reads "<title> <first line> Nov 24".
  const older = launched.after!.screen.elements.find((e) => e.role === 'item' && / [A-Z][a-z]{2} \d{1,2}$/.test(e.label))!;
  const title = NOTE_TITLES.find((t) => older.label.startsWith(`${t} `))!;
  const line = older.label.slice(title.length + 1).replace(/ \S+ \d+$/, '');
  expect([title, line], older.label).not.toContain('');

  // A new note with the same title and first line: its row differs only by its edit time.
  await exec.ok({ name: 'tap', params: { target: 'New note' } });
  // "Title" is also a role word; the field labelled exactly that is what it names.
  await exec.ok({ name: 'input_text', params: { target: 'Title', text: title } });
  await exec.ok({ name: 'input_text', params: { target: 'Note', text: line } });
  await exec.ok({ name: 'hide_keyboard', params: {} });
  const saved = await exec.ok({ name: 'press_key', params: { key: 'back', expected: { visible: 'New note' } } });
  const copy = saved.after!.screen.elements.find((e) => e.role === 'item' && e.label.startsWith(`${title} ${line} `) && /\d\d:\d\d$/.test(e.label))!.label;
  expect(copy.replace(/ \S+$/, '')).toBe(older.label.replace(/ \S+ \d+$/, ''));
  const shown = await exec.run({ name: 'assert_not_visible', params: { target: copy, timeout_ms: 200 } });
  expect(shown.failure?.message).toContain(`it is shown as item`);

  const deleted = await exec.ok({ name: 'swipe', params: { direction: 'left', from: copy, expected: { gone: copy } } });
  expect(deleted.after!.screen.elements.map((e) => e.label)).toContain(older.label);
  await exec.ok({ name: 'assert_not_visible', params: { target: copy, timeout_ms: 200 } });
  await exec.ok({ name: 'wait_for', params: { target: { text: copy }, state: 'gone', timeout_ms: 200 } });
  const lookalike = await exec.run({ name: 'assert_visible', params: { target: copy, timeout_ms: 200 } });
  expect(lookalike.failure).toMatchObject({ name: 'AssertionFailed', category: 'product' });
  expect(lookalike.failure?.message).toContain(`closest: "${older.label}"`);

  // What the target names is still shown: the exact row, all the title's words in it, its ref.
  const ref = deleted.after!.screen.elements.find((e) => e.label === older.label)!.ref;
  for (const gone of [older.label, title, ref]) {
    const still = await exec.run({ name: 'hide_keyboard', params: { expected: { gone } } });
    expect(still.failure, gone).toMatchObject({ name: 'ExpectationFailed', category: 'product' });
    expect(still.failure?.message).toContain(`is still shown as item`);
    expect(still.failure?.message).toContain(`"${older.label}"`);
  }
});

test('wait_for follows a slow search; wait_idle returns once the spinner is gone', { tag: '@real-timing' }, async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  await exec.ok({ name: 'tap', params: { target: 'Search' } });
  await exec.ok({ name: 'input_text', params: { target: 'Search products', text: 'headphones', submit: true } });
  const shown = await exec.ok({ name: 'wait_for', params: { target: { text: '4 results for “headphones”' }, state: 'visible', timeout_ms: 8000 } });
  expect(shown.element?.label).toBe('4 results for “headphones”');
  const gone = await exec.ok({ name: 'wait_for', params: { target: { id: 'progress' }, state: 'gone' } });
  expect(gone.after?.screen.elements.some((e) => e.role === 'progress')).toBe(false);
  const idle = await exec.ok({ name: 'wait_idle', params: {} });
  expect(idle.after?.screen.elements.some((e) => e.label === 'Wireless Headphones $59.99')).toBe(true);
  const late = await exec.run({ name: 'wait_for', params: { target: 'Order confirmed', state: 'visible', timeout_ms: 200 } });
  expect(late.failure).toMatchObject({ name: 'WaitTimedOut' });
  expect(late.failure?.message).toContain('Waited 200 ms for "Order confirmed" to be visible');
});

test('clear_text empties a field, hide_keyboard closes the keyboard, and text that did not land is reported', async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  await exec.ok({ name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } });
  const typed = await exec.ok({ name: 'input_text', params: { text: '.uk' } });
  expect(typed.output?.text).toBe('.uk');
  const cleared = await exec.ok({ name: 'clear_text', params: { target: 'the email field' } });
  expect(cleared.after?.screen.elements.find((e) => e.resourceId.endsWith(':id/email'))?.label).toBe('Email');

  expect(cleared.after?.screen.windows.some((w) => w.kind === 'keyboard')).toBe(true);
  const hidden = await exec.ok({ name: 'hide_keyboard', params: {} });
  expect(hidden.after?.screen.windows.some((w) => w.kind === 'keyboard')).toBe(false);
  // No keyboard, nothing to do: still OK.
  await exec.ok({ name: 'hide_keyboard', params: {} });
  await exec.ok({ name: 'launch_app', params: {} });
  const noField = await exec.run({ name: 'clear_text', params: {} });
  expect(noField.failure).toMatchObject({ name: 'NoFocusedField', category: 'plan' });
  // Enter in a one-line field moves on, so the rest lands elsewhere: the read-back tells.
  const split = await exec.run({ name: 'input_text', params: { target: 'Email', text: 'alice\n@example.com' } });
  expect(split.failure).toMatchObject({ name: 'TextMismatch', category: 'execution' });
  expect(split.failure?.message).toContain('but it reads back as "alice"');
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  const notAField = await exec.run({ name: 'input_text', params: { target: 'Welcome back', text: 'hello' } });
  expect(notAField.failure).toMatchObject({ name: 'FieldNotFocused', category: 'execution' });
  expect(notAField.failure?.message).toContain('Tapped text');
  expect(notAField.failure?.message).toContain('"Welcome back" to type into it, but no text field took focus');
});

test('stop_app, clear_app_data and open_link', async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  const stopped = await exec.ok({ name: 'stop_app', params: {} });
  expect(stopped.after?.screen.foreground?.package).not.toBe(SHOP);
  expect(phone.sim.phone.ui.processes().some((p) => p.package === SHOP)).toBe(false);

  // Still signed in after a stop, so the link opens the product; not after clearing the data.
  const product = await exec.ok({ name: 'open_link', params: { url: 'shop://product/50', expected: { visible: 'Smart Glasses' } } });
  expect(product.after?.screen.foreground?.activity).toBe('.ProductActivity');
  await exec.ok({ name: 'clear_app_data', params: {} });
  const relaunched = await exec.ok({ name: 'launch_app', params: {} });
  expect(relaunched.after?.screen.elements.some((e) => e.label === 'Allow Shop to send you notifications?')).toBe(true);
  const unknown = await exec.run({ name: 'launch_app', params: { app: 'com.example.missing' } });
  expect(unknown.verdict).toBe('EXCEPTION');
  expect(unknown.failure?.category).toBe('environment');
});

test('set_orientation turns the screen; screenshot saves a PNG beside the log', async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { app: 'com.android.settings' } });
  const landscape = await exec.ok({ name: 'set_orientation', params: { orientation: 'landscape' } });
  expect(landscape.after?.screen.rotation).toBe(1);
  const wide = await exec.ok({ name: 'screenshot', params: {} });
  expect(wide.output!.png!.readUInt32BE(16)).toBeGreaterThan(wide.output!.png!.readUInt32BE(20));
  const portrait = await exec.ok({ name: 'set_orientation', params: { orientation: 'portrait' } });
  expect(portrait.after?.screen.rotation).toBe(0);

  const shot = await exec.ok({ name: 'screenshot', params: { name: 'settings' } });
  expect(shot.output?.png?.subarray(1, 4).toString()).toBe('PNG');
  const attachment = (await exec.eventsOf(shot.actionId)).find((e) => e.kind === 'attachment');
  expect(attachment).toMatchObject({ name: 'settings', content_type: 'image/png', path: 'settings.png' });
  expect(await readFile(join(exec.log.dir, 'settings.png'))).toEqual(shot.output?.png);
  const second = await exec.ok({ name: 'screenshot', params: { name: 'settings' } });
  const other = (await exec.eventsOf(second.actionId)).find((e) => e.kind === 'attachment');
  expect(other).toMatchObject({ path: `settings-${second.actionId}.png` });
});

test('finish and give_up end a goal: success is OK, the rest fails as the plan', async () => {
  const exec = await phone.session.executor();
  const done = await exec.ok({ name: 'finish', params: { success: true, evidence: ['e4'], summary: 'Signed in as alice' } });
  expect(done.output?.text).toBe('Signed in as alice');
  const failed = await exec.run({ name: 'finish', params: { success: false, evidence: [], summary: 'The cart stayed empty' } });
  expect(failed.failure).toMatchObject({ name: 'GoalFailed', category: 'plan', message: 'The goal was not reached: The cart stayed empty' });
  const gaveUp = await exec.run({ name: 'give_up', params: { reason: 'No search field on this screen' } });
  expect(gaveUp).toMatchObject({
    verdict: 'FAIL',
    failure: { name: 'GaveUp', category: 'plan', message: 'Gave up on the goal: No search field on this screen' },
  });
});

test('a call of the wrong shape throws, naming the field', async () => {
  const exec = await phone.session.executor();
  await expect(exec.run({ name: 'tap', params: { target: 'Log in', button: 'x' } } as never)).rejects.toThrow(/button/);
  await expect(exec.run({ name: 'tapp', params: {} } as never)).rejects.toThrow(/tap/);
});
