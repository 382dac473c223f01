import { expect, test } from '@playwright/test';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { startSim } from '../../sim/index.js';
import type { ActionEndEvent, CandidatesEvent, MobileEvent, ObservationEvent } from '../../events/index.js';
import { clearOfMinuteTurn, sharedPhone, signIn } from './testing/phone.js';

// The trace's screenshots: one downscaled file per distinct frame, named by the observation events,
// and the touch each action made, in the frame's coordinates.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone((timing) => startSim({ serverPort: 0, seed: 1, timing }));

const observations = (events: MobileEvent[]) => events.filter((e): e is ObservationEvent => e.kind === 'observation');
const frameFiles = async (dir: string) => (await readdir(dir)).filter((f) => f.startsWith('frame-')).sort();

test('each distinct frame is written once, downscaled; two actions on an unchanged screen share one file', async () => {
  await clearOfMinuteTurn(phone.sim.phone.clock);
  const exec = await phone.session.executor({ frames: true });
  await signIn(exec);
  const first = await exec.ok({ name: 'assert_visible', params: { target: 'Hi, Alice' } });
  const second = await exec.ok({ name: 'assert_text', params: { target: { id: 'greeting' }, equals: 'Hi, Alice' } });

  const events = await exec.events();
  const seen = observations(events);
  // Every observation, before and after, names a frame, and every named frame is on disk.
  expect(seen.length).toBeGreaterThanOrEqual(8);
  for (const o of seen) expect(o.screenshot, `${o.phase} of ${o.action_id}`).toMatch(/^frame-[0-9a-f]{16}\.webp$/);
  const named = [...new Set(seen.map((o) => o.screenshot!))].sort();
  expect(await frameFiles(exec.log.dir)).toEqual(named);

  // The first action of the test has its own before frame: the screen before the app was launched.
  const launch = seen.filter((o) => o.action_id === seen[0].action_id);
  expect(launch.map((o) => o.phase)).toEqual(['before', 'after']);
  expect(launch[0].screenshot).not.toBe(launch[1].screenshot);

  // Nothing changed on screen between the two assertions: one file for all four observations.
  const unchanged = seen.filter((o) => o.action_id === first.actionId || o.action_id === second.actionId);
  expect(unchanged).toHaveLength(4);
  expect(new Set(unchanged.map((o) => o.screenshot)).size).toBe(1);
  // Each distinct screen is one file: as many files as distinct screen contents.
  expect(named.length).toBe(new Set(seen.map((o) => o.screen_text)).size);

  const meta = await sharp(join(exec.log.dir, named[0])).metadata();
  expect(meta).toMatchObject({ format: 'webp', width: 540, height: 1200 });
});

test(
  "a screen seen again shows the frame first taken of it; each frame shows its own screen, not the next action's @real-timing",
  { tag: '@real-timing' },
  async () => {
    await clearOfMinuteTurn(phone.sim.phone.clock, 30_000);
    const exec = await phone.session.executor({ frames: true });
    await signIn(exec);
    // Home, a product, back home: the product's frame is captured while going back starts.
    const product = await exec.ok({ name: 'open_link', params: { url: 'shop://product/13', expected: { visible: 'USB-C Cable' } } });
    const back = await exec.ok({ name: 'press_key', params: { key: 'back', expected: { visible: 'Hi, Alice' } } });
    await exec.frames!.flush();
    expect(exec.frames!.problems).toEqual([]);

    const [home, shown] = observations(await exec.eventsOf(product.actionId));
    const [, again] = observations(await exec.eventsOf(back.actionId));
    const unref = (text: string) => text.replace(/\be\d+ /g, '');
    expect(unref(again.screen_text)).toBe(unref(home.screen_text));
    expect(again.screenshot).toBe(home.screenshot);
    // Going back cost no screenshot: the home screen's frame was on disk.
    const tally = (await exec.eventsOf(back.actionId)).find((e): e is ActionEndEvent => e.kind === 'action_end')!.timings.device_calls ?? [];
    expect(tally.filter((c) => c.call === 'capture' || c.call === 'screenshot').reduce((n, c) => n + c.count, 0)).toBe(0);

    // The product's frame shows the product, though the back key was pressed before its pixels arrived.
    const pixels = async (file: string) => sharp(join(exec.log.dir, file)).raw().toBuffer();
    const [homeFrame, productFrame] = await Promise.all([pixels(home.screenshot!), pixels(shown.screenshot!)]);
    let differ = 0;
    for (let i = 0; i < homeFrame.length; i += 3) if (Math.abs(homeFrame[i] - productFrame[i]) > 40) differ++;
    expect(differ / (homeFrame.length / 3)).toBeGreaterThan(0.02);
  },
);

