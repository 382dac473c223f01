// The device API of a test: one method per primitive, Playwright-style signatures. Most methods are
// derived from the table in methods.ts and the primitives' schemas; the few shaped otherwise are here.
import type { DeviceObserver, Look } from '../../src/observe/index.js';
import type { Location } from '../../src/events/index.js';
import type { ActionResult, PrimitiveRunner } from '../../src/primitives/exec/types.js';
import { validateCall, type ParamsInputOf, type PrimitiveName, type Target } from '../../src/primitives/index.js';
import { ActionFailed } from './action-failed.js';
import { DeviceAi } from './ai.js';
import type { Agent, AgentStepFailed } from '../../src/agent/index.js';
import { callerLocation } from '../source/location.js';
import { MobileLocator } from './locator.js';
import { methodCall } from './method-call.js';
import { generatedMethods, type DeviceMethods, type GeneratedMethods, type OptionsOf } from './methods.js';
import { runStep, stepLocation } from './step.js';
import type { DeviceStages } from './stages.js';
import { test } from '@playwright/test';

/** Options of an action: its `expected` post-condition and a bound on the whole action. */
export type ActionOptions = OptionsOf<'hide_keyboard'>;
/** Options of a wait or check: how long to wait, ms (default: the executor's assertion timeout). */
export type WaitOptions = OptionsOf<'wait_idle'>;
export type LaunchOptions = OptionsOf<'launch_app'>;

type TextParams = ParamsInputOf<'assert_text'>;
export type TextCheck =
  { equals: NonNullable<TextParams['equals']> } | { contains: NonNullable<TextParams['contains']> } | { matches: NonNullable<TextParams['matches']> | RegExp };

export interface DeviceOptions {
  runner: PrimitiveRunner;
  /** The configured app, the default of launch(), stop() and clearData(). */
  app?: string;
  /** Adds a screenshot the spec took to the test's attachments. */
  attach?: (name: string, png: Buffer) => Promise<void>;
  /** The agent behind `device.ai`, made on first use. */
  agent?: () => Promise<Agent>;
  /** The test's stages (the runner above, recording its path): checkpoints and resuming. */
  stages?: DeviceStages;
}

/** Runs one primitive as a test step titled with the method's name. */
abstract class PrimitiveSteps {
  protected abstract step(call: { name: PrimitiveName; params: Record<string, unknown> }, options: { verb: string; timeout?: number }): Promise<ActionResult>;
}

for (const [name, entry] of generatedMethods()) {
  Object.defineProperty(PrimitiveSteps.prototype, entry.method, {
    configurable: true,
    writable: true,
    async value(this: PrimitiveSteps, ...args: unknown[]): Promise<void> {
      const { call, timeout } = methodCall(name, entry, args);
      await this.step(call, { verb: entry.method, timeout });
    },
  });
}

// The methods are put on the prototype above, from the same table their types are derived from.
const DeviceBase = PrimitiveSteps as unknown as abstract new () => PrimitiveSteps & GeneratedMethods;

/** A phone as a test drives it. Each method is a test step that throws ActionFailed unless the action answered OK. */
export class Device extends DeviceBase implements DeviceMethods {
  /** The last action or agent call that failed in this test, for the report's failure category. */
  lastFailure: ActionFailed | AgentStepFailed | undefined;
  private readonly agent: DeviceAi | undefined;

  constructor(private readonly options: DeviceOptions) {
    super();
    this.agent = options.agent && new DeviceAi({ agent: options.agent, onFailure: (error) => (this.lastFailure = error), stages: options.stages });
  }

  /** Agent steps: `device.ai.step(goal)`, `device.ai.expect(assertion)`, `device.ai.waitFor(condition)`, `device.ai.query(question, schema)`. */
  get ai(): DeviceAi {
    if (!this.agent) throw new Error("this device has no agent: device.ai is available on the `device` fixture of mobiletest's `test`");
    return this.agent;
  }

  /** The observer shared with the executor, so refs stay stable across actions and queries. */
  get observer(): DeviceObserver {
    return this.options.runner.observer;
  }

