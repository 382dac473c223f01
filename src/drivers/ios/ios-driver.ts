import { DeviceCalls, DRIVER_READS, type CallScope } from '../calls.js';
import { DeviceDisconnected } from '../errors/device-disconnected.js';
import { UnsupportedDevice } from '../errors/unsupported-device.js';
import type {
  AppVersion,
  CallOptions,
  DeviceInfo,
  Driver,
  Foreground,
  GestureOptions,
  Glance,
  GlanceOptions,
  Hierarchy,
  Key,
  KeyOptions,
  LaunchOptions,
  LogEntry,
  LogMark,
  LogsOptions,
  OpenLinkOptions,
  Orientation,
  Point,
  PrepareOptions,
  RawImage,
  ScreenSize,
} from '../types.js';
import * as apps from './apps.js';
import { DEFAULT_TIMEOUT_MS, NO_XCRUN_HINT, connect, type IosConnectOptions } from './connect.js';
import { DRAG_LIFT_MS, DRAG_MS, LONG_PRESS_MS, SWIPE_MS, TAP_HOLD_MS, pressActions, strokeActions, type W3cActions } from './gestures.js';
import { needSimulator, type IosDevice, type IosScope } from './ios-device.js';
import { keyAction } from './keys.js';
import { readDeviceInfo, readForeground, readGlance, readLogs, readMark, readScreenSize } from './reads.js';
import { readCapture, readHierarchy, readScreenshot } from './screen.js';
import { findXcrun, listSimulators, readAppVersion, type ListedSimulator } from './simulator.js';
import { clearFocusedText } from './text.js';
import { alertText, backButton, keyboardShown } from './ui-queries.js';
import { UnexpectedAlert } from './unexpected-alert.js';

const LOG_LIMIT = 2000;
/** Calls that only read the device, the Driver's and the alert reads: they leave what the screen shows as it was. */
const READS: ReadonlySet<string> = new Set([...DRIVER_READS, 'alertText', 'alertButtons']);
/** Calls that send input to the app in front: glance reports how long ago the newest was. */
const INPUTS: ReadonlySet<string> = new Set(['tap', 'longPress', 'swipe', 'drag', 'clearText', 'typeText', 'key']);

/** Which alert button to press; without it WebDriverAgent picks the accepting (or dismissing) one. */
export interface AlertButtonOptions extends CallOptions {
  button?: string;
}

/**
 * A Driver for an iPhone (a simulator, or a device whose WebDriverAgent another tool serves) through
 * WebDriverAgent's HTTP API, with `xcrun simctl` (node-simctl) for what only the simulator can do:
 * permissions, app data, versions, processes and the log.
 */
export class IosDriver implements Driver {
  readonly platform = 'ios' as const;
  private closed = false;
  private changes = 0;
  private lastInputAt: number | undefined;
  /** Captures whose frame is not yet taken; a call that changes the screen waits for them (see Driver.capture). */
  private readonly capturing = new Set<Promise<void>>();

  private constructor(
    private readonly device: IosDevice,
    private readonly calls: DeviceCalls,
    private readonly defaultTimeoutMs: number,
  ) {}

  get id(): string {
    return this.device.id;
  }

  get changeCount(): number {
    return this.changes;
  }

  /** Device pixels per point of WebDriverAgent's coordinates. */
  get scale(): number {
    return this.device.scale;
  }

  /** WebDriverAgent's base URL. */
  get wdaUrl(): string {
    return this.device.wda.url;
  }

  /** Connects to WebDriverAgent and the simulator behind it (see IosConnectOptions for the defaults). */
  static async connect(options: IosConnectOptions = {}): Promise<IosDriver> {
    const { device, calls } = await connect(options);
    return new IosDriver(device, calls, options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS);
  }