test('a tap records its point at the centre of the chosen element; a swipe records its path', async () => {
  const exec = await phone.session.executor({ frames: true });
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  const tap = await exec.ok({ name: 'tap', params: { target: 'Email' } });
  const events = await exec.eventsOf(tap.actionId);
  const candidates = events.find((e): e is CandidatesEvent => e.kind === 'candidates')!;
  const b = candidates.candidates[candidates.chosen!].bounds!;
  const end = events.find((e): e is ActionEndEvent => e.kind === 'action_end')!;
  expect(end.gesture).toEqual({
    kind: 'tap',
    points: [{ x: Math.round((b.left + b.right) / 2), y: Math.round((b.top + b.bottom) / 2) }],
    screen: { width: 1080, height: 2400 },
  });

  await exec.ok({ name: 'press_key', params: { key: 'back' } });
  await signIn(exec);
  const swipe = await exec.ok({ name: 'swipe', params: { direction: 'up', distance: 0.4 } });
  const swiped = (await exec.eventsOf(swipe.actionId)).find((e): e is ActionEndEvent => e.kind === 'action_end')!;
  expect(swiped.gesture).toEqual({
    kind: 'swipe',
    points: [
      { x: 540, y: 1200 },
      { x: 540, y: 240 },
    ],
    screen: { width: 1080, height: 2400 },
  });
  const noTouch = (await exec.eventsOf((await exec.ok({ name: 'assert_visible', params: { target: 'Hi, Alice' } })).actionId)).find(
    (e) => e.kind === 'action_end',
  );
  expect(noTouch).not.toHaveProperty('gesture');
});

test('without a frame recorder no frame is written and no observation names one', async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  expect(observations(await exec.events()).filter((o) => o.screenshot !== undefined)).toEqual([]);
  expect(await frameFiles(exec.log.dir)).toEqual([]);
});

test('discarding removes the frames written (a passed test under retain-on-failure)', async () => {
  const exec = await phone.session.executor({ frames: true });
  await signIn(exec);
  const frames = exec.frames!;
  await frames.flush();
  const written = await frameFiles(exec.log.dir);
  expect(written.length).toBeGreaterThan(1);
  expect(frames.files.sort()).toEqual(written);
  expect(await frames.discard()).toBe(written.length);
  expect(await frameFiles(exec.log.dir)).toEqual([]);
});

test('a failed action shows its last screen as a frame and keeps the full-size screenshot as an attachment', async () => {
  const exec = await phone.session.executor({ frames: true, timeouts: { target: 500 } });
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  const missing = await exec.run({ name: 'tap', params: { target: 'Log out' } });
  expect(missing.verdict).toBe('FAIL');
  const events = await exec.eventsOf(missing.actionId);
  const [before, after] = observations(events);
  // The same screen, shown as a frame (not compared by its file: the status bar's clock may turn a minute between).
  expect(after.screen_text).toBe(before.screen_text);
  expect(after.screenshot).toMatch(/^frame-.*\.webp$/);
  expect(events.find((e) => e.kind === 'attachment')).toMatchObject({ content_type: 'image/png', path: `${missing.actionId}-failure.png` });
  expect((await sharp(join(exec.log.dir, `${missing.actionId}-failure.png`)).metadata()).width).toBe(1080);
});
