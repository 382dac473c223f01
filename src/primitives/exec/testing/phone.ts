// For the executor's tests: a virtual phone reached through the Android driver, and an executor with
// a fresh event log per test.
import { mkdtemp } from 'node:fs/promises';
import { test } from '@playwright/test';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AndroidDriver } from '../../../drivers/index.js';
import { EventLog, readEvents, type MobileEvent } from '../../../events/index.js';
import { DeviceObserver } from '../../../observe/index.js';
import type { PrimitiveCall } from '../../schema/registry.js';
import { FrameRecorder } from '../frames.js';
import { meteredDriver } from '../metered-driver.js';
import { createExecutor } from '../run.js';
import type { ActionResult, ExecutorOptions, PrimitiveRunner, RunOptions } from '../types.js';
import { projectTiming, type TimingMode } from './project-timing.js';

export const SHOP = 'com.example.shop';

/** The slice of a started virtual phone these helpers need (tests pass startSim's result in). */
export interface SimLike {
  serverPort: number | undefined;
  /** The phone's pace, checked against what the project asked for when the sim says it. */
  phone?: { timing: { mode: TimingMode } };
  stop(): Promise<void>;
}

/**
 * Waits, when the phone's clock is within `windowMs` of turning a minute, until it has turned. The status
 * bar shows hours and minutes, so a test that compares screenshots taken seconds apart must not straddle
 * a turn (the frames would differ, rightly).
 */
export async function clearOfMinuteTurn(clock: { now(): number }, windowMs = 10_000): Promise<void> {
  const left = 60_000 - (clock.now() % 60_000);
  if (left < windowMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * One phone for a test file: started before its first test and stopped after its last. Read `phone.sim`
 * and `phone.session` inside tests (they are set once the file's tests begin). `start` is given the
 * pace the project asks for (projectTiming: real in the real-timing project) to pass to startSim.
 */
export function sharedPhone<S extends SimLike>(start: (timing: TimingMode) => Promise<S>): { readonly sim: S; readonly session: ExecutorSession } {
  const shared = {} as { sim: S; session: ExecutorSession };
  test.beforeAll(async () => {
    const timing = projectTiming();
    shared.sim = await start(timing);
    const mode = shared.sim.phone?.timing.mode;
    if (mode !== undefined && mode !== timing) {
      throw new Error(
        `Project "${test.info().project.name}" asks for ${timing} timing but the phone started at ${mode} timing: pass sharedPhone's timing to startSim in ${test.info().file}.`,
      );
    }
    shared.session = await ExecutorSession.connect(shared.sim, timing);
  });
  test.afterAll(async () => {
    await shared.session?.close();
    await shared.sim?.stop();
  });
  return shared;
}

export class ExecutorSession {
  private readonly logs: EventLog[] = [];

  private constructor(
    readonly driver: AndroidDriver,
    readonly observer: DeviceObserver,
    readonly timing: TimingMode,
  ) {}

  static async connect(sim: SimLike, timing: TimingMode = 'fast'): Promise<ExecutorSession> {
    // At real timing a call waits as long as the runner's would (a dump under a spinner alone takes 10 s).
    const driver = await AndroidDriver.connect({ port: sim.serverPort, ...(timing === 'fast' ? { defaultTimeoutMs: 10_000 } : {}) });
    return new ExecutorSession(driver, new DeviceObserver(meteredDriver(driver), { screenshots: false }), timing);
  }

  /**
   * An executor writing to a new log in a folder of its own (test-results is shared with other runs);
   * `frames: true` stores the trace's screenshots beside that log.
   */
  async executor(options: Partial<Omit<ExecutorOptions, 'frames'>> & { frames?: boolean } = {}): Promise<TestRunner> {
    const log = await EventLog.open(join(await mkdtemp(join(tmpdir(), 'mobiletest-exec-')), 'events.jsonl'), { testId: 't1' });
    this.logs.push(log);
    const { frames: traced, ...rest } = options;
    const frames = traced ? new FrameRecorder(log) : undefined;
    // Short waits keep failing tests quick at fast timing; a real phone's reads take seconds, so at real
    // timing the executor keeps the waits a user's run has.
    const timeouts = this.timing === 'fast' ? { timeouts: { target: 3000, idle: 3000, assertion: 2000 } } : {};
    const runner = createExecutor({ driver: this.driver, observer: this.observer, log, app: SHOP, ...timeouts, frames, ...rest });
    return new TestRunner(runner, log, frames);
  }

  async close(): Promise<void> {
    await Promise.all(this.logs.map((log) => log.close()));
    await this.driver.close();
  }
}

/** Launches Shop with its data cleared and notifications granted, on its sign-in screen. */
export async function launchShop(exec: TestRunner): Promise<void> {
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
}

/** Launches Shop fresh and signs in as alice through the executor. */
export async function signIn(exec: TestRunner): Promise<void> {
  await launchShop(exec);
  await exec.ok({ name: 'input_text', params: { target: 'Email', text: 'alice@example.com' } });
  await exec.ok({ name: 'input_text', params: { target: 'Password', text: 'pass123', secret: true } });
  await exec.ok({ name: 'tap', params: { target: 'Log in', expected: { visible: 'Hi, Alice' } } });
}

/** Signs in, puts the USB-C Cable in the cart and types the coupon CRASH: the next tap on Apply crashes Shop. */
export async function readyCouponCrash(exec: TestRunner): Promise<void> {
  await signIn(exec);
  await exec.ok({ name: 'open_link', params: { url: 'shop://product/13', expected: { visible: 'USB-C Cable' } } });
  await exec.ok({ name: 'tap', params: { target: 'Add to cart' } });
  await exec.ok({ name: 'open_link', params: { url: 'shop://cart', expected: { activity: '.CartActivity' } } });
  await exec.ok({ name: 'input_text', params: { target: { id: 'coupon' }, text: 'CRASH' } });
}

export class TestRunner {
  constructor(
    readonly runner: PrimitiveRunner,
    readonly log: EventLog,
    readonly frames?: FrameRecorder,
  ) {}

  run(call: PrimitiveCall, options?: RunOptions): Promise<ActionResult> {
    return this.runner.run(call, options);
  }

  /** Runs and insists on OK, showing the failure otherwise. */
  async ok(call: PrimitiveCall, options?: RunOptions): Promise<ActionResult> {
    const result = await this.runner.run(call, options);
    if (result.verdict !== 'OK') throw new Error(`${call.name} answered ${result.verdict}: ${result.failure?.name}: ${result.failure?.message}`);
    return result;
  }

  async events(): Promise<MobileEvent[]> {
    await this.frames?.flush();
    await this.log.flush();
    return (await readEvents(this.log.path)).events;
  }

  /** The events of one action, by kind. */
  async eventsOf(actionId: string): Promise<MobileEvent[]> {
    return (await this.events()).filter((e) => 'action_id' in e && e.action_id === actionId);
  }
}
