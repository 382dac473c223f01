// The device API of a test: one method per primitive, Playwright-style signatures.
import type { DeviceObserver, Look } from '../../src/observe/index.js';
import type { Location } from '../../src/events/index.js';
import { registerSecret } from '../../src/events/index.js';
import type { ActionResult, PrimitiveRunner } from '../../src/primitives/exec/types.js';
import { validateCall, type Expected, type ParamsInputOf, type PrimitiveName, type Target } from '../../src/primitives/index.js';
import { ActionFailed } from './action-failed.js';
import { DeviceAi } from './ai.js';
import type { Agent, AgentStepFailed } from '../../src/agent/index.js';
import { callerLocation } from '../source/location.js';
import { MobileLocator } from './locator.js';
import type { DeviceMethods } from './methods.js';
import { runStep } from './step.js';

type Direction = 'up' | 'down' | 'left' | 'right';
type Key = ParamsInputOf<'press_key'>['key'];

export interface ActionOptions {
  /** The post-condition this action should cause; checked after acting. */
  expected?: Expected;
  /** Bounds the whole action, ms. */
  timeout?: number;
}

export interface WaitOptions {
  /** How long to wait, ms (default: the executor's assertion timeout). */
  timeout?: number;
}

export interface LaunchOptions extends ActionOptions {
  /** The app to launch; default the configured `app`. */
  app?: string;
  clearState?: boolean;
  /** Runtime permissions to grant before launching: 'all' the app declares, or names. */
  permissions?: 'all' | string[];
}

export type TextCheck = { equals: string } | { contains: string } | { matches: string | RegExp };

export interface DeviceOptions {
  runner: PrimitiveRunner;
  /** The configured app: launch() grants 'all' permissions to it when no app is named. */
  app?: string;
  /** Adds a screenshot the spec took to the test's attachments. */
  attach?: (name: string, png: Buffer) => Promise<void>;
  /** The agent behind `device.ai`, made on first use. */
  agent?: () => Promise<Agent>;
}

function defined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** A phone as a test drives it. Each method is a test step that throws ActionFailed unless the action answered OK. */
export class Device implements DeviceMethods {
  /** The last action or agent call that failed in this test, for the report's failure category. */
  lastFailure: ActionFailed | AgentStepFailed | undefined;
  private readonly agent: DeviceAi | undefined;

  constructor(private readonly options: DeviceOptions) {
    this.agent = options.agent && new DeviceAi(options.agent, (error) => (this.lastFailure = error));
  }

  /** Agent steps: `device.ai.step(goal)`, `device.ai.expect(assertion)`, `device.ai.waitFor(condition)`, `device.ai.query(question, schema)`. */
  get ai(): DeviceAi {
    if (!this.agent) throw new Error('this device has no agent: device.ai is available on the `device` fixture of mobiletest\'s `test`');
    return this.agent;
  }

  /** The observer shared with the executor, so refs stay stable across actions and queries. */
  get observer(): DeviceObserver {
    return this.options.runner.observer;
  }

