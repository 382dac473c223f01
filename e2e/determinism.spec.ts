import { createHash } from 'node:crypto';
import { test, expect } from '@playwright/test';
import { PrivateAdbServer, startSim, type Sim } from '../src/sim/index.js';
import { AdbPhone, requireAdb } from './support/adb.js';

const FROZEN = Date.UTC(2026, 0, 15, 9, 30);
let adb: PrivateAdbServer;
const sims: Sim[] = [];

test.beforeAll(async () => {
  requireAdb();
  adb = await PrivateAdbServer.start();
});

test.afterAll(async () => {
  await adb?.stop();
  await Promise.all(sims.map((sim) => sim.stop()));
});

async function phoneWith(seed: number): Promise<AdbPhone> {
  const sim = await startSim({ port: 0, seed, frozenAt: FROZEN });
  sims.push(sim);
  return new AdbPhone(adb, await adb.connect(sim));
}

/** One script, as a user would run it twice: open Notes, scroll, then Shop's first launch. */
async function script(phone: AdbPhone): Promise<{ notes: string; shop: string; png: string }> {
  await phone.shell('am start -W -n com.example.notes/.MainActivity');
  await phone.shell('input swipe 540 1800 540 900 300');
  const notes = await phone.dump();
  const png = createHash('sha256')
    .update((await phone.adb.run(['-s', phone.serial, 'exec-out', 'screencap', '-p'])).stdout)
    .digest('hex');
  await phone.shell('am start -W -n com.example.shop/.MainActivity');
  return { notes, shop: await phone.dump(), png };
}

test('the same seed and a frozen clock give the same screens, byte for byte; another seed gives other notes', async () => {
  const first = await script(await phoneWith(42));
  const again = await script(await phoneWith(42));
  expect(again).toEqual(first);
  const other = await script(await phoneWith(43));
  expect(other.notes).not.toEqual(first.notes);
});
