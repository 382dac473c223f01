// The phone's UI: app processes and tasks, the home screen, windows, focus and the soft keyboard,
// system dialogs, and the input that drives them. Renders lazily and caches the laid-out screen
// until an event, a timer or a setting changes it.
import type { AppLaunch, ForegroundInfo, Frame, LaunchResult, PhoneUi, ScreenSize, UiDeps } from '../types.js';
import { Composer, type Composition, type Screen } from './compose.js';
import { pathAt, swipeDirection, swipeTarget, tapTarget, longPressTarget, KEY, keyChar } from './input.js';
import { LAUNCHER_ACTIVITY, LAUNCHER_PACKAGE } from './launcher.js';
import { contains, type UiNode } from './node.js';
import { javaException, normalizeActivity, ProcessTable, safeUri, shortComponent, userName, type AppRecord, type RunningApp } from './processes.js';
import { SystemDialogs } from './system-ui.js';
import { TextInput } from './text-input.js';
import type { UiWindow } from './windows.js';
import { isEditText } from './widget-defaults.js';
import { activeWindow, displayWindows } from './dump-windows.js';
import { dumpActiveWindow, dumpDisplayWindows } from './xml.js';

const SHELL_UID = 2000;
/** Below this many dp a swipe is a tap (ViewConfiguration's touch slop). */
const TOUCH_SLOP_DP = 8;
const LONG_PRESS_MS = 500;

export function createUi(deps: UiDeps): PhoneUi {
  return new PhoneRuntime(deps);
}

class PhoneRuntime implements PhoneUi {
  readonly size: ScreenSize;
  private readonly table: ProcessTable;
  private readonly dialogs: SystemDialogs;
  private readonly composer: Composer;
  private screen: Screen = { kind: 'home' };
  /** Recent tasks, most recent last. */
  private tasks: string[] = [];
  private readonly text: TextInput;
  private dirty = true;
  private cache: Composition | undefined;
  private xml: string | undefined;

  constructor(private readonly deps: UiDeps) {
    this.size = deps.size;
    this.table = new ProcessTable(deps, {
      invalidate: () => {
        this.dirty = true;
      },
      crash: (app, exception) => this.crash(app, exception),
      freeze: (app) => this.dialogs.freeze(app),
      requestPermission: (app, request) => this.dialogs.requestPermission(app, request),
    });
    this.dialogs = new SystemDialogs({
      deps,
      table: this.table,
      changed: () => {
        this.dirty = true;
      },
      kill: (app) => this.kill(app),
      run: (app, fn) => this.run(app, fn),
      hideKeyboard: () => {
        this.text.keyboard = false;
      },
      openAppInfo: () => {
        if (this.table.records.has('com.android.settings')) this.launch('com.android.settings');
      },
      foregroundPackage: () => (this.screen.kind === 'app' ? this.screen.pkg : undefined),
    });
    this.composer = new Composer({
      deps,
      table: this.table,
      dialogs: this.dialogs,
      changed: () => {
        this.dirty = true;
      },
      crash: (app, exception) => this.crash(app, exception),
      kill: (app) => this.kill(app),
      open: (pkg) => this.openFromLauncher(pkg),
      closeTask: (pkg) => this.closeTask(pkg),
      press: (key) => {
        this.text.press(key);
        this.dirty = true;
      },
    });
    this.text = new TextInput({ compose: () => this.compose(), run: (app, fn) => this.run(app, fn) });
  }

  // ------------------------------------------------------------------ rendering

  private compose(): Composition {
    const fingerprint = this.composer.fingerprint();
    if (!this.dirty && this.cache && this.cache.fingerprint === fingerprint) return this.cache;
    this.dirty = false;
    this.xml = undefined;
    this.cache = this.composer.compose({
      fingerprint,
      screen: this.screen,
      tasks: this.tasks,
      keyboard: { shown: this.text.keyboard, shifted: this.text.shifted, symbols: this.text.symbols },
      focus: this.text.focus,
      setScreen: (screen) => {
        this.screen = screen;
      },
      setFocus: (focus, keyboard) => {
        this.text.focus = focus;
        this.text.keyboard = keyboard;
      },
    });
    return this.cache;
  }

