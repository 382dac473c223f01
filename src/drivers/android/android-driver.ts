import { DeviceCalls, DRIVER_READS, type CallScope } from '../calls.js';
import { DeviceDisconnected } from '../errors/device-disconnected.js';
import type { ListedDevice } from '../errors/device-not-found.js';
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
  ShellOutput,
} from '../types.js';
import { adbClient } from './adb-client.js';
import { AdbDevice } from './adb-device.js';
import * as apps from './apps.js';
import { typeWithAdbKeyboard } from './adb-keyboard-typing.js';
import { captureRaw, captureScreen, dumpHierarchy, type DumpRetry } from './capture.js';
import { DeviceWatch } from './device-watch.js';
import { readAppVersion, readDeviceInfo, readForeground, readGlance, readKeyboardShown, readLogs, readMark, readScreenSize } from './device-reads.js';
import { chooseDevice, listDevices, reachServer, transportFeatures } from './discovery.js';
import { keyCommand } from './keys.js';
import { adbServerAddress } from './server-address.js';
import { typingCommands, untypable } from './text-input.js';

/** How to reach the device; signal and timeoutMs bound connect() itself. */
export interface AndroidConnectOptions extends CallOptions {
  /** The device's adb serial; default ANDROID_SERIAL, else the only device connected. */
  serial?: string;
  /** The adb server; default ADB_SERVER_SOCKET, else localhost:5037 (also a virtual phone's serverPort). */
  host?: string;
  port?: number;
  /** Deadline for calls made without timeoutMs (default 30 s). */
  defaultTimeoutMs?: number;
  /** How often a hierarchy dump is tried while the screen is not idle. */
  dumpRetry?: Partial<DumpRetry>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
const LONG_PRESS_MS = 800;
const SWIPE_MS = 300;
const DRAG_MS = 1000;
const LOG_LIMIT = 2000;
/** Calls that only read the device: they leave what the screen shows as it was. */
const READS: ReadonlySet<string> = new Set(DRIVER_READS);

/** How an Android driver runs its calls, and how often it retries a hierarchy dump. */
interface DriverSetup {
  calls: DeviceCalls;
  dumpRetry: DumpRetry;
}

/** A Driver for an Android device (phone, emulator or the virtual phone) through an adb server. */
export class AndroidDriver implements Driver {
  readonly platform = 'android' as const;
  private closed = false;
  private changes = 0;
  /**
   * Captures whose frame is not yet taken. A call that changes the screen waits for them, so a capture
   * shows the screen as it was when it was asked for, even while its pixels are still on their way.
   */
  private readonly capturing = new Set<Promise<void>>();
  private watch: DeviceWatch | undefined;
  private readonly calls: DeviceCalls;
  private readonly dumpRetry: DumpRetry;

  private constructor(
    private readonly adb: AdbDevice,
    { calls, dumpRetry }: DriverSetup,
  ) {
    this.calls = calls;
    this.dumpRetry = dumpRetry;
  }

  get id(): string {
    return this.adb.serial;
  }

  get changeCount(): number {
    return this.changes;
  }

  /** Connects to one device through an adb server: the named one, or the only one there is. */
  static async connect(options: AndroidConnectOptions = {}): Promise<AndroidDriver> {
    const address = adbServerAddress(options);
    const client = adbClient(address);
    const wanted = options.serial ?? (process.env.ANDROID_SERIAL || undefined);
    const setup = new DeviceCalls({
      device: wanted ?? 'any device',
      defaultTimeoutMs: options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
      timeoutHint: `check that ${address.describe} answers (adb devices)`,
    });
    return setup.run('connect', options, async (scope) => {
      await reachServer(address, scope);
      scope.step('adb devices');
      const serial = chooseDevice({ wanted, devices: await listDevices(client, address, scope.signal), address });
      scope.step(`adb -s ${serial} features`);
      const features = await transportFeatures(client, serial, scope.signal).catch((error: unknown) => {
        throw new AdbDevice(client, serial, address).deviceError(error, 'features');
      });
      if (!features.includes('shell_v2')) {
        throw new UnsupportedDevice({ device: serial, missing: 'adb shell protocol v2', hint: 'mobiletest needs Android 7.0 (API 24) or later' });
      }
      const calls = new DeviceCalls({
        device: serial,
        defaultTimeoutMs: options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
        timeoutHint: `check that it answers (adb -s ${serial} shell echo ok), or give the call more time with timeoutMs`,
      });
      const retry: DumpRetry = { attempts: options.dumpRetry?.attempts ?? 5, backoffMs: options.dumpRetry?.backoffMs ?? 100 };
      const driver = new AndroidDriver(new AdbDevice(client, serial, address), { calls, dumpRetry: retry });
      await driver.startWatch(scope);
      return driver;
    });
  }

