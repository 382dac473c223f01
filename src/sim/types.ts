// The contracts between the parts of the virtual phone: ADB transport, shell, UI runtime,
// renderer and sample apps. Each part depends on these types, never on another part's files.
import type { Duplex } from 'node:stream';

// ---------------------------------------------------------------------------------------------
// Sample apps: a declarative description, re-rendered from state after every event.

/** One element of an app screen before layout. Sizes are in dp; the runtime converts to pixels. */
export interface Widget {
  /** Android class that uiautomator reports, e.g. 'android.widget.Button', 'android.view.View'. */
  cls: string;
  /**
   * resource-id without the package ('login' becomes 'com.example.shop:id/login'); absent in Compose-style apps.
   * An id that already names a package ('android:id/title') is dumped as it is.
   */
  id?: string;
  /** Identity for focus, scroll offset and events across re-renders; defaults to id, then to the tree path. */
  key?: string;
  text?: string;
  /** content-desc. */
  desc?: string;
  /** EditText hint, dumped as text while the field is empty (as Android does). */
  hint?: string;

  /** How children are placed: 'column' (default), 'row', or 'stack' (on top of each other). */
  layout?: 'column' | 'row' | 'stack';
  /**
   * dp, or 'fill' the parent (default for width), or 'wrap' the content (default for height).
   * Along a row's axis (width) or a column's axis (height), 'fill' children share the space the
   * other children leave, like weight 1; a number with a weight is the base size the share is added to.
   */
  width?: number | 'fill' | 'wrap';
  height?: number | 'fill' | 'wrap';
  /** Share of the parent's remaining space along its layout axis (like LinearLayout weight). */
  weight?: number;
  padding?: number | { top?: number; right?: number; bottom?: number; left?: number };
  /** Space between children, dp. */
  gap?: number;
  /** Cross-axis alignment of this widget within its parent. */
  align?: 'start' | 'center' | 'end';
  /** Only for layout 'stack': where this child sits inside the parent. */
  gravity?: 'top' | 'center' | 'bottom';

  clickable?: boolean;
  longClickable?: boolean;
  checkable?: boolean;
  checked?: boolean;
  /** Default true. A disabled widget ignores input and is drawn greyed out. */
  enabled?: boolean;
  focusable?: boolean;
  selected?: boolean;
  password?: boolean;
  /** EditText: take focus and show the keyboard when its screen or dialog appears (requestFocus + SHOW_IMPLICIT). */
  autofocus?: boolean;
  /**
   * EditText: ENTER inserts a new line (inputType textMultiLine). Otherwise ENTER runs onSubmit, or
   * moves to the next field, or closes the keyboard on the last one (IME actions next/done).
   */
  multiline?: boolean;
  /** Scroll container: children beyond the viewport are laid out but not dumped or drawn. */
  scrollable?: 'vertical' | 'horizontal';
  /** Hidden widgets take no space and are not dumped (View.GONE). */
  visible?: boolean;

  style?: WidgetStyle;

  onClick?: () => void;
  onLongClick?: () => void;
  /** EditText: the new full value after typing or deleting. */
  onText?: (value: string) => void;
  /** IME action (enter/search key) while this field has focus. */
  onSubmit?: () => void;
  /** A swipe that started on this widget (for swipe-to-delete rows). */
  onSwipe?: (direction: 'left' | 'right' | 'up' | 'down') => void;

  children?: Widget[];
}

export interface WidgetStyle {
  /** CSS colours, e.g. '#6200ee'. */
  background?: string;
  color?: string;
  /** sp. */
  fontSize?: number;
  bold?: boolean;
  /** Corner radius, dp. */
  radius?: number;
  border?: string;
  /** A named glyph drawn in the widget's box (icon buttons, images). */
  icon?: IconName;
}

export type IconName =
  | 'back' | 'search' | 'cart' | 'menu' | 'more' | 'add' | 'delete' | 'close' | 'check'
  | 'star' | 'settings' | 'wifi' | 'bluetooth' | 'moon' | 'info' | 'bell' | 'user' | 'edit'
  | 'pin' | 'share' | 'image' | 'lock' | 'chevron' | 'spinner';

/** A screen of a running app, from its render function. */
export interface AppView {
  /** Activity class name relative to the package, e.g. '.LoginActivity'. */
  activity: string;
  root: Widget;
  /**
   * An in-app dialog, drawn over a scrim in its own window. A 'fill' root is as wide as the screen
   * less 24 dp margins; the root's gravity/align place it (centred by default, gravity 'top' + align
   * 'end' for an overflow menu).
   */
  dialog?: Widget;
  /**
   * Transient message shown at the bottom; lasts for the runtime's toast duration (about 2 s of
   * phone clock). A toast starts when this value changes; to show the same text again, clear it first.
   */
  toast?: string;
  /** Whether a tap outside the dialog closes it (through back()), as Dialog.setCanceledOnTouchOutside. Default true. */
  dialogCancelable?: boolean;
  /** Snackbar (part of the app window, e.g. "Note deleted · UNDO"). */
  snackbar?: Widget;
}

