import { expect, test } from '@playwright/test';
import { startSim } from '../../sim/index.js';
import type { Observation } from '../../observe/index.js';
import { sharedPhone, signIn } from './testing/phone.js';

// Touch gestures on Shop's catalogue and product page and on the Notes list.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));

const labels = (o: Observation | undefined) => o?.screen.elements.map((e) => e.label) ?? [];

test('scroll_to swipes the catalogue until Smart Glasses shows; a missing item fails once the list stops', async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  const found = await exec.ok({ name: 'scroll_to', params: { target: 'Smart Glasses' } });
  expect(found.element?.label).toContain('Smart Glasses');
  expect(labels(found.before)).not.toContainEqual(expect.stringContaining('Smart Glasses'));
  await exec.ok({ name: 'tap', params: { target: found.element!.ref, expected: { text: { target: { id: 'product_price' }, contains: '$249.99' } } } });

  await exec.ok({ name: 'press_key', params: { key: 'back' } });
  const missing = await exec.run({ name: 'scroll_to', params: { target: 'Flying Carpet', max_swipes: 30 } });
  expect(missing.failure).toMatchObject({ name: 'TargetNotFound', category: 'locator' });
  expect(missing.failure?.message).toContain('the list stopped moving');
  const capped = await exec.run({ name: 'scroll_to', params: { target: 'Flying Carpet', direction: 'up', max_swipes: 1 } });
  expect(capped.failure?.message).toContain('did not show up after 1 swipes up');
});

test('double_tap raises the quantity by two; swipe and drag move the catalogue', async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  const list = await exec.ok({ name: 'swipe', params: { direction: 'up', distance: 0.4 } });
  expect(list.report?.screen_changed).toBe(true);
  expect(labels(list.after)).not.toEqual(labels(list.before));
  const row = (await exec.ok({ name: 'assert_visible', params: { target: 'the last row' } })).element!;
  const dragged = await exec.ok({ name: 'drag', params: { from: row.ref, to: 'Hi, Alice' } });
  expect(dragged.element?.ref).toBe(row.ref);
  expect(dragged.report?.disappeared_elements.length).toBeGreaterThan(0);

  await exec.ok({ name: 'open_link', params: { url: 'shop://product/13' } });
  const twice = await exec.ok({ name: 'double_tap', params: { target: 'Increase quantity' } });
  const quantity = twice.after?.screen.elements.find((e) => e.resourceId.endsWith('quantity'));
  expect(quantity?.label).toBe('3');
});

test('long_press opens a note’s menu and swipe left from a note deletes it', async () => {
  const exec = await phone.session.executor({ app: 'com.example.notes' });
  await exec.ok({ name: 'launch_app', params: { clear_state: true } });
  const first = await exec.ok({ name: 'assert_visible', params: { target: 'the first row' } });
  const title = first.element!.label;

  const held = await exec.ok({ name: 'long_press', params: { target: 'the first row', expected: { visible: 'Delete' } } });
  expect(held.report?.new_elements.map((e) => e.label)).toEqual(expect.arrayContaining(['Share', 'Delete']));
  await exec.ok({ name: 'press_key', params: { key: 'back' } });

  // By the row's whole label: it ends with the time it was edited, which may read like another row's date; that row does not keep it shown.
  const swiped = await exec.ok({ name: 'swipe', params: { direction: 'left', from: { text: title }, expected: { gone: { text: title } } } });
  expect(labels(swiped.after)).not.toContain(title);
});
