// `npm run bench -- primitives`: what the executor adds around the device. For a spread of primitives,
// the harness overhead per action (its total time minus time inside device calls minus deliberate
// polling waits), a 20-step scripted Shop flow's wall time split into device, waiting and harness, then
// that flow's read budget (bench/read-budget.ts) with mobile-mcp's for the same flow beside it (bench/peer-budget.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AndroidDriver, DeviceObserver, EventLog, createExecutor, meteredDriver, type ActionResult, type PrimitiveCall } from '../runner/index.js';
import type { ServedCommand, TimingMode } from '../src/sim/index.js';
import { startPhoneProcess } from './phone-process.js';
import { countingPhone, peerBudget } from './peer-budget.js';
import { readBudget } from './read-budget.js';
import { quantile } from './stats.js';

const SHOP = 'com.example.shop';
const HARNESS_TARGET_MS = 5;
const RUNS = 12;
const WARMUP = 2;

interface Step {
  call: PrimitiveCall;
  /** Brings up the screen the call needs (not measured). */
  before?: PrimitiveCall[];
  /** Undoes the call so it can run again (not measured). */
  after?: PrimitiveCall[];
}

const BACK: PrimitiveCall = { name: 'press_key', params: { key: 'back' } };
const HIDE: PrimitiveCall = { name: 'hide_keyboard', params: {} };

/** Each primitive measured from the Shop catalogue, which every step leaves as it found it. */
const SPREAD: Step[] = [
  { call: { name: 'tap', params: { target: 'Cables' } }, after: [{ name: 'tap', params: { target: 'All' } }] },
  { call: { name: 'assert_visible', params: { target: 'Hi, Alice' } } },
  { call: { name: 'assert_text', params: { target: { id: 'greeting' }, equals: 'Hi, Alice' } } },
  { call: { name: 'assert_state', params: { target: 'All', state: 'checked' } } },
  { call: { name: 'wait_for', params: { target: 'Hi, Alice', state: 'visible' } } },
  { call: { name: 'wait_idle', params: {} } },
  { call: { name: 'swipe', params: { direction: 'up', distance: 0.3 } }, after: [{ name: 'swipe', params: { direction: 'down', distance: 0.3 } }] },
  { call: BACK, before: [{ name: 'tap', params: { target: 'Search' } }, HIDE] },
  {
    call: { name: 'input_text', params: { target: 'Search products', text: 'cable' } },
    before: [{ name: 'tap', params: { target: 'Search' } }],
    after: [HIDE, BACK],
  },
  { call: { name: 'open_link', params: { url: 'shop://product/13' } }, after: [BACK] },
  {
    call: { name: 'double_tap', params: { target: 'Increase quantity' } },
    before: [{ name: 'open_link', params: { url: 'shop://product/13' } }],
    after: [BACK],
  },
  { call: { name: 'screenshot', params: {} } },
  { call: { name: 'set_orientation', params: { orientation: 'landscape' } }, after: [{ name: 'set_orientation', params: { orientation: 'portrait' } }] },
];

/** A scripted Shop session of 20 steps, as a test would write it. */
const FLOW: PrimitiveCall[] = [
  { name: 'launch_app', params: { clear_state: true } },
  { name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } },
  { name: 'input_text', params: { target: 'Password', text: 'pass123', secret: true } },
  { name: 'tap', params: { target: 'Log in', expected: { visible: 'Hi, Alice' } } },
  { name: 'assert_text', params: { target: { id: 'greeting' }, equals: 'Hi, Alice' } },
  { name: 'tap', params: { target: 'Search' } },
  { name: 'input_text', params: { target: 'Search products', text: 'headphones', submit: true } },
  { name: 'wait_for', params: { target: { text: '4 results for “headphones”' }, state: 'visible', timeout_ms: 8000 } },
  { name: 'tap', params: { target: 'Wireless Headphones' } },
  { name: 'assert_text', params: { target: { id: 'product_price' }, equals: '$59.99' } },
  { name: 'tap', params: { target: 'Increase quantity' } },
  { name: 'tap', params: { target: 'Add to cart' } },
  { name: 'assert_text', params: { target: { id: 'cart_badge' }, equals: '2' } },
  { name: 'press_key', params: { key: 'back' } },
  { name: 'hide_keyboard', params: {} },
  { name: 'press_key', params: { key: 'back' } },
  { name: 'scroll_to', params: { target: 'Smart Glasses' } },
  { name: 'tap', params: { target: 'Smart Glasses', expected: { activity: '.ProductActivity' } } },
  { name: 'open_link', params: { url: 'shop://cart', expected: { activity: '.CartActivity' } } },
  { name: 'assert_visible', params: { target: 'Wireless Headphones' } },
];