/** What an app can ask of the phone. */
export interface AppContext {
  readonly clock: Clock;
  readonly random: Random;
  log(priority: LogPriority, tag: string, message: string): void;
  /** Re-render after state changed outside an event handler (timers). */
  invalidate(): void;
  /** Throw inside the app process: "<App> keeps stopping" dialog, FATAL EXCEPTION in logcat, process gone. */
  crash(exception: string): void;
  /** Stop responding: input is ignored and the ANR dialog appears after the ANR delay. */
  freeze(): void;
  /** Whether a runtime permission is granted to this app. */
  hasPermission(permission: string): boolean;
  /**
   * Ask the user for a permission through the system dialog of com.google.android.permissioncontroller.
   * label says what the permission allows, as the dialog phrases it ('send you notifications'):
   * "Allow <App> to send you notifications?". No dialog when already granted. onResult runs once
   * the user answers (true = Allow), after the grant is recorded.
   */
  requestPermission(permission: string, label: string, onResult?: (granted: boolean) => void): void;
  /** How many times this app process was started since install or clear-data (first launch = 1). */
  readonly launchCount: number;
  /** App-private persistent storage that survives force-stop but not `pm clear`. */
  readonly storage: Map<string, unknown>;
  /**
   * The phone's identity, settings and properties, for system apps such as Settings (read them at
   * render time: the shell may change a setting between two renders).
   */
  readonly phone?: Pick<Phone, 'info' | 'settings' | 'props'>;
}

/** An installed app: how to create a fresh process and what the package manager knows of it. */
export interface AppDefinition {
  package: string;
  label: string;
  versionName: string;
  versionCode: number;
  launchActivity: string;
  /** Activities that `am start -n` accepts, relative to the package ('.MainActivity'). */
  activities: string[];
  /** Runtime permissions the app declares ('android.permission.POST_NOTIFICATIONS'). */
  permissions: string[];
  /** Whether a VIEW intent for this URI opens this app (`am start -a android.intent.action.VIEW -d URI`). */
  handles?: (uri: string) => boolean;
  /** Create a process. Called on launch after the app was stopped or its data cleared. */
  start(ctx: AppContext, launch: AppLaunch): AppProcess;
}

export interface AppLaunch {
  activity?: string;
  /** Deep link for `am start -a android.intent.action.VIEW -d URI`. */
  uri?: string;
}

export interface AppProcess {
  view(): AppView;
  /** Back key. Return true if handled (closed a dialog, popped a screen); false lets the system finish the activity. */
  back(): boolean;
  /** A later intent delivered to the running process (deep link while running). */
  intent?(launch: AppLaunch): void;
}

// ---------------------------------------------------------------------------------------------
// After layout: what uiautomator dumps and the renderer draws.

export interface Bounds { left: number; top: number; right: number; bottom: number }

export interface LaidOutNode {
  cls: string;
  /** Full resource-id ('com.example.shop:id/login') or ''. */
  resourceId: string;
  package: string;
  text: string;
  contentDesc: string;
  checkable: boolean;
  checked: boolean;
  clickable: boolean;
  enabled: boolean;
  focusable: boolean;
  focused: boolean;
  scrollable: boolean;
  longClickable: boolean;
  password: boolean;
  selected: boolean;
  /** Pixels, clipped to the visible part of the window. */
  bounds: Bounds;
  /** Pixels before clipping (a row half scrolled away); the renderer lays content out in it and clips to bounds. Not dumped. */
  frame?: Bounds;
  /** True when the text shown is the EditText hint. */
  showingHint?: boolean;
  /** Space between the bounds and the content (text, icon), px; absent when none. Not dumped. */
  padding?: { top: number; right: number; bottom: number; left: number };
  style?: WidgetStyle;
  children: LaidOutNode[];
}

/** One window on screen. A dump lists windows topmost first. */
export interface LaidOutWindow {
  kind: 'app' | 'dialog' | 'system-dialog' | 'keyboard' | 'toast';
  package: string;
  root: LaidOutNode;
  /** Dim what is beneath (dialogs). */
  scrim?: boolean;
}

export interface ScreenSize { width: number; height: number; density: number }