  /** The devices an adb server lists, with their states (`device`, `offline`, `unauthorized`, …). */
  static async devices(options: { host?: string; port?: number } & CallOptions = {}): Promise<ListedDevice[]> {
    const address = adbServerAddress(options);
    const calls = new DeviceCalls({
      device: 'any device',
      defaultTimeoutMs: DEFAULT_TIMEOUT_MS,
      timeoutHint: `check that ${address.describe} answers (adb devices)`,
    });
    return calls.run('adb devices', options, async (scope) => {
      await reachServer(address, scope);
      return listDevices(adbClient(address), address, scope.signal);
    });
  }

  hierarchy(options?: CallOptions): Promise<Hierarchy> {
    return this.call('hierarchy', options, async (scope) => ({ format: 'uiautomator-xml', xml: await dumpHierarchy(this.adb, scope, this.dumpRetry) }));
  }

  screenshot(options?: CallOptions): Promise<Buffer> {
    return this.call('screenshot', options, (scope) => captureScreen(this.adb, scope));
  }

  capture(options?: CallOptions): Promise<RawImage> {
    let taken!: () => void;
    const frame = new Promise<void>((resolve) => (taken = resolve));
    this.capturing.add(frame);
    const done = (): void => {
      taken();
      this.capturing.delete(frame);
    };
    return this.call('capture', options, (scope) => captureRaw(this.adb, scope, done)).finally(done);
  }

  async tap(point: Point, options?: CallOptions): Promise<void> {
    await this.run('tap', `input tap ${xy(point)}`, options);
  }

  async longPress(point: Point, options?: GestureOptions): Promise<void> {
    await this.run('longPress', `input swipe ${xy(point)} ${xy(point)} ${ms(options?.durationMs ?? LONG_PRESS_MS)}`, options);
  }

  async swipe(from: Point, to: Point, options?: GestureOptions): Promise<void> {
    await this.run('swipe', `input swipe ${xy(from)} ${xy(to)} ${ms(options?.durationMs ?? SWIPE_MS)}`, options);
  }

  async drag(from: Point, to: Point, options?: GestureOptions): Promise<void> {
    await this.run('drag', `input draganddrop ${xy(from)} ${xy(to)} ${ms(options?.durationMs ?? DRAG_MS)}`, options);
  }

  typeText(text: string, options?: CallOptions): Promise<void> {
    // The text itself never appears in a step label or an error: it may be a password.
    const label = `input text (${[...text].length} characters)`;
    return this.call('typeText', options, async (scope) => {
      const unsupported = untypable(text);
      if (unsupported.length > 0) return typeWithAdbKeyboard(this.adb, scope, { text, unsupported });
      for (const command of typingCommands(text)) await this.adb.run(command, scope, { label });
    });
  }

  async key(key: Key, options?: KeyOptions): Promise<void> {
    const command = keyCommand(key, options?.longPress ?? false);
    if (command === undefined) throw new TypeError(`Unknown key "${key}"`);
    await this.run('key', command, options);
  }

  launchApp(appId: string, options: LaunchOptions = {}): Promise<void> {
    return this.call('launchApp', options, (scope) => apps.launchApp(this.adb, scope, { ...options, appId }));
  }

  stopApp(appId: string, options?: CallOptions): Promise<void> {
    return this.call('stopApp', options, (scope) => apps.stopApp(this.adb, scope, appId));
  }

  clearApp(appId: string, options?: CallOptions): Promise<void> {
    return this.call('clearApp', options, (scope) => apps.clearApp(this.adb, scope, appId));
  }

  openLink(url: string, options: OpenLinkOptions = {}): Promise<void> {
    return this.call('openLink', options, (scope) => apps.openLink(this.adb, scope, { url, appId: options.appId }));
  }

  grantPermission(appId: string, permission: string, options?: CallOptions): Promise<void> {
    return this.call('grantPermission', options, (scope) => apps.grantPermission(this.adb, scope, { appId, permission }));
  }

  appVersion(appId: string, options?: CallOptions): Promise<AppVersion | undefined> {
    return this.call('appVersion', options, (scope) => readAppVersion(this.adb, scope, appId));
  }

  foreground(options?: CallOptions): Promise<Foreground> {
    return this.call('foreground', options, (scope) => readForeground(this.adb, scope));
  }

  glance(options: GlanceOptions = {}): Promise<Glance> {
    return this.call('glance', options, (scope) => readGlance(this.adb, scope, options.apps ?? []));
  }

  mark(options?: CallOptions): Promise<LogMark> {
    return this.call('mark', options, (scope) => readMark(this.adb, scope));
  }