  get serial(): string {
    return this.options.runner.driver.id;
  }

  /**
   * Ends a stage of a long test: `await device.checkpoint('signed in')`. When a later step fails for a
   * reason not the app's (the device dropped, an idle-state storm), the app is relaunched, the path to
   * the last checkpoint replayed (no model asked) and the stage tried again, up to `stageRetries` times.
   */
  async checkpoint(name: string, options: { location?: Location } = {}): Promise<void> {
    const stages = this.options.stages;
    if (!stages) throw new Error("this device keeps no stages: device.checkpoint() is available on the `device` fixture of mobiletest's `test`");
    const location = stepLocation(options.location);
    await test.step(`checkpoint "${name}"`, async () => void (await stages.checkpoint(name, location)), { location, box: true });
  }

  /** Validates and runs any primitive call `{ name, params }` (YAML steps and generated code use this). */
  do(call: unknown, options: { location?: Location; title?: string } = {}): Promise<ActionResult> {
    return runStep(this.options.runner, call, { ...options, onFailure: (e) => (this.lastFailure = e) });
  }

  /** A locator for queries and `expect(...)` matchers; nothing is looked up until it is used. */
  find(target: Target): MobileLocator {
    return new MobileLocator({ look: () => this.look(), assert: (call) => this.check(call), target });
  }

  /** Runs an assertion for a matcher: a false assertion is the matcher's to report; any other failure throws. */
  private async check(call: unknown): Promise<ActionResult> {
    const result = await this.options.runner.run(validateCall(call), { source: 'script', location: callerLocation() });
    if (result.verdict === 'OK' || result.failure?.name === 'AssertionFailed') return result;
    const error = new ActionFailed(result);
    this.lastFailure = error;
    throw error;
  }

  /** What is on screen now and what changed since the last look. */
  look(): Promise<Look> {
    return this.options.runner.observer.look();
  }

  protected step(call: { name: PrimitiveName; params: Record<string, unknown> }, options: { verb: string; timeout?: number }): Promise<ActionResult> {
    return runStep(this.options.runner, call, { ...options, onFailure: (e) => (this.lastFailure = e) });
  }

  /** `assertText('Total', '12.00')`, `assertText('Total', /\d+\.\d\d/)`, `assertText('Greeting', { contains: 'alice' })`. */
  async assertText(target: Target, expected: string | RegExp | (TextCheck & WaitOptions), options: WaitOptions = {}): Promise<void> {
    const check: TextCheck & WaitOptions = typeof expected === 'string' ? { equals: expected } : expected instanceof RegExp ? { matches: expected } : expected;
    const { timeout = options.timeout, ...text } = check;
    const matches = 'matches' in text && text.matches instanceof RegExp ? { matches: text.matches.source } : {};
    await this.step(
      { name: 'assert_text', params: withoutUndefined({ target, ...text, ...matches, timeout_ms: options.timeout ?? timeout }) },
      { verb: 'assertText' },
    );
  }

  /** Answers the dialog on screen: 'accept', 'dismiss' or `{ button: 'Only this time' }`. */
  async handleDialog(answer: NonNullable<ParamsInputOf<'handle_dialog'>['action']> | { button: string }, options: ActionOptions = {}): Promise<void> {
    const params = typeof answer === 'string' ? { action: answer } : { button: answer.button };
    await this.step(
      { name: 'handle_dialog', params: withoutUndefined({ ...params, expected: options.expected }) },
      { verb: 'handleDialog', timeout: options.timeout },
    );
  }

  /** Takes a PNG of the screen, adds it to the test's attachments and returns it. */
  async screenshot(options: OptionsOf<'screenshot'> = {}): Promise<Buffer> {
    const result = await this.step({ name: 'screenshot', params: withoutUndefined({ name: options.name }) }, { verb: 'screenshot', timeout: options.timeout });
    const png = result.output?.png ?? Buffer.alloc(0);
    await this.options.attach?.(options.name ?? 'screenshot', png);
    return png;
  }
}

function withoutUndefined(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));
}
