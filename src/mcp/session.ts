// One device's MCP session: its driver, observer (refs stay stable between look and do), executor and
// the steps run so far. Sessions on two devices share nothing.
import type { Driver } from '../drivers/index.js';
import { redactSecretParams } from '../events/index.js';
import { DeviceObserver, type TextReader } from '../observe/index.js';
import type { TraceStep } from './outputs.js';
import { createExecutor, meteredDriver, type ActionResult, type PrimitiveCall, type PrimitiveRunner } from '../primitives/index.js';

/** How many steps a session keeps for `query trace`. */
export const TRACE_LIMIT = 200;

export interface SessionOptions {
  driver: Driver;
  /** The app under test: the default for launch_app, stop_app and clear_app_data, and the logcat filter. */
  app?: string;
  /** Aborts actions in flight when the server shuts down. */
  signal?: AbortSignal;
  /** The OCR for screens whose tree names too few of their elements. */
  reader?: TextReader;
}

export class DeviceSession {
  readonly driver: Driver;
  readonly observer: DeviceObserver;
  readonly app: string | undefined;
  private readonly runner: PrimitiveRunner;
  private readonly steps: TraceStep[] = [];
  private count = 0;

  constructor(options: SessionOptions) {
    this.driver = options.driver;
    this.app = options.app;
    // No screenshot per look: a look costs one device call less, and the MCP answer is text.
    this.observer = new DeviceObserver(meteredDriver(options.driver), { screenshots: false, pixels: { reader: options.reader } });
    this.runner = createExecutor({ driver: options.driver, observer: this.observer, app: options.app, signal: options.signal });
  }

  get device(): string {
    return this.driver.id;
  }

  async run(call: PrimitiveCall): Promise<ActionResult> {
    const result = await this.runner.run(call, { source: 'mcp' });
    this.count += 1;
    this.steps.push({
      step: this.count,
      primitive: call.name,
      // Typed secret text is kept as its length only.
      params: redactSecretParams(call.params as Record<string, unknown>),
      status: result.verdict,
      ...(result.failure ? { failure: `${result.failure.name}: ${result.failure.message}` } : {}),
      ...(result.report ? { screen_changed: result.report.screen_changed } : {}),
      ms: result.timings.total_ms,
      device_ms: result.timings.device_ms,
      harness_ms: result.timings.harness_ms,
    });
    if (this.steps.length > TRACE_LIMIT) this.steps.shift();
    return result;
  }

  /**
   * Launches the app under test unless it is already in front (a person may be mid-flow on a real phone),
   * through launch_app so the trace shows it. Answers why it failed, or undefined.
   */
  async bringUpApp(): Promise<string | undefined> {
    if (!this.app) return undefined;
    const foreground = await this.driver.foreground();
    if (foreground.app === this.app) return undefined;
    if (!(await this.driver.appVersion(this.app)))
      return this.driver.platform === 'ios'
        ? `it is not installed (xcrun simctl install ${this.driver.id} App.app, or check the bundle id against xcrun simctl listapps ${this.driver.id})`
        : `it is not installed (adb -s ${this.driver.id} install app.apk, or check the package name against adb shell pm list packages)`;
    const result = await this.run({ name: 'launch_app', params: {} });
    return result.failure ? `${result.failure.name}: ${result.failure.message}` : undefined;
  }

  /** The last `n` steps, oldest first. */
  trace(n: number): TraceStep[] {
    return this.steps.slice(-n);
  }

  async close(): Promise<void> {
    await this.driver.close();
  }
}