  /** The iOS simulators `xcrun simctl list devices` shows, in any state; throws UnsupportedDevice where there is no xcrun. */
  static async devices(options: { xcrun?: string } & CallOptions = {}): Promise<ListedSimulator[]> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const calls = new DeviceCalls({ device: 'any simulator', defaultTimeoutMs: timeoutMs, timeoutHint: 'check that xcrun simctl list devices answers' });
    return calls.run('xcrun simctl list devices', options, async (scope) => {
      const xcrun = await findXcrun(options.xcrun);
      if (!xcrun) throw new UnsupportedDevice({ device: '', missing: 'xcrun simctl', hint: NO_XCRUN_HINT });
      return listSimulators({ signal: scope.signal, step: scope.step, timeoutMs }, xcrun);
    });
  }

  hierarchy(options?: CallOptions): Promise<Hierarchy> {
    return this.call('hierarchy', options, (scope) => readHierarchy(this.device, scope));
  }

  screenshot(options?: CallOptions): Promise<Buffer> {
    return this.call('screenshot', options, (scope) => readScreenshot(this.device, scope));
  }

  capture(options?: CallOptions): Promise<RawImage> {
    let taken!: () => void;
    const frame = new Promise<void>((resolve) => (taken = resolve));
    this.capturing.add(frame);
    const done = (): void => {
      taken();
      this.capturing.delete(frame);
    };
    return this.call('capture', options, (scope) => readCapture(this.device, scope, done)).finally(done);
  }

  async tap(point: Point, options?: CallOptions): Promise<void> {
    await this.touch('tap', pressActions(point, this.scale, TAP_HOLD_MS), options);
  }

  async longPress(point: Point, options?: GestureOptions): Promise<void> {
    await this.touch('longPress', pressActions(point, this.scale, options?.durationMs ?? LONG_PRESS_MS), options);
  }

  async swipe(from: Point, to: Point, options?: GestureOptions): Promise<void> {
    await this.touch('swipe', strokeActions({ from, to, scale: this.scale, durationMs: options?.durationMs ?? SWIPE_MS }), options);
  }

  async drag(from: Point, to: Point, options?: GestureOptions): Promise<void> {
    await this.touch('drag', strokeActions({ from, to, scale: this.scale, durationMs: options?.durationMs ?? DRAG_MS, holdMs: DRAG_LIFT_MS }), options);
  }

  clearText(options?: CallOptions): Promise<boolean> {
    return this.call('clearText', options, (scope) => clearFocusedText(this.device, scope));
  }

  async typeText(text: string, options?: CallOptions): Promise<void> {
    if (typeof text !== 'string') throw new TypeError('typeText needs a string');
    // XCTest types "\n" as return and "\b" as delete; the text never appears in a label or an error, it may be a password.
    await this.call('typeText', options, (scope) => this.device.wda.send(scope, { method: 'POST', path: '/wda/keys', body: { value: [...text] } }));
  }

  async key(key: Key, options?: KeyOptions): Promise<void> {
    const action = keyAction(key, options?.longPress ?? false);
    if (action === undefined) throw new TypeError(`Unknown key "${key}"`);
    if (action.kind === 'unsupported')
      throw new UnsupportedDevice({ device: this.id, missing: `the "${key}" key${options?.longPress ? ' held' : ''}`, hint: action.why });
    await this.call('key', options, async (scope) => {
      const wda = this.device.wda;
      if (action.kind === 'type') await wda.send(scope, { method: 'POST', path: '/wda/keys', body: { value: [action.text] } });
      else if (action.kind === 'home') await wda.send(scope, { method: 'POST', path: '/wda/homescreen', session: false });
      else if (action.kind === 'button') await wda.send(scope, { method: 'POST', path: '/wda/pressButton', body: { name: action.name } });
      else if (action.kind === 'lock' || action.kind === 'unlock') await wda.send(scope, { method: 'POST', path: `/wda/${action.kind}`, session: false });
      else await this.pressBack(scope);
    });
  }

  launchApp(appId: string, options: LaunchOptions = {}): Promise<void> {
    return this.call('launchApp', options, (scope) => apps.launchApp(this.device, scope, { ...options, appId }));
  }

  stopApp(appId: string, options?: CallOptions): Promise<void> {
    return this.call('stopApp', options, (scope) => apps.stopApp(this.device, scope, appId));
  }

  clearApp(appId: string, options?: CallOptions): Promise<void> {
    return this.call('clearApp', options, (scope) => apps.clearApp(this.device, scope, appId));
  }

  openLink(url: string, options: OpenLinkOptions = {}): Promise<void> {
    return this.call('openLink', options, (scope) => apps.openLink(this.device, scope, { url, appId: options.appId }));
  }

  grantPermission(appId: string, permission: string, options?: CallOptions): Promise<void> {
    return this.call('grantPermission', options, (scope) => apps.grantPermission(this.device, scope, { appId, permission }));
  }

  appVersion(appId: string, options?: CallOptions): Promise<AppVersion | undefined> {
    return this.call('appVersion', options, (scope) => readAppVersion(scope, needSimulator(this.device, 'reading app versions'), appId));
  }

  foreground(options?: CallOptions): Promise<Foreground> {
    return this.call('foreground', options, (scope) => readForeground(this.device, scope));
  }

  glance(options: GlanceOptions = {}): Promise<Glance> {
    return this.call('glance', options, (scope) => readGlance(this.device, scope, { apps: options.apps ?? [], lastInputAt: this.lastInputAt }));
  }

  mark(options?: CallOptions): Promise<LogMark> {
    return this.call('mark', options, async () => readMark());
  }

  /** The simulator's log; a device reached through WebDriverAgent alone has no log to read and answers none. */
  logs(options: LogsOptions = {}): Promise<LogEntry[]> {
    return this.call('logs', options, (scope) => readLogs(this.device, scope, { since: options.since, limit: options.limit ?? LOG_LIMIT }));
  }

  screenSize(options?: CallOptions): Promise<ScreenSize> {
    return this.call('screenSize', options, (scope) => readScreenSize(this.device, scope));
  }

  deviceInfo(options?: CallOptions): Promise<DeviceInfo> {
    return this.call('deviceInfo', options, (scope) => readDeviceInfo(this.device, scope));
  }

  keyboardShown(options?: CallOptions): Promise<boolean> {
    return this.call('keyboardShown', options, (scope) => keyboardShown(this.device, scope));
  }

  async setOrientation(orientation: Orientation, options?: CallOptions): Promise<void> {
    if (orientation !== 'portrait' && orientation !== 'landscape')
      throw new TypeError(`Unknown orientation "${String(orientation)}": use portrait or landscape`);
    const body = { orientation: orientation === 'portrait' ? 'PORTRAIT' : 'LANDSCAPE' };
    await this.call('setOrientation', options, (scope) => this.device.wda.send(scope, { method: 'POST', path: '/orientation', body }));
  }

  /**
   * Grants the permissions asked for. A simulator does not sleep and WebDriverAgent waits for the app
   * to go idle itself, so animations and the screen are left as they are.
   */
  prepare(options: PrepareOptions = {}): Promise<void> {
    return this.call('prepare', options, async (scope) => {
      for (const [appId, request] of Object.entries(options.grantPermissions ?? {})) await apps.grantPermissions(this.device, scope, { appId, request });
    });
  }

  /** The open alert's text; undefined when no alert is open. */
  alertText(options?: CallOptions): Promise<string | undefined> {
    return this.call('alertText', options, (scope) => alertText(this.device, scope));
  }

  /** The open alert's button labels (GET /wda/alert/buttons); throws WdaCommandFailed "no such alert" when none is open. */
  alertButtons(options?: CallOptions): Promise<string[]> {
    return this.call('alertButtons', options, async (scope) => {
      const labels = await this.device.wda.send(scope, { method: 'GET', path: '/wda/alert/buttons' });
      return Array.isArray(labels) ? labels.map(String) : [];
    });
  }

  /** Presses the alert's accepting button, or the one named (POST /alert/accept). */
  async acceptAlert(options: AlertButtonOptions = {}): Promise<void> {
    await this.answerAlert('accept', options);
  }

  /** Presses the alert's dismissing button, or the one named (POST /alert/dismiss). */
  async dismissAlert(options: AlertButtonOptions = {}): Promise<void> {
    await this.answerAlert('dismiss', options);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.calls.failAll((during) => new DeviceDisconnected({ device: this.id, during, reason: 'the driver was closed' }));
    // Frees WebDriverAgent's session for the next client; a server already gone is fine.
    const ending = new DeviceCalls({ device: this.id, defaultTimeoutMs: 2_000 });
    await ending.run('DELETE /session', undefined, (scope) => this.device.wda.closeSession(this.scoped(scope, 2_000))).catch(() => undefined);
  }

  private async answerAlert(answer: 'accept' | 'dismiss', options: AlertButtonOptions): Promise<void> {
    const body = options.button === undefined ? {} : { name: options.button };
    await this.call(`${answer}Alert`, options, (scope) => this.device.wda.send(scope, { method: 'POST', path: `/alert/${answer}`, body }));
  }

  private async touch(name: string, actions: W3cActions, options: CallOptions | undefined): Promise<void> {
    await this.call(name, options, (scope) => this.device.wda.send(scope, { method: 'POST', path: '/actions', body: actions }));
  }

  /** Taps the navigation bar's back button; iOS has no back key to press instead. */
  private async pressBack(scope: IosScope): Promise<void> {
    const button = await backButton(this.device, scope);
    if (!button) {
      throw new UnsupportedDevice({
        device: this.id,
        missing: 'a back key',
        hint: "iOS has none, and this screen shows no navigation bar back button: tap the screen's own Back, Cancel or Close control",
      });
    }
    const centre = { x: (button.x + button.width / 2) * this.scale, y: (button.y + button.height / 2) * this.scale };
    await this.device.wda.send(scope, { method: 'POST', path: '/actions', body: pressActions(centre, this.scale, TAP_HOLD_MS) });
  }

  /** Every call goes through here: refused once closed, waits for captures before changing the screen, and names an alert that blocked it. */
  private async call<T>(name: string, options: CallOptions | undefined, body: (scope: IosScope) => Promise<T>): Promise<T> {
    if (this.closed) throw new DeviceDisconnected({ device: this.id, during: name, reason: 'the driver was closed' });
    if (!READS.has(name)) this.changes++;
    const timeoutMs = options?.timeoutMs ?? this.defaultTimeoutMs;
    return this.calls.run(name, options, async (callScope) => {
      const scope = this.scoped(callScope, timeoutMs);
      if (!READS.has(name) && this.capturing.size > 0) {
        scope.step('waiting for a screen capture to take its frame');
        await Promise.all(this.capturing);
      }
      scope.step(name);
      try {
        const result = await body(scope);
        if (INPUTS.has(name)) this.lastInputAt = Date.now();
        return result;
      } catch (error) {
        throw await this.withAlertText(error, scope);
      }
    });
  }

  /** An UnexpectedAlert whose answer did not carry the alert's text gets it from GET /alert/text. */
  private async withAlertText(error: unknown, scope: IosScope): Promise<unknown> {
    if (!(error instanceof UnexpectedAlert) || error.alertText !== undefined || scope.signal.aborted) return error;
    const text = await alertText(this.device, scope).catch(() => undefined);
    return text === undefined ? error : new UnexpectedAlert({ device: error.device, during: error.during, alertText: text });
  }

  private scoped(scope: CallScope, timeoutMs: number): IosScope {
    return { signal: scope.signal, step: scope.step, timeoutMs };
  }
}