  /** Called after every input event: the next dump shows its effect. */
  private refresh(): void {
    this.dirty = true;
    this.compose();
  }

  dumpXml(): string {
    const c = this.compose();
    this.xml ??= dumpActiveWindow(activeWindow(c.windows).root, c.rotation);
    return this.xml;
  }

  dumpWindowsXml(): string {
    const c = this.compose();
    const label = (pkg: string) => this.table.records.get(pkg)?.def.label ?? (pkg === LAUNCHER_PACKAGE ? 'Home' : pkg);
    return dumpDisplayWindows(displayWindows({ windows: c.windows, metrics: c.metrics, label }), c.rotation);
  }

  frame(): Frame {
    const c = this.compose();
    const now = new Date(this.deps.clock.now());
    return {
      size: { width: c.metrics.width, height: c.metrics.height, density: this.size.density },
      windows: c.windows,
      statusBar: {
        time: `${now.getUTCHours()}:${String(now.getUTCMinutes()).padStart(2, '0')}`,
        battery: 100,
        wifi: this.deps.settings.global.get('wifi_on') !== '0',
        notifications: 0,
      },
      orientation: c.rotation,
      darkTheme: c.dark,
      insets: { top: c.metrics.statusBar, bottom: c.metrics.navBar },
    };
  }

  setRotation(rotation: 0 | 1 | 2 | 3): void {
    this.deps.settings.system.set('user_rotation', String(rotation));
    this.refresh();
  }

  keyboardShown(): boolean {
    this.compose();
    return this.text.keyboard;
  }

  foreground(): ForegroundInfo {
    this.compose();
    const permission = this.dialogs.permissionActivity();
    if (permission) return permission;
    if (this.screen.kind === 'app') {
      const app = this.table.running.get(this.screen.pkg);
      if (app?.alive) return { package: app.record.def.package, activity: app.lastView?.activity ?? app.record.def.launchActivity };
    }
    return { package: LAUNCHER_PACKAGE, activity: LAUNCHER_ACTIVITY };
  }

  processes(): Array<{ pid: number; package: string; user: string; startedAt: number; frozen: boolean }> {
    this.compose();
    const list = [{ pid: this.table.launcherPid, package: LAUNCHER_PACKAGE, user: 'u0_a150', startedAt: this.table.bootedAt, frozen: false }];
    for (const app of this.table.running.values()) {
      list.push({ pid: app.pid, package: app.record.def.package, user: userName(app.record.uid), startedAt: app.startedAt, frozen: app.frozen });
    }
    return list.sort((a, b) => a.pid - b.pid);
  }

  // ------------------------------------------------------------------ apps and tasks

  launch(pkg: string, launch: AppLaunch = {}): LaunchResult {
    if (pkg === LAUNCHER_PACKAGE) {
      this.goHome();
      return { ok: true };
    }
    for (const app of this.table.installChanges()) this.kill(app);
    const record = this.table.records.get(pkg);
    const activity = launch.activity ? normalizeActivity(pkg, launch.activity) : (record?.def.launchActivity ?? '.MainActivity');
    const installed = this.deps.packages.get(pkg) !== undefined;
    if (!record || !installed || !(record.def.activities.includes(activity) || activity === record.def.launchActivity)) {
      return { ok: false, error: `Error: Activity class {${shortComponent(pkg, activity)}} does not exist.` };
    }
    const intent = launch.uri
      ? `act=android.intent.action.VIEW dat=${safeUri(launch.uri)} flg=0x10000000`
      : launch.activity
        ? 'flg=0x10000000'
        : 'act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000';
    this.table.system({
      priority: 'I',
      tag: 'ActivityTaskManager',
      message: `START u0 {${intent} cmp=${shortComponent(pkg, activity)}} from uid ${SHELL_UID}`,
    });
    this.open(record, launch.activity ? { ...launch, activity } : launch);
    return { ok: true };
  }

  openUri(uri: string): LaunchResult {
    const handler = this.deps.apps.find((def) => this.deps.packages.get(def.package) && def.handles?.(uri));
    if (!handler) {
      return {
        ok: false,
        error: `Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=${safeUri(uri)} flg=0x10000000 }`,
      };
    }
    return this.launch(handler.package, { uri });
  }