/** Everything the renderer needs to draw one frame. */
export interface Frame {
  size: ScreenSize;
  /** Bottom to top. */
  windows: LaidOutWindow[];
  statusBar: { time: string; battery: number; wifi: boolean; notifications: number };
  orientation: 0 | 1 | 2 | 3;
  darkTheme: boolean;
  /** Pixel heights of the status bar (top) and the navigation bar (bottom) that the system draws over the app window. */
  insets?: { top: number; bottom: number };
}

// ---------------------------------------------------------------------------------------------
// The phone's UI as the shell sees it. Coordinates are pixels.

export interface ForegroundInfo { package: string; activity: string }

export interface LaunchResult {
  ok: boolean;
  /** Android's message when not ok, e.g. 'Error: Activity class {com.x/.Y} does not exist.' */
  error?: string;
}

export interface PhoneUi {
  /** The physical (portrait) screen, as `wm size` reports it; frame().size is turned with the rotation. */
  readonly size: ScreenSize;
  /** The uiautomator dump of the current screen, XML exactly as a device writes it. */
  dumpXml(): string;
  /** The current frame as it would be drawn (for the renderer). */
  frame(): Frame;
  tap(x: number, y: number): void;
  longPress(x: number, y: number, durationMs: number): void;
  swipe(options: { x1: number; y1: number; x2: number; y2: number; durationMs: number }): void;
  drag(options: { x1: number; y1: number; x2: number; y2: number; durationMs: number }): void;
  /** Text already decoded from `input text` escaping, inserted at the focused field. */
  typeText(text: string): void;
  /** Android key code (KEYCODE_BACK = 4, KEYCODE_ENTER = 66, KEYCODE_DEL = 67, ...). */
  keyEvent(code: number, options?: { longPress?: boolean }): void;
  launch(pkg: string, launch?: AppLaunch): LaunchResult;
  /** `am start -a android.intent.action.VIEW -d URI`: the app that handles the URI, or an error. */
  openUri(uri: string): LaunchResult;
  forceStop(pkg: string): void;
  clearData(pkg: string): boolean;
  foreground(): ForegroundInfo;
  keyboardShown(): boolean;
  processes(): Array<{ pid: number; package: string; user: string; startedAt: number }>;
  /** 0..3 quarter turns, as `settings put system user_rotation`. */
  setRotation(rotation: 0 | 1 | 2 | 3): void;
}

export interface InstalledPackage {
  name: string;
  /** Path of the APK on the device, as `pm path` prints it. */
  apkPath: string;
  versionName: string;
  versionCode: number;
  system: boolean;
  granted: Set<string>;
  declared: string[];
}

export interface PackageManager {
  list(): InstalledPackage[];
  get(name: string): InstalledPackage | undefined;
  /** Install an APK file from the device filesystem; apps unknown to the phone install as inert packages. */
  install(apk: Buffer, options?: { name?: string }): { ok: true; name: string } | { ok: false; error: string };
  uninstall(name: string): boolean;
  grant(pkg: string, permission: string): string | undefined;
  revoke(pkg: string, permission: string): string | undefined;
}

// ---------------------------------------------------------------------------------------------
// Shared services of the phone.

export type LogPriority = 'V' | 'D' | 'I' | 'W' | 'E' | 'F';
export type LogBuffer = 'main' | 'system' | 'crash' | 'events';

export interface LogEntry {
  time: number;
  pid: number;
  tid: number;
  priority: LogPriority;
  tag: string;
  message: string;
  buffer: LogBuffer;
}

export interface Logcat {
  append(entry: Omit<LogEntry, 'time'> & { time?: number }): void;
  entries(options?: { buffers?: LogBuffer[]; since?: number }): LogEntry[];
  clear(buffers?: LogBuffer[]): void;
  /** Called for every new entry until the returned function is called. */
  follow(listener: (entry: LogEntry) => void): () => void;
}

/** Wall clock and timers. Frozen clocks move only through advance(). */
export interface Clock {
  now(): number;
  setTimeout(callback: () => void, ms: number): () => void;
  frozen: boolean;
  advance(ms: number): void;
}

/** Seeded pseudo-random numbers. */
export interface Random {
  next(): number;
  int(minInclusive: number, maxExclusive: number): number;
}

export interface FileStat { mode: number; size: number; mtime: number; type: 'file' | 'dir' }

/** The device filesystem, sandboxed to a few writable roots. Errors are Android's errno names. */
export interface VirtualFs {
  stat(path: string): FileStat | undefined;
  list(path: string): Array<{ name: string; stat: FileStat }> | undefined;
  read(path: string): Buffer | undefined;
  write(path: string, data: Buffer, options?: { mode?: number; mtime?: number }): FsResult;
  mkdir(path: string, options?: { parents?: boolean }): FsResult;
  remove(path: string, options?: { recursive?: boolean }): FsResult;
}

