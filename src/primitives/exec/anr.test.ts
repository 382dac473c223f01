import { expect, test } from '@playwright/test';
import { startSim } from '../../sim/index.js';
import type { WaitClock } from '../../observe/index.js';
import { sharedPhone, signIn } from './testing/phone.js';

// Shop's "Refresh" hangs the app until Android offers to close it, ten seconds of phone time later.
// The phone's clock is frozen and moves only while the executor waits, so the test takes no real ten seconds.
const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1, frozenAt: Date.UTC(2026, 0, 1, 9) }));
const clock: WaitClock = { now: () => phone.sim.phone.clock.now(), sleep: async (ms) => phone.sim.phone.clock.advance(ms) };

test('an app that stops responding fails the waiting action as a product defect, naming the ANR', async () => {
  const exec = await phone.session.executor({ clock, timeouts: { idle: 1000, target: 1000, assertion: 1000 } });
  await signIn(exec);
  await exec.ok({ name: 'tap', params: { target: 'More options' } });
  await exec.ok({ name: 'tap', params: { target: 'Refresh' } });
  // Most of Android's five seconds pass here; wait_idle's own polling moves the clock the rest of the way.
  phone.sim.phone.clock.advance(4500);
  const result = await exec.run({ name: 'wait_idle', params: { timeout_ms: 20_000 } });
  expect(result.verdict).toBe('FAIL');
  expect(result.failure).toMatchObject({ name: 'AppNotResponding', category: 'product' });
  expect(result.failure?.message).toContain('com.example.shop is not responding during wait_idle');
  expect(result.failure?.message).toContain('Shop isn’t responding');
  // The dialog is evidence: it is not dismissed by the next action either.
  const next = await exec.run({ name: 'tap', params: { target: 'Close app' } });
  expect(next.failure).toMatchObject({ name: 'AppNotResponding', category: 'product' });
  expect(phone.sim.phone.ui.processes().some((p) => p.package === 'com.example.shop')).toBe(true);
});