  private openFromLauncher(pkg: string): void {
    const record = this.table.records.get(pkg);
    if (!record) return;
    this.table.system({
      priority: 'I',
      tag: 'ActivityTaskManager',
      message: `START u0 {act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000 cmp=${shortComponent(pkg, record.def.launchActivity)}} from uid 10150`,
    });
    this.open(record, {});
  }

  /** Brings the app's task to the front, starting its process if needed. */
  private open(record: AppRecord, launch: AppLaunch): void {
    const pkg = record.def.package;
    let app = this.table.running.get(pkg);
    if (app?.alive) {
      const running = app;
      if (launch.activity || launch.uri) this.run(running, () => running.process?.intent?.(launch));
    } else {
      app = this.table.start(record, launch, 'next-top-activity');
    }
    if (!app.alive) {
      this.refresh();
      return;
    }
    if (this.screen.kind !== 'app' || this.screen.pkg !== pkg) this.clearFocus();
    this.screen = { kind: 'app', pkg };
    this.tasks = [...this.tasks.filter((t) => t !== pkg), pkg];
    this.refresh();
  }

  forceStop(pkg: string): void {
    const record = this.table.records.get(pkg);
    if (record)
      this.table.system({
        priority: 'I',
        tag: 'ActivityManager',
        message: `Force stopping ${pkg} appid=${record.uid} user=0: from pid ${this.table.allocatePid()}`,
      });
    const app = this.table.running.get(pkg);
    if (app) this.kill(app);
    this.tasks = this.tasks.filter((t) => t !== pkg);
    this.refresh();
  }

  clearData(pkg: string): boolean {
    const installed = this.deps.packages.get(pkg);
    if (!installed) return false;
    const app = this.table.running.get(pkg);
    if (app) this.kill(app);
    this.tasks = this.tasks.filter((t) => t !== pkg);
    const record = this.table.records.get(pkg);
    if (record) this.table.clear(record);
    for (const permission of [...installed.granted]) this.deps.packages.revoke(pkg, permission);
    this.refresh();
    return true;
  }

  private closeTask(pkg: string): void {
    const app = this.table.running.get(pkg);
    if (app) this.kill(app);
    this.tasks = this.tasks.filter((t) => t !== pkg);
    this.dirty = true;
  }

  private kill(app: RunningApp): void {
    const pkg = app.record.def.package;
    this.table.kill(app);
    this.dialogs.forget(pkg);
    if (this.screen.kind === 'app' && this.screen.pkg === pkg) {
      this.screen = { kind: 'home' };
      this.clearFocus();
    }
    this.dirty = true;
  }

  private crash(app: RunningApp, exception: string): void {
    if (!app.alive) return;
    const activity = app.lastView?.activity ?? app.record.def.launchActivity;
    this.dialogs.crashed(app, exception, activity);
    this.table.system({ priority: 'W', tag: 'ActivityTaskManager', message: `  Force finishing activity ${shortComponent(app.record.def.package, activity)}` });
    this.kill(app);
    this.tasks = this.tasks.filter((t) => t !== app.record.def.package);
  }

  /** Runs app code; an exception it throws crashes the app as an uncaught exception would. */
  private run<T>(app: RunningApp | undefined, fn: () => T): T | undefined {
    if (!app) return fn();
    if (!app.alive) return undefined;
    try {
      return fn();
    } catch (error) {
      this.crash(app, javaException(error));
      return undefined;
    }
  }

  private goHome(): void {
    this.clearFocus();
    this.screen = { kind: 'home' };
    this.refresh();
  }

  private clearFocus(): void {
    this.text.clear();
  }

  // ------------------------------------------------------------------ touch

  /** The window a finger lands in, topmost first; a modal window swallows touches outside it. */
  private hit(x: number, y: number): { window: UiWindow; path: UiNode[]; owner: RunningApp | undefined } | { outside: UiWindow } | undefined {
    const c = this.compose();
    for (let i = c.windows.length - 1; i >= 0; i--) {
      const window = c.windows[i];
      if (!window || window.kind === 'toast') continue;
      if (contains(window.root.bounds, x, y)) return { window, path: pathAt(window.root, x, y), owner: c.owners.get(window) };
      if (window.scrim) return { outside: window };
    }
    return undefined;
  }

