import { expect, test } from '@playwright/test';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startSim } from '../../sim/index.js';
import type { MobileEvent, ObservationEvent } from '../../events/index.js';
import type { HierarchySnapshot } from './hierarchy-snapshot.js';
import { sharedPhone, signIn } from './testing/phone.js';

// The trace's hierarchy snapshots: the screen's elements with their bounds beside the events log, one
// file per distinct content, named by every observation event, kept and discarded with the frames.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));
const observations = (events: MobileEvent[]) => events.filter((e): e is ObservationEvent => e.kind === 'observation');
const snapshotFiles = async (dir: string) => (await readdir(dir)).filter((f) => f.startsWith('screen-')).sort();

test('every observation names a snapshot of its screen, stored once per distinct content, in device pixels', async () => {
  const exec = await phone.session.executor({ frames: true });
  await signIn(exec);
  const first = await exec.ok({ name: 'assert_visible', params: { target: 'Hi, Alice' } });
  const second = await exec.ok({ name: 'assert_visible', params: { target: 'Hi, Alice' } });
  const seen = observations(await exec.events());
  for (const o of seen) expect(o.hierarchy, `${o.phase} of ${o.action_id}`).toMatch(/^screen-[0-9a-f]{16}\.json$/);
  const named = [...new Set(seen.map((o) => o.hierarchy!))].sort();
  expect(await snapshotFiles(exec.log.dir)).toEqual(named);
  // Nothing changed between the two assertions: one file for their four observations.
  const unchanged = seen.filter((o) => o.action_id === first.actionId || o.action_id === second.actionId);
  expect(new Set(unchanged.map((o) => o.hierarchy)).size).toBe(1);

  const home = JSON.parse(await readFile(join(exec.log.dir, unchanged[0].hierarchy!), 'utf8')) as HierarchySnapshot;
  expect(home).toMatchObject({ v: 1, width: 1080, height: 2400 });
  const greeting = home.elements.find((e) => e.label === 'Hi, Alice');
  expect(greeting).toMatchObject({ ref: expect.stringMatching(/^e\d+$/), role: 'text', window: 'app' });
  const b = greeting!.bounds;
  expect(b.left).toBeGreaterThanOrEqual(0);
  expect(b.right).toBeGreaterThan(b.left);
  expect(b.right).toBeLessThanOrEqual(1080);
  expect(b.bottom).toBeGreaterThan(b.top);
  // The same refs as the events' screen text, so the viewer can outline what a step names.
  expect(unchanged[0].screen_text).toContain(`${greeting!.ref} text "Hi, Alice"`);
});

test('no snapshot without frames; discarding the frames removes the snapshots too', async () => {
  const off = await phone.session.executor();
  await signIn(off);
  expect(observations(await off.events()).filter((o) => o.hierarchy !== undefined)).toEqual([]);
  expect(await snapshotFiles(off.log.dir)).toEqual([]);

  const on = await phone.session.executor({ frames: true });
  await signIn(on);
  await on.frames!.flush();
  expect((await snapshotFiles(on.log.dir)).length).toBeGreaterThan(1);
  await on.frames!.discard();
  expect(await snapshotFiles(on.log.dir)).toEqual([]);
  expect(on.frames!.snapshotFiles).toEqual([]);
});