export async function benchPrimitives(): Promise<void> {
  const sim = await startPhoneProcess();
  const dir = await mkdtemp(join(tmpdir(), 'mobiletest-bench-'));
  const driver = await AndroidDriver.connect({ port: sim.serverPort });
  const log = await EventLog.open(join(dir, 'events.jsonl'), { testId: 'bench' });
  try {
    const observer = new DeviceObserver(meteredDriver(driver), { screenshots: false });
    const runner = createExecutor({ driver, observer, log, app: SHOP });
    const must = async (call: PrimitiveCall): Promise<ActionResult> => {
      const result = await runner.run(call);
      if (result.verdict !== 'OK') throw new Error(`bench: ${call.name} answered ${result.verdict}: ${result.failure?.message}`);
      return result;
    };

    console.log(`\nHarness overhead per action, virtual phone in its own process through adbkit (median of ${RUNS} after ${WARMUP} warm-up runs):`);
    console.log(
      `${'primitive'.padEnd(16)} ${'total'.padStart(9)} ${'device'.padStart(9)} ${'waiting'.padStart(9)} ${'harness'.padStart(9)} ${'p90 harness'.padStart(12)}`,
    );
    await signIn(must);
    const medians: number[] = [];
    for (const step of SPREAD) {
      const results: ActionResult[] = [];
      for (let i = 0; i < WARMUP + RUNS; i++) {
        for (const call of step.before ?? []) await must(call);
        const result = await must(step.call);
        for (const call of step.after ?? []) await must(call);
        if (i >= WARMUP) results.push(result);
      }
      const median = (pick: (r: ActionResult) => number) =>
        quantile(
          results.map(pick).sort((a, b) => a - b),
          0.5,
        );
      const harness = results.map((r) => r.timings.harness_ms).sort((a, b) => a - b);
      medians.push(quantile(harness, 0.5));
      const waiting = (r: ActionResult) => Math.max(0, r.timings.total_ms - r.timings.device_ms - r.timings.harness_ms);
      console.log(
        `${step.call.name.padEnd(16)} ${ms(median((r) => r.timings.total_ms))} ${ms(median((r) => r.timings.device_ms))} ${ms(median(waiting))} ${ms(quantile(harness, 0.5))} ${ms(quantile(harness, 0.9)).padStart(12)}`,
      );
    }
    const worst = Math.max(...medians);
    console.log(
      `largest median harness overhead: ${worst.toFixed(1)} ms (target <= ${HARNESS_TARGET_MS} ms: ${worst <= HARNESS_TARGET_MS ? 'met' : 'MISSED'})`,
    );

    await must({ name: 'stop_app', params: {} });
    const start = performance.now();
    const flow: ActionResult[] = [];
    for (const call of FLOW) flow.push(await must(call));
    const wall = performance.now() - start;
    const sum = (pick: (r: ActionResult) => number) => flow.reduce((total, r) => total + pick(r), 0);
    const device = sum((r) => r.timings.device_ms);
    const harness = sum((r) => r.timings.harness_ms);
    const waiting = sum((r) => r.timings.total_ms) - device - harness;
    console.log(`\nScripted Shop flow, ${FLOW.length} steps (sign in, search, add to cart, scroll, cart):`);
    console.log(
      `wall ${(wall / 1000).toFixed(2)} s: device ${share(device, wall)}, polling waits ${share(waiting, wall)}, harness ${share(harness, wall)}, between steps ${share(wall - sum((r) => r.timings.total_ms), wall)}`,
    );
    console.log(`waiting on the device (device calls + polling for the screen): ${share(device + waiting, wall)} of the wall time`);
  } finally {
    await log.close();
    await driver.close();
    await sim.stop();
    await rm(dir, { recursive: true, force: true });
  }
  const startPhone = (timing: TimingMode) => startPhoneProcess(1, timing);
  const mobiletestServed: Partial<Record<TimingMode, ServedCommand[]>> = {};
  await readBudget({
    flow: FLOW,
    app: SHOP,
    startPhone: countingPhone(startPhone, (timing, served) => {
      mobiletestServed[timing] = served;
    }),
  });
  await peerBudget({ flow: FLOW, app: SHOP, startPhone, mobiletestServed });
}

async function signIn(must: (call: PrimitiveCall) => Promise<ActionResult>): Promise<void> {
  for (const call of FLOW.slice(0, 4)) await must(call);
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`.padStart(9);
}

function share(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(0)}% (${(part / 1000).toFixed(2)} s)`;
}
