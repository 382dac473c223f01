import { expect, test } from '@playwright/test';
import { startSim } from '../../sim/index.js';
import type { WaitClock } from '../../observe/index.js';
import { sharedPhone, signIn } from './testing/phone.js';
import { projectTiming } from './testing/project-timing.js';

// Shop's "Refresh" hangs the app until Android offers to close it, ten seconds of phone time later.
// The phone's clock is frozen and moves only while the executor waits, so the test takes no real ten seconds.
const phone = sharedPhone((timing) => startSim({ serverPort: 0, seed: 1, timing, frozenAt: Date.UTC(2026, 0, 1, 9) }));
const clock: WaitClock = { now: () => phone.sim.phone.clock.now(), sleep: async (ms) => phone.sim.phone.clock.advance(ms) };

test('an app that stops responding fails the waiting action as a product defect, naming the ANR', { tag: '@real-timing' }, async () => {
  // Android's wait before it calls Shop not responding comes on top of signing in (a phone at real timing feels it).
  test.setTimeout(75_000);
  const exec = await phone.session.executor({ clock, timeouts: { idle: 1000, target: 1000, assertion: 1000 } });
  await signIn(exec);
  await exec.ok({ name: 'tap', params: { target: 'More options' } });
  const tapped = await exec.run({ name: 'tap', params: { target: 'Refresh' } });
  // At fast timing the tap returns at once: most of Android's five seconds pass here, and wait_idle's own
  // polling moves the clock the rest of the way. At real timing the phone's own pace moves it, and the
  // dialog may come while the tap still waits for the screen to settle: the action that meets it fails.
  if (projectTiming() === 'fast') {
    expect(tapped.verdict).toBe('OK');
    phone.sim.phone.clock.advance(4500);
  }
  const result = tapped.verdict === 'OK' ? await exec.run({ name: 'wait_idle', params: { timeout_ms: 20_000 } }) : tapped;
  expect(result.verdict).toBe('FAIL');
  expect(result.failure).toMatchObject({ name: 'AppNotResponding', category: 'product' });
  expect(result.failure?.message).toMatch(/ is not responding during (wait_idle|tap): /);
  if (projectTiming() === 'fast') expect(result.failure?.message).toContain('com.example.shop is not responding during wait_idle');
  expect(result.failure?.message).toContain('Shop isn’t responding');
  // The dialog is evidence: it is not dismissed by the next action either.
  const next = await exec.run({ name: 'tap', params: { target: 'Close app' } });
  expect(next.failure).toMatchObject({ name: 'AppNotResponding', category: 'product' });
  expect(phone.sim.phone.ui.processes().some((p) => p.package === 'com.example.shop')).toBe(true);
});