  get serial(): string {
    return this.options.runner.driver.id;
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

  private run<K extends PrimitiveName>(name: K, params: ParamsInputOf<K>, verb: string, timeout?: number): Promise<ActionResult> {
    return runStep(this.options.runner, { name, params: defined(params as Record<string, unknown>) }, {
      verb,
      timeout,
      onFailure: (e) => (this.lastFailure = e),
    });
  }

  async launch(options: LaunchOptions = {}): Promise<void> {
    if (options.permissions === 'all') {
      // launch_app grants named permissions; every permission the app declares is granted through the driver.
      if (options.clearState) await this.clearData({ app: options.app });
      const app = options.app ?? this.options.app;
      if (app) await this.options.runner.driver.prepare({ grantPermissions: { [app]: 'all' }, disableAnimations: false, stayAwake: false });
      await this.run('launch_app', { app: options.app, expected: options.expected }, 'launch', options.timeout);
      return;
    }
    await this.run('launch_app', { app: options.app, clear_state: options.clearState, permissions: options.permissions, expected: options.expected }, 'launch', options.timeout);
  }

  async stop(options: ActionOptions & { app?: string } = {}): Promise<void> {
    await this.run('stop_app', { app: options.app, expected: options.expected }, 'stop', options.timeout);
  }

  async clearData(options: ActionOptions & { app?: string } = {}): Promise<void> {
    await this.run('clear_app_data', { app: options.app, expected: options.expected }, 'clearData', options.timeout);
  }

  async openLink(url: string, options: ActionOptions = {}): Promise<void> {
    await this.run('open_link', { url, expected: options.expected }, 'openLink', options.timeout);
  }

  async tap(target: Target, options: ActionOptions = {}): Promise<void> {
    await this.run('tap', { target, expected: options.expected }, 'tap', options.timeout);
  }

  async doubleTap(target: Target, options: ActionOptions = {}): Promise<void> {
    await this.run('double_tap', { target, expected: options.expected }, 'doubleTap', options.timeout);
  }

  async longPress(target: Target, options: ActionOptions & { duration?: number } = {}): Promise<void> {
    await this.run('long_press', { target, duration_ms: options.duration, expected: options.expected }, 'longPress', options.timeout);
  }

  /** Swipes the content: `swipe('up')`, `swipe('left', { from: 'Banner', distance: 0.8 })`. */
  async swipe(direction: Direction, options: ActionOptions & { from?: Target; distance?: number } = {}): Promise<void> {
    await this.run('swipe', { direction, from: options.from, distance: options.distance, expected: options.expected }, 'swipe', options.timeout);
  }

  /** Scrolls until the target shows: `scrollTo('Item 40', { direction: 'down', maxSwipes: 20 })`. */
  async scrollTo(target: Target, options: ActionOptions & { direction?: Direction; maxSwipes?: number } = {}): Promise<void> {
    await this.run('scroll_to', { target, direction: options.direction, max_swipes: options.maxSwipes, expected: options.expected }, 'scrollTo', options.timeout);
  }

  async drag(from: Target, to: Target, options: ActionOptions = {}): Promise<void> {
    await this.run('drag', { from, to, expected: options.expected }, 'drag', options.timeout);
  }

  /** Replaces a field's text: `fill('Password', 'pass123', { secret: true })` keeps it out of every report. */
  async fill(target: Target, text: string, options: ActionOptions & { secret?: boolean; submit?: boolean } = {}): Promise<void> {
    if (options.secret) registerSecret(text);
    await this.run('input_text', { target, text, secret: options.secret, submit: options.submit, expected: options.expected }, 'fill', options.timeout);
  }

  /** Empties a field (the focused one without a target). */
  async clear(target?: Target, options: ActionOptions = {}): Promise<void> {
    await this.run('clear_text', { target, expected: options.expected }, 'clear', options.timeout);
  }

  async hideKeyboard(options: ActionOptions = {}): Promise<void> {
    await this.run('hide_keyboard', { expected: options.expected }, 'hideKeyboard', options.timeout);
  }

  /** Presses a device key: 'back', 'home', 'enter', 'delete', 'tab', 'search', 'app_switch'. */
  async press(key: Key, options: ActionOptions = {}): Promise<void> {
    await this.run('press_key', { key, expected: options.expected }, 'press', options.timeout);
  }

  async waitFor(target: Target, options: WaitOptions & { state?: 'visible' | 'gone' | 'enabled' } = {}): Promise<void> {
    await this.run('wait_for', { target, state: options.state ?? 'visible', timeout_ms: options.timeout }, 'waitFor');
  }

  async waitIdle(options: WaitOptions = {}): Promise<void> {
    await this.run('wait_idle', { timeout_ms: options.timeout }, 'waitIdle');
  }

  async assertVisible(target: Target, options: WaitOptions = {}): Promise<void> {
    await this.run('assert_visible', { target, timeout_ms: options.timeout }, 'assertVisible');
  }

  async assertNotVisible(target: Target, options: WaitOptions = {}): Promise<void> {
    await this.run('assert_not_visible', { target, timeout_ms: options.timeout }, 'assertNotVisible');
  }

  /** `assertText('Total', '12.00')`, `assertText('Total', /\d+\.\d\d/)`, `assertText('Greeting', { contains: 'alice' })`. */
  async assertText(target: Target, expected: string | RegExp | (TextCheck & WaitOptions), options: WaitOptions = {}): Promise<void> {
    const check: TextCheck & WaitOptions = typeof expected === 'string' ? { equals: expected } : expected instanceof RegExp ? { matches: expected } : expected;
    const matches = 'matches' in check ? (check.matches instanceof RegExp ? check.matches.source : check.matches) : undefined;
    await this.run('assert_text', {
      target,
      equals: 'equals' in check ? check.equals : undefined,
      contains: 'contains' in check ? check.contains : undefined,
      matches,
      timeout_ms: options.timeout ?? check.timeout,
    }, 'assertText');
  }

  /** `assertState('Wi-Fi', 'checked')`, `assertState('Log in', 'enabled', { value: false })`. */
  async assertState(target: Target, state: 'checked' | 'enabled' | 'selected' | 'focused', options: WaitOptions & { value?: boolean } = {}): Promise<void> {
    await this.run('assert_state', { target, state, value: options.value, timeout_ms: options.timeout }, 'assertState');
  }

  /** Answers the dialog on screen: 'accept', 'dismiss' or `{ button: 'Only this time' }`. */
  async handleDialog(answer: 'accept' | 'dismiss' | { button: string }, options: ActionOptions = {}): Promise<void> {
    const params = typeof answer === 'string' ? { action: answer } : { button: answer.button };
    await this.run('handle_dialog', { ...params, expected: options.expected }, 'handleDialog', options.timeout);
  }

  async setOrientation(orientation: 'portrait' | 'landscape', options: ActionOptions = {}): Promise<void> {
    await this.run('set_orientation', { orientation, expected: options.expected }, 'setOrientation', options.timeout);
  }

  /** Takes a PNG of the screen, adds it to the test's attachments and returns it. */
  async screenshot(options: { name?: string } = {}): Promise<Buffer> {
    const result = await this.run('screenshot', { name: options.name }, 'screenshot');
    const png = result.output?.png ?? Buffer.alloc(0);
    await this.options.attach?.(options.name ?? 'screenshot', png);
    return png;
  }
}
