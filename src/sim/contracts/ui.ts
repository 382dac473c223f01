// The phone's UI as the shell sees it. Coordinates are pixels.
import type { AppDefinition, AppLaunch } from './app.js';
import type { Phone } from './device.js';
import type { Frame, Platform, ScreenSize } from './screen.js';

export interface ForegroundInfo {
  package: string;
  activity: string;
}

export interface LaunchResult {
  ok: boolean;
  /** Android's message when not ok, e.g. 'Error: Activity class {com.x/.Y} does not exist.' */
  error?: string;
}

export interface PhoneUi {
  /** The physical (portrait) screen, as `wm size` reports it; frame().size is turned with the rotation. */
  readonly size: ScreenSize;
  /** A plain `uiautomator dump`: the active window (a dialog when one is up, else the app), XML exactly as a device writes it. */
  dumpXml(): string;
  /** `uiautomator dump --windows`: every interactive window, keyboard and system bars included. */
  dumpWindowsXml(): string;
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
  /** Running processes; `frozen` while an app's main thread is blocked (it draws and answers nothing). */
  processes(): Array<{ pid: number; package: string; user: string; startedAt: number; frozen: boolean }>;
  /** 0..3 quarter turns, as `settings put system user_rotation`. */
  setRotation(rotation: 0 | 1 | 2 | 3): void;
  /** A system alert over whatever is in front (an iPhone's SpringBoard alert); each button closes it. */
  showSystemAlert?(alert: { title: string; message: string; buttons: string[] }): void;
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
  /** The activity an installed app's MAIN/LAUNCHER intent resolves to ('.MainActivity'); none for a package without one. */
  launchActivity(name: string): string | undefined;
  /** Install an APK file from the device filesystem; apps unknown to the phone install as inert packages. */
  install(apk: Buffer, options?: { name?: string }): { ok: true; name: string } | { ok: false; error: string };
  uninstall(name: string): boolean;
  grant(pkg: string, permission: string): string | undefined;
  revoke(pkg: string, permission: string): string | undefined;
}

/** What the UI runtime is built from: the phone's other parts, the screen and the installed apps. */
export type UiDeps = Omit<Phone, 'ui' | 'screenshotPng' | 'timing'> & {
  size: ScreenSize;
  apps: AppDefinition[];
  /** 'ios': SpringBoard's permission alert, no crash dialog, the iPhone's bars and keyboard. Default 'android'. */
  platform?: Platform;
  /**
   * Whether an app's data was wiped outside the phone since it last ran (an iOS simulator's data
   * container emptied by a test tool); asked as each app process starts, which then starts with no data.
   */
  dataWiped?: (pkg: string) => boolean;
  /** Phone-clock delays: ANR dialog after a freeze (default 2000 ms; 5000 on a real phone) and toast duration (default 2000 ms). */
  timings?: { anrDelayMs?: number; toastMs?: number };
};
