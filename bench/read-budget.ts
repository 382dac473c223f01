// The read budget of a scripted flow at both of the virtual phone's timings: hierarchy reads,
// screenshots and other device calls per action (from each action's `timings.device_calls`), device
// seconds per action, and the wall time against its floor. The floor is what the flow cannot do
// without: per action, one hierarchy read (at this run's mean read time) plus the action's own
// commands (the device calls that are not looks at the screen: launch, input, key, am start, ...).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AndroidDriver,
  DeviceObserver,
  EventLog,
  FrameRecorder,
  addDeviceCalls,
  createExecutor,
  meteredDriver,
  summarizeDeviceCalls,
  type ActionResult,
  type DeviceCallTally,
  type PrimitiveCall,
} from '../runner/index.js';
import type { TimingMode } from '../src/sim/index.js';
import { budgetHeader, budgetRow, type BudgetFigures } from './budget-table.js';

/** Driver calls that look at the device rather than act on it. */
const LOOKS = new Set(['hierarchy', 'screenshot', 'capture', 'glance', 'foreground', 'screenSize', 'keyboardShown', 'logs', 'mark']);

/** Device time in an action's own commands: its calls that are not looks at the screen. */
export function ownCommandsMs(calls: readonly DeviceCallTally[] | undefined): number {
  return (calls ?? []).filter((c) => !LOOKS.has(c.call)).reduce((sum, c) => sum + c.ms, 0);
}

export interface ReadBudgetOptions {
  flow: PrimitiveCall[];
  app: string;
  startPhone: (timing: TimingMode) => Promise<{ serverPort: number; stop(): Promise<void> }>;
}

export interface ReadBudget extends BudgetFigures {
  timing: TimingMode;
  actions: number;
}

/**
 * Runs the flow once at fast and once at real timing, and once more at real timing with trace frames
 * on (as the test fixture records them), and prints one line per run.
 */
export async function readBudget(options: ReadBudgetOptions): Promise<ReadBudget[]> {
  const fast = await measure(options, 'fast', false);
  // The plain real run goes last: a caller counting what the phone served per timing keeps the last run's.
  const framed = await measure(options, 'real', true);
  const real = await measure(options, 'real', false);
  console.log(`\nRead budget of the same ${options.flow.length}-step flow, per action (one run at each timing; real = a mid-range Android 14 phone's pace):`);
  console.log(budgetHeader());
  for (const [label, r] of [
    ['mobiletest fast', fast],
    ['mobiletest real', real],
    ['mobiletest real, frames on', framed],
  ] as const)
    console.log(budgetRow(label, r));
  return [fast, real, framed];
}

async function measure(options: ReadBudgetOptions, timing: TimingMode, withFrames: boolean): Promise<ReadBudget> {
  const phone = await options.startPhone(timing);
  const driver = await AndroidDriver.connect({ port: phone.serverPort });
  const dir = withFrames ? await mkdtemp(join(tmpdir(), 'mobiletest-bench-frames-')) : undefined;
  const log = dir ? await EventLog.open(join(dir, 'events.jsonl'), { testId: 'read-budget' }) : undefined;
  const recorder = log ? new FrameRecorder(log) : undefined;
  try {
    const frames = log && recorder ? { log, frames: recorder } : {};
    const runner = createExecutor({
      driver,
      observer: new DeviceObserver(meteredDriver(driver), { screenshots: false }),
      app: options.app,
      ...frames,
      timeouts: { target: 30_000, idle: 30_000, assertion: 30_000 },
    });
    const results: ActionResult[] = [];
    const start = performance.now();
    for (const call of options.flow) {
      const result = await runner.run(call);
      if (result.verdict !== 'OK') throw new Error(`bench (${timing} timing): ${call.name} answered ${result.verdict}: ${result.failure?.message}`);
      results.push(result);
    }
    const wall = performance.now() - start;
    const all = addDeviceCalls(results.map((r) => r.timings.device_calls));
    const summary = summarizeDeviceCalls(all);
    const reads = all.find((c) => c.call === 'hierarchy');
    const readMs = reads ? reads.ms / reads.count : 0;
    const floor = results.reduce((sum, r) => sum + readMs + ownCommandsMs(r.timings.device_calls), 0);
    const n = results.length;
    return {
      timing,
      actions: n,
      readsPerAction: summary.reads / n,
      screenshotsPerAction: summary.screenshots / n,
      otherPerAction: summary.other / n,
      deviceSecondsPerAction: results.reduce((sum, r) => sum + r.timings.device_ms, 0) / n / 1000,
      wallSeconds: wall / 1000,
      floorSeconds: floor / 1000,
    };
  } finally {
    await recorder?.flush();
    await log?.close();
    await driver.close();
    await phone.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