/** undefined on success, else the error Android prints: 'EACCES', 'ENOENT', 'EISDIR', 'ENOTDIR', 'EEXIST', 'EROFS', 'ENOTEMPTY', 'ENOSPC'. */
export type FsResult = undefined | 'EACCES' | 'ENOENT' | 'EISDIR' | 'ENOTDIR' | 'EEXIST' | 'EROFS' | 'ENOTEMPTY' | 'ENOSPC';

/** Faults injected for reliability tests; each can be switched per phone at run time. */
export interface FaultSettings {
  /** Added to every service request before it answers, ms. */
  latencyMs: number;
  /** The next N `uiautomator dump` calls fail with 'ERROR: could not get idle state.' */
  idleStateErrors: number;
  /** The next N `screencap` calls fail. */
  screencapFailures: number;
  /** Drop the connection after this many more services are opened on it (0 = never). */
  dropAfterCommands: number;
}

export interface Faults extends FaultSettings {
  set(settings: Partial<FaultSettings>): void;
  /** Take the device offline: connections close and reconnects are refused until back online. */
  goOffline(durationMs?: number): void;
  goOnline(): void;
  readonly offline: boolean;
  /** Consume one unit of a counted fault; true if the fault fires now. */
  take(fault: 'idleStateErrors' | 'screencapFailures'): boolean;
  onChange(listener: () => void): () => void;
}

/** Identity and system state of a phone. */
export interface DeviceInfo {
  serial: string;
  model: string;
  manufacturer: string;
  device: string;
  product: string;
  sdk: number;
  release: string;
}

/** The whole phone as its services see it. */
export interface Phone {
  readonly info: DeviceInfo;
  readonly ui: PhoneUi;
  readonly fs: VirtualFs;
  readonly packages: PackageManager;
  readonly logcat: Logcat;
  readonly clock: Clock;
  readonly random: Random;
  readonly faults: Faults;
  /** getprop / setprop. */
  readonly props: Map<string, string>;
  /** settings namespaces: 'global', 'system', 'secure'. */
  readonly settings: Record<'global' | 'system' | 'secure', Map<string, string>>;
  /** PNG of the current screen. Rejects with an Error when a screencap fault fires. */
  screenshotPng(): Promise<Buffer>;
}

// ---------------------------------------------------------------------------------------------
// Shell and services.

export interface ShellIO {
  stdout(chunk: Buffer | string): void;
  stderr(chunk: Buffer | string): void;
  /** Bytes the host sends to the command (for `cat > file`, interactive shells). */
  stdin?: AsyncIterable<Buffer>;
  /** Aborted when the host closes the stream (ends `logcat` without -d, `sleep`). */
  signal: AbortSignal;
}

/** Runs one command line as /system/bin/sh -c would and resolves with its exit code. */
export type ShellRunner = (phone: Phone, commandLine: string, io: ShellIO) => Promise<number>;

/** An interactive shell: variables, working directory and `$?` carry from one line to the next. */
export interface ShellSession { run(commandLine: string, io: ShellIO): Promise<number> }

/** The phone's shell as the ADB services use it: one-shot commands and interactive sessions. */
export interface PhoneShell {
  run: ShellRunner;
  session(phone: Phone): ShellSession;
}

/**
 * An opened ADB service stream: readable side carries bytes from the host, writable side
 * carries bytes to the host; end() closes the stream from the device side.
 */
export type ServiceStream = Duplex;

/** Opens a service by its ADB name ('shell,v2,raw:ls', 'sync:', 'exec:cat x'). */
export interface ServiceHost {
  /**
   * The handler for a service name, or undefined when the service is unknown (the caller then
   * closes the stream, as adbd does, or answers FAIL, as the adb server does). The caller
   * acknowledges the open before it runs the handler, so a handler may write at once.
   */
  resolve(name: string): ((stream: ServiceStream) => void) | undefined;
  /** The features string advertised in CNXN and `host:features`. */
  readonly features: string[];
}

/** What the UI runtime is built from: the phone's other parts, the screen and the installed apps. */
export type UiDeps = Omit<Phone, 'ui' | 'screenshotPng'> & {
  size: ScreenSize;
  apps: AppDefinition[];
  /** Phone-clock delays: ANR dialog after a freeze (default 2000 ms; 5000 on a real phone) and toast duration (default 2000 ms). */
  timings?: { anrDelayMs?: number; toastMs?: number };
};