  tap(x: number, y: number): void {
    const hit = this.hit(x, y);
    if (!hit) return;
    if ('outside' in hit) {
      this.touchOutside(hit.outside);
      this.refresh();
      return;
    }
    if (hit.owner?.frozen) return;
    const target = tapTarget(hit.path);
    const widget = target?.widget;
    if (!target || !widget || !target.enabled) return;
    this.run(hit.owner, () => {
      if (isEditText(widget)) this.text.focusOn(hit.window.area, target.key);
      widget.onClick?.();
    });
    this.refresh();
  }

  private touchOutside(window: UiWindow): void {
    if (window.area !== 'dialog' || this.screen.kind !== 'app') return;
    const app = this.table.running.get(this.screen.pkg);
    if (!app?.alive || app.frozen || app.lastView?.dialogCancelable === false) return;
    this.run(app, () => app.process?.back());
  }

  longPress(x: number, y: number, durationMs: number): void {
    if (durationMs < LONG_PRESS_MS) {
      this.tap(x, y);
      return;
    }
    const hit = this.hit(x, y);
    if (!hit || 'outside' in hit || hit.owner?.frozen) return;
    const target = longPressTarget(hit.path);
    const widget = target?.widget;
    if (!target || !widget || !target.enabled || !target.longClickable) return;
    this.run(hit.owner, () => widget.onLongClick?.());
    this.refresh();
  }

  swipe(options: { x1: number; y1: number; x2: number; y2: number; durationMs: number }): void {
    const dx = options.x2 - options.x1;
    const dy = options.y2 - options.y1;
    if (Math.hypot(dx, dy) < TOUCH_SLOP_DP * (this.size.density / 160)) {
      if (options.durationMs >= LONG_PRESS_MS) this.longPress(options.x1, options.y1, options.durationMs);
      else this.tap(options.x1, options.y1);
      return;
    }
    const hit = this.hit(options.x1, options.y1);
    if (!hit || 'outside' in hit || hit.owner?.frozen) return;
    const direction = swipeDirection(dx, dy);
    const target = swipeTarget(hit.path, direction);
    if (target.swipe) {
      const widget = target.swipe.widget;
      if (target.swipe.enabled) this.run(hit.owner, () => widget?.onSwipe?.(direction));
    } else if (target.scroll?.scroll) {
      const state = target.scroll.scroll;
      const delta = state.axis === 'vertical' ? -dy : -dx;
      const offset = Math.min(state.max, Math.max(0, state.offset + delta));
      this.composer.storeScroll(hit.window, state.key, offset);
    }
    this.refresh();
  }

  drag(options: { x1: number; y1: number; x2: number; y2: number; durationMs: number }): void {
    this.swipe(options);
  }

  // ------------------------------------------------------------------ keys and text

  typeText(text: string): void {
    this.text.type(text);
    this.refresh();
  }

  keyEvent(code: number): void {
    switch (code) {
      case KEY.BACK:
      case KEY.ESCAPE:
        this.back();
        break;
      case KEY.HOME:
        this.goHome();
        break;
      case KEY.APP_SWITCH:
        this.text.clear();
        this.screen = { kind: 'recents' };
        break;
      case KEY.ENTER:
      case KEY.NUMPAD_ENTER:
      case KEY.SEARCH:
        this.text.submit();
        break;
      case KEY.DEL:
        this.text.deleteBackward();
        break;
      case KEY.TAB:
        this.text.moveFocus(true);
        break;
      default: {
        const char = keyChar(code);
        if (char !== undefined) this.text.type(char);
      }
    }
    this.refresh();
  }

  private back(): void {
    if (this.dialogs.back()) return;
    if (this.text.keyboard) {
      this.text.keyboard = false;
      return;
    }
    if (this.screen.kind === 'recents') {
      this.screen = { kind: 'home' };
      return;
    }
    if (this.screen.kind !== 'app') return;
    const app = this.table.running.get(this.screen.pkg);
    if (!app?.alive) {
      this.screen = { kind: 'home' };
      return;
    }
    if (app.frozen) return;
    const handled = this.run(app, () => app.process?.back() ?? false);
    // Since Android 12 the root activity of a task is moved to the back, not finished: the process stays.
    if (handled === false && app.alive) this.goHome();
  }
}