  logs(options: LogsOptions = {}): Promise<LogEntry[]> {
    const limit = options.limit ?? LOG_LIMIT;
    return this.call('logs', options, (scope) => readLogs(this.adb, scope, { since: options.since, limit }));
  }

  screenSize(options?: CallOptions): Promise<ScreenSize> {
    return this.call('screenSize', options, (scope) => readScreenSize(this.adb, scope));
  }

  deviceInfo(options?: CallOptions): Promise<DeviceInfo> {
    return this.call('deviceInfo', options, (scope) => readDeviceInfo(this.adb, scope));
  }

  keyboardShown(options?: CallOptions): Promise<boolean> {
    return this.call('keyboardShown', options, (scope) => readKeyboardShown(this.adb, scope));
  }

  async setOrientation(orientation: Orientation, options?: CallOptions): Promise<void> {
    if (orientation !== 'portrait' && orientation !== 'landscape')
      throw new TypeError(`Unknown orientation "${String(orientation)}": use portrait or landscape`);
    // Auto-rotate off first, or the sensor would turn the screen back.
    await this.run(
      'setOrientation',
      `settings put system accelerometer_rotation 0 && settings put system user_rotation ${orientation === 'portrait' ? 0 : 1}`,
      options,
    );
  }

  prepare(options: PrepareOptions = {}): Promise<void> {
    return this.call('prepare', options, async (scope) => {
      const commands: string[] = [];
      if (options.disableAnimations !== false) {
        for (const scale of ['window_animation_scale', 'transition_animation_scale', 'animator_duration_scale'])
          commands.push(`settings put global ${scale} 0`);
      }
      if (options.stayAwake !== false) commands.push('svc power stayon true', 'settings put global stay_on_while_plugged_in 7');
      if (commands.length > 0) await this.adb.run(commands.join(' && '), scope);
      for (const [appId, request] of Object.entries(options.grantPermissions ?? {})) await apps.grantPermissions(this.adb, scope, { appId, request });
    });
  }

  async shell(command: string, options?: CallOptions): Promise<ShellOutput> {
    return this.call('shell', options, async (scope) => {
      const result = await this.adb.shell(command, scope);
      return { stdout: result.stdout.toString('utf8'), stderr: result.stderr.toString('utf8'), exitCode: result.exitCode ?? -1 };
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.watch?.stop();
    this.calls.failAll((during) => new DeviceDisconnected({ device: this.id, during, reason: 'the driver was closed' }));
  }

  /** Runs one device command as a whole call. */
  private async run(name: string, command: string, options: CallOptions | undefined): Promise<void> {
    await this.call(name, options, (scope) => this.adb.run(command, scope));
  }

  /** Every call goes through here: refused once closed or while the device is away, and ended when it goes away. */
  private async call<T>(name: string, options: CallOptions | undefined, body: (scope: CallScope) => Promise<T>): Promise<T> {
    if (this.closed) throw new DeviceDisconnected({ device: this.id, during: name, reason: 'the driver was closed' });
    if (!READS.has(name)) this.changes++;
    return this.calls.run(name, options, async (scope) => {
      // The adb server went away and came back: follow the device again (a failure shows in the call itself).
      if (!this.watch?.alive) await this.startWatch(scope).catch(() => undefined);
      const state = this.watch?.state;
      if (this.watch?.alive && state !== 'device') {
        throw new DeviceDisconnected({ device: this.id, during: name, reason: state === undefined ? 'adb no longer lists it' : `adb lists it as ${state}` });
      }
      if (!READS.has(name) && this.capturing.size > 0) {
        scope.step('waiting for a screen capture to take its frame');
        await Promise.all(this.capturing);
      }
      scope.step(name);
      return body(scope);
    });
  }

  private async startWatch(scope: CallScope): Promise<void> {
    scope.step('adb track-devices');
    this.watch?.stop();
    const watch = await DeviceWatch.start(this.adb.client, this.id, (state) => {
      if (state === 'device') return;
      const reason = state === undefined ? 'adb no longer lists it' : `adb lists it as ${state}`;
      this.calls.failAll((during) => new DeviceDisconnected({ device: this.id, during, reason }));
    });
    if (scope.signal.aborted || this.closed) watch.stop();
    else this.watch = watch;
  }
}

function xy(point: Point): string {
  if (!Number.isFinite(point.x) || !Number.isFinite(point.y)) throw new TypeError(`Not a point on the screen: ${JSON.stringify(point)}`);
  return `${Math.round(point.x)} ${Math.round(point.y)}`;
}

function ms(value: number): number {
  return Math.max(0, Math.round(value));
}
