import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { startSim } from '../../sim/index.js';
import type { AttachmentEvent, MobileEvent, ObservationEvent } from '../../events/index.js';
import type { Rect, Screen, ScreenElement } from '../../observe/index.js';
import type { HierarchySnapshot } from './hierarchy-snapshot.js';
import { secretBoxes } from './screenshot-mask.js';
import { sharedPhone, signIn, type TestRunner } from './testing/phone.js';

// A secret typed into a field that shows its text is drawn on the screen: the trace's frames, the
// full-size failure screenshot and a screenshot the test asks for have it painted over; the hierarchy
// snapshots have it masked. A password field shows dots and is left as it is.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));
const SECRET = 'Tulip7Harbor';
const observations = (events: MobileEvent[]) => events.filter((e): e is ObservationEvent => e.kind === 'observation');

/** Spread of the pixel values inside `box` (0 for a solid box), in an image `scale` times the device's size. */
async function spread(image: Buffer, box: Rect, scale = 1): Promise<number> {
  const inset = 6;
  const region = {
    left: Math.round((box.left + inset) * scale),
    top: Math.round((box.top + inset) * scale),
    width: Math.round((box.right - box.left - 2 * inset) * scale),
    height: Math.round((box.bottom - box.top - 2 * inset) * scale),
  };
  // stats() reads the input, not the pipeline's output: the region is cut out first.
  const stats = await sharp(await sharp(image).extract(region).removeAlpha().toBuffer()).stats();
  return Math.max(...stats.channels.map((c) => c.max - c.min));
}

async function typeSecretIntoSearch(exec: TestRunner) {
  await signIn(exec);
  await exec.ok({ name: 'tap', params: { target: { id: 'action_search' } } });
  return exec.ok({ name: 'input_text', params: { target: { id: 'search_src_text' }, text: SECRET, secret: true } });
}

test('a secret typed into a field that shows it is painted over in the frames, the failure screenshot and a screenshot taken on purpose', async () => {
  const exec = await phone.session.executor({ frames: true, timeouts: { target: 500 } });
  const typed = await typeSecretIntoSearch(exec);
  const field = typed.after!.screen.elements.find((e) => e.resourceId.endsWith('search_src_text'))!;
  expect([field.label, field.value]).toContain(SECRET);

  // The control: the device's own screenshot shows the text, so a solid box is not what the screen looks like.
  const raw = await phone.session.driver.screenshot();
  expect(await spread(raw, field.bounds)).toBeGreaterThan(100);

  const [, after] = observations(await exec.eventsOf(typed.actionId));
  const frame = await readFile(join(exec.log.dir, after.screenshot!));
  expect(await spread(frame, field.bounds, 0.5)).toBeLessThan(24);

  const failed = await exec.run({ name: 'tap', params: { target: 'Checkout now' } });
  expect(failed.verdict).toBe('FAIL');
  const shot = (await exec.eventsOf(failed.actionId)).find((e): e is AttachmentEvent => e.kind === 'attachment')!;
  expect(await spread(await readFile(join(exec.log.dir, shot.path)), field.bounds)).toBeLessThan(8);

  const asked = await exec.ok({ name: 'screenshot', params: { name: 'search' } });
  expect(await spread(asked.output!.png!, field.bounds)).toBeLessThan(8);
  expect(await spread(await readFile(join(exec.log.dir, 'search.png')), field.bounds)).toBeLessThan(8);

  // The rest of the screen is left as it was: the toolbar's back button is still drawn.
  const back = typed.after!.screen.elements.find((e) => e.label === 'Navigate up')!;
  expect(await spread(frame, back.bounds, 0.5)).toBeGreaterThan(24);
});

test('the hierarchy snapshot of that screen masks the secret; a password field keeps its dots in the frame', async () => {
  const exec = await phone.session.executor({ frames: true });
  const typed = await typeSecretIntoSearch(exec);
  const [, after] = observations(await exec.eventsOf(typed.actionId));
  const text = await readFile(join(exec.log.dir, after.hierarchy!), 'utf8');
  expect(text).not.toContain(SECRET);
  const snapshot = JSON.parse(text) as HierarchySnapshot;
  const field = snapshot.elements.find((e) => e.role === 'input' && e.window === 'app')!;
  expect([field.label, field.value]).toContain('•••');

  const login = observations(await exec.events()).find((o) => o.phase === 'after' && o.screen_text.includes('#password focused password'));
  expect(login, 'a screen showing the typed password as dots').toBeDefined();
  const loginSnapshot = JSON.parse(await readFile(join(exec.log.dir, login!.hierarchy!), 'utf8')) as HierarchySnapshot;
  const password = loginSnapshot.elements.find((e) => e.role === 'input' && e.label.startsWith('•'))!;
  expect(await spread(await readFile(join(exec.log.dir, login!.screenshot!)), password.bounds, 0.5)).toBeGreaterThan(24);
});

test('the field a secret was typed into is painted over even where its text does not show the whole secret', () => {
  const element = (ref: string, label: string, states: ScreenElement['states'] = []): ScreenElement => ({
    ref,
    role: 'input',
    label,
    bounds: { left: 0, top: 0, right: 10, bottom: 10 },
    states,
    window: 0,
    className: 'android.widget.EditText',
    resourceId: '',
  });
  const screen: Screen = {
    width: 1080,
    height: 2400,
    rotation: 0,
    windows: [{ kind: 'app', package: 'p', bounds: { left: 0, top: 0, right: 1080, bottom: 2400 }, hiddenElements: 0 }],
    elements: [element('e1', 'Tulip7Har…'), element('e2', '•••••', ['password']), element('e3', 'Search'), element('e4', `No results for “${SECRET}”`)],
    nodeCount: 4,
    skippedNodes: 0,
  };
  const boxed = (fields: string[]) => secretBoxes(screen, { secrets: [SECRET], fields: new Set(fields) }).length;
  expect(boxed([])).toBe(1);
  expect(boxed(['e1', 'e2'])).toBe(2);
  expect(secretBoxes(screen, { secrets: [], fields: new Set() })).toEqual([]);
});
