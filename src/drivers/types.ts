// The platform-neutral device interface: what a test runner needs from a phone, and nothing else.
// Android (adb) implements it today and iOS (WebDriverAgent) later, so no platform words belong here.

/** Every device call takes a deadline and/or a cancellation signal; without them the driver's default timeout applies. */
export interface CallOptions {
  /** Cancels the call: it rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Rejects with DeviceTimeout when the device has not answered within this many milliseconds. */
  timeoutMs?: number;
}

/** The mobile platforms mobiletest drives. */
export const PLATFORMS = ['android', 'ios'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Which family of hierarchy source `xml` holds; parsing it is the observation layer's job. */
export type HierarchyFormat = 'uiautomator-xml' | 'wda-xml' | 'wda-json';

/** The device's raw view hierarchy, as its platform's tool printed it. */
export interface Hierarchy {
  format: HierarchyFormat;
  /** The source as the tool printed it: uiautomator's XML, WebDriverAgent's XML, or WebDriverAgent's JSON. */
  xml: string;
  /**
   * Device pixels per unit of the source's coordinates: 1 (or absent) where the source is in pixels
   * (uiautomator), the screen's scale where it is in points (WebDriverAgent: 3 on a 3× iPhone).
   */
  scale?: number;
  /** Bundle id or package of the app whose tree this is, where the source itself does not name it (WebDriverAgent's does not). */
  app?: string;
}

export type Orientation = 'portrait' | 'landscape';

/** A point on the screen in device pixels. */
export interface Point {
  x: number;
  y: number;
}

/** Keys a test can press, by what they do rather than by a platform's key code. */
export type Key =
  | 'back'
  | 'home'
  | 'app_switch'
  | 'menu'
  | 'search'
  | 'enter'
  | 'delete'
  | 'forward_delete'
  | 'tab'
  | 'escape'
  | 'space'
  | 'up'
  | 'down'
  | 'left'
  | 'right'
  | 'center'
  | 'move_home'
  | 'move_end'
  | 'page_up'
  | 'page_down'
  | 'volume_up'
  | 'volume_down'
  | 'volume_mute'
  | 'power'
  | 'wakeup'
  | 'sleep';

export interface GestureOptions extends CallOptions {
  /** How long the finger takes from start to end (or stays down, for a long press). */
  durationMs?: number;
}

export interface KeyOptions extends CallOptions {
  /** Hold the key as a long press. */
  longPress?: boolean;
}

/** Runtime permissions by platform name (e.g. `android.permission.CAMERA`) or by neutral name (`camera`, `location`, `notifications`, …). */
export type PermissionRequest = 'all' | string[];

export interface LaunchOptions extends CallOptions {
  /** The screen to open (an Android activity such as `.MainActivity`); without it the app's launcher entry opens. */
  activity?: string;
  /** Wipe the app's data before launching, as after a fresh install. */
  clearState?: boolean;
  /** Stop the app first, so it starts cold. */
  stopFirst?: boolean;
  /** Grant these runtime permissions before launching, so no permission prompt appears. */
  permissions?: PermissionRequest;
}

export interface OpenLinkOptions extends CallOptions {
  /** Open the link in this app rather than whichever app the platform picks. */
  appId?: string;
}

/** What is in front: the app and its current screen class, and the window that has input focus. */
export interface Foreground {
  /** Package or bundle id of the app in front; empty when only a system window has focus (lock screen). */
  app: string;
  /** Its current activity or view controller, fully qualified; undefined when the platform does not say. */
  activity: string | undefined;
  /** The window that has focus when it is not the app's own: a permission prompt, an "isn't responding" dialog. */
  focusedWindow: string | undefined;
}

export interface ScreenSize {
  width: number;
  height: number;
  /** Dots per inch, when the platform reports it. */
  density: number | undefined;
}

export interface DeviceInfo {
  /** The id the driver addresses the device by (adb serial, UDID). */
  id: string;
  platform: Platform;
  osVersion: string;
  /** Android API level; undefined elsewhere. */
  apiLevel: number | undefined;
  model: string;
  manufacturer: string;
  /** Emulator, simulator or the mobiletest virtual phone. */
  virtual: boolean;
}

/** A point in the device's log, taken by mark(); logs({ since }) returns what was logged from then on. */
export interface LogMark {
  /** Device local time as the log prints it: `YYYY-MM-DD hh:mm:ss.mmm`. */
  deviceTime: string;
}

export type LogPriority = 'V' | 'D' | 'I' | 'W' | 'E' | 'F' | 'A';

export interface LogEntry {
  /** Device local time: `YYYY-MM-DD hh:mm:ss.mmm`. */
  time: string;
  pid: number;
  tid: number;
  priority: LogPriority;
  tag: string;
  /** One log call; the lines of a multi-line message (a stack trace) are joined with "\n". */
  message: string;
  /** Which log it came from; `crash` holds uncaught exceptions. */
  buffer: 'main' | 'system' | 'crash';
}

export interface LogsOptions extends CallOptions {
  /** Only entries logged at or after this mark; without it, the last `limit` entries. */
  since?: LogMark;
  /** At most this many entries, the most recent (default 2000). */
  limit?: number;
}

export interface PrepareOptions extends CallOptions {
  /** Turn off window, transition and animator animations (default true). */
  disableAnimations?: boolean;
  /** Keep the screen on while plugged in (default true). */
  stayAwake?: boolean;
  /** Runtime permissions to grant up front, by app id. */
  grantPermissions?: Record<string, PermissionRequest>;
}

/** What a device shell command printed and how it ended. */
export interface ShellOutput {
  stdout: string;
  stderr: string;
  exitCode: number;
}

/** An installed app's version, as its package manager reports it. */
export interface AppVersion {
  /** versionName (Android), CFBundleShortVersionString (iOS): what a person reads, "2.4.1". */
  name: string;
  /** versionCode (Android), CFBundleVersion as a number where it is one. */
  code?: number;
}

export interface GlanceOptions extends CallOptions {
  /** Apps whose process ids to report: a process gone or replaced hints at a crash. */
  apps?: readonly string[];
}

/** The cheap facts a look needs besides the hierarchy, read together in one device call. */
export interface Glance {
  foreground: Foreground;
  keyboardShown: boolean;
  /** The log's position now: logs({ since }) reads from here on. */
  mark: LogMark;
  /** The process id of each app asked about; undefined when it has no process. */
  pids: Record<string, number | undefined>;
  /**
   * How long before this glance the newest input event was dispatched to an app, by anyone (a tap, a
   * key, typed text); undefined when the device remembers none. Tells whether the screen was touched
   * from outside this driver since an earlier glance.
   */
  inputAgeMs: number | undefined;
}

/** The screen's pixels as the device captured them, not encoded. */
export interface RawImage {
  width: number;
  height: number;
  /** RGBA, four bytes a pixel, row after row. */
  data: Buffer;
}

export interface Driver {
  /** The id the device is addressed by (adb serial, UDID). */
  readonly id: string;
  readonly platform: Platform;
  /**
   * How many calls that can change what the screen shows (every call but those that only read it) this
   * driver has begun. A screen read while it was N is still the screen while it is N, unless the app
   * changes it on its own.
   */
  readonly changeCount: number;

  /** The raw view hierarchy of what is on screen now. */
  hierarchy(options?: CallOptions): Promise<Hierarchy>;
  /** A PNG of the screen. */
  screenshot(options?: CallOptions): Promise<Buffer>;
  /**
   * The screen's pixels, unencoded: the device skips encoding a PNG (on a phone most of a screenshot's
   * time), and the host scales and encodes them itself. For trace frames, which need not be awaited
   * before acting: a call that changes the screen made after `capture` is asked for waits until the
   * frame is taken, so the image never shows it.
   */
  capture(options?: CallOptions): Promise<RawImage>;

  tap(point: Point, options?: CallOptions): Promise<void>;
  longPress(point: Point, options?: GestureOptions): Promise<void>;
  swipe(from: Point, to: Point, options?: GestureOptions): Promise<void>;
  /** Press, hold, move and release: drag and drop. */
  drag(from: Point, to: Point, options?: GestureOptions): Promise<void>;
  /** Types text into the focused field exactly as given; "\n" presses enter. Throws UnsupportedText when the device cannot type some of it. */
  typeText(text: string, options?: CallOptions): Promise<void>;
  key(key: Key, options?: KeyOptions): Promise<void>;

  launchApp(appId: string, options?: LaunchOptions): Promise<void>;
  stopApp(appId: string, options?: CallOptions): Promise<void>;
  /** Wipes the app's data and stops it. */
  clearApp(appId: string, options?: CallOptions): Promise<void>;
  /** Opens a deep link or URL. */
  openLink(url: string, options?: OpenLinkOptions): Promise<void>;
  grantPermission(appId: string, permission: string, options?: CallOptions): Promise<void>;
  /** The installed version of an app; undefined when it is not installed. */
  appVersion(appId: string, options?: CallOptions): Promise<AppVersion | undefined>;

  foreground(options?: CallOptions): Promise<Foreground>;
  /** The foreground, the keyboard's state, the log's position and the asked apps' processes, in one call. */
  glance(options?: GlanceOptions): Promise<Glance>;
  /** A point in the device log to read from later. */
  mark(options?: CallOptions): Promise<LogMark>;
  logs(options?: LogsOptions): Promise<LogEntry[]>;
  screenSize(options?: CallOptions): Promise<ScreenSize>;
  deviceInfo(options?: CallOptions): Promise<DeviceInfo>;
  keyboardShown(options?: CallOptions): Promise<boolean>;
  /** Turns the screen upright or sideways and keeps it there (auto-rotate off). */
  setOrientation(orientation: Orientation, options?: CallOptions): Promise<void>;

  /**
   * Runs a command in the device's own shell, for a person who asked for exactly that (`mobiletest mcp
   * --allow-shell`): no primitive calls it. Absent on a platform without a device shell.
   */
  shell?(command: string, options?: CallOptions): Promise<ShellOutput>;

  /** Gets the device ready for tests: animations off, screen awake, permissions granted. */
  prepare(options?: PrepareOptions): Promise<void>;
  /** Stops watching the device and ends every call still in flight. */
  close(): Promise<void>;
}
