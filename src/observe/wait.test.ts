import { test, expect } from '@playwright/test';
import { startSim, type Sim } from '../sim/index.js';
import { screenState, waitForScreen, WaitTimeoutError, type WaitClock } from './index.js';
import { KEY_ENTER, PhoneSession } from './testing/phone-session.js';

// Waiting on the virtual phone's frozen clock: each poll interval moves the phone's time on.
let sim: Sim;
let session: PhoneSession;
let clock: WaitClock;

test.beforeEach(async () => {
  sim = await startSim({ seed: 1, frozenAt: Date.UTC(2026, 0, 1, 9) });
  session = new PhoneSession(sim.phone);
  clock = { now: () => sim.phone.clock.now(), sleep: async (ms) => sim.phone.clock.advance(ms) };
});

test.afterEach(async () => {
  await sim.stop();
});

/** Launches Shop, allows notifications, signs in as alice and closes the promo if it shows. */
async function signInToShop(): Promise<void> {
  sim.phone.ui.launch('com.example.shop');
  await session.tap('Allow');
  await session.fill('Email', 'alice@example.com');
  await session.fill('Password', 'pass123');
  await session.tap('Log in');
  if ((await session.look()).screen.elements.some((e) => e.label === 'No thanks')) await session.tap('No thanks');
}

async function searchHeadphones(): Promise<void> {
  await signInToShop();
  await session.tap('Search');
  await session.fill('Search products', 'headphones');
  sim.phone.ui.keyEvent(KEY_ENTER);
}

test('a slow search: loading while the spinner turns, idle once two looks agree', async () => {
  await searchHeadphones();
  const states: string[] = [];
  const result = await waitForScreen({
    observe: async () => {
      const o = await session.look();
      states.push(screenState(o.screen));
      return o;
    },
    clock,
    intervalMs: 250,
  });
  expect(result.state).toBe('idle');
  expect(states[0]).toBe('loading');
  expect(states.at(-1)).toBe('idle');
  expect(result.observation.screen.elements.map((e) => e.label)).toContain('4 results for “headphones”');
  expect(result.polls).toBeGreaterThanOrEqual(4);
  expect(result.elapsedMs).toBeLessThanOrEqual(3500);
});

test('a target on screen ends the wait even while the spinner still turns', async () => {
  await searchHeadphones();
  const result = await waitForScreen({
    observe: () => session.look(),
    until: (o) => o.screen.elements.some((e) => e.role === 'input' && e.label === 'headphones'),
    clock,
  });
  expect(result.state).toBe('target');
  expect(result.polls).toBe(1);
  expect(screenState(result.observation.screen)).toBe('loading');
});

test('a wait that runs out says what it last saw: still loading, or idle without the target', async () => {
  await searchHeadphones();
  const loading = await waitForScreen({ observe: () => session.look(), clock, timeoutMs: 500, intervalMs: 250 }).catch((e: unknown) => e);
  expect(loading).toBeInstanceOf(WaitTimeoutError);
  const error = loading as WaitTimeoutError;
  expect(error.state).toBe('loading');
  expect(error.message).toMatch(
    /^Timed out after 500 ms waiting for the screen to settle: the screen was still loading \(e\d+ progress; e\d+ text "Searching for “headphones”…"\) on com\.example\.shop\/\.SearchActivity with \d+ elements\./,
  );
  expect(error.observation.screen.elements.some((e) => e.role === 'progress')).toBe(true);

  sim.phone.clock.advance(5000);
  const absent = await waitForScreen({
    observe: () => session.look(),
    until: (o) => o.screen.elements.some((e) => e.label === 'Checkout'),
    describe: '"Checkout" on screen',
    clock,
    timeoutMs: 1000,
  }).catch((e: unknown) => e);
  expect(absent).toBeInstanceOf(WaitTimeoutError);
  expect((absent as Error).message).toContain('waiting for "Checkout" on screen: the screen was idle but without the target on com.example.shop');
});

test('an ANR dialog ends the wait in the error state', async () => {
  await signInToShop();
  await session.tap('More options');
  await session.tap('Refresh');
  const result = await waitForScreen({ observe: () => session.look(), clock, timeoutMs: 10_000, intervalMs: 500 });
  expect(result.state).toBe('error');
  expect(result.observation.screen.elements.some((e) => e.role === 'dialog' && e.label === 'Shop isn’t responding')).toBe(true);
});

test('an aborted wait stops at once', async () => {
  sim.phone.ui.launch('com.android.settings');
  const controller = new AbortController();
  controller.abort(new Error('test over'));
  await expect(waitForScreen({ observe: () => session.look(), clock, signal: controller.signal })).rejects.toThrow('test over');
});
