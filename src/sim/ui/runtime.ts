// The phone's UI: windows, focus and the soft keyboard, system dialogs, and the touches and keys
// that drive them, over the app tasks of tasks.ts. Renders lazily and caches the laid-out screen
// until an event, a timer or a setting changes it.
import type { AppLaunch, ForegroundInfo, Frame, LaunchResult, PhoneUi, ScreenSize, UiDeps } from '../types.js';
import { Composer, type Composition } from './compose.js';
import { deliverTouch, pathAt, swipeDirection, swipeTarget, tapTarget, longPressTarget, KEY, keyChar } from './input.js';
import { LAUNCHER_ACTIVITY, LAUNCHER_PACKAGE } from './launcher.js';
import { contains, type UiNode } from './node.js';
import { ProcessTable, userName, type RunningApp } from './processes.js';
import { SystemDialogs } from './system-ui.js';
import { AppTasks } from './tasks.js';
import { TextInput } from './text-input.js';
import type { UiWindow } from './windows.js';
import { isEditText } from './widget-defaults.js';
import { activeWindow, displayWindows } from './dump-windows.js';
import { dumpActiveWindow, dumpDisplayWindows } from './xml.js';

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
  private readonly apps: AppTasks;
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
      crash: (app, exception) => this.apps.crash(app, exception),
      freeze: (app) => this.dialogs.freeze(app),
      requestPermission: (app, request) => this.dialogs.requestPermission(app, request),
    });
    this.dialogs = new SystemDialogs({
      deps,
      table: this.table,
      changed: () => {
        this.dirty = true;
      },
      kill: (app) => this.apps.kill(app),
      run: (app, fn) => this.apps.run(app, fn),
      hideKeyboard: () => {
        this.text.keyboard = false;
      },
      openAppInfo: () => {
        if (this.table.records.has('com.android.settings')) this.apps.launch('com.android.settings');
      },
      foregroundPackage: () => (this.apps.screen.kind === 'app' ? this.apps.screen.pkg : undefined),
    });
    this.composer = new Composer({
      deps,
      table: this.table,
      dialogs: this.dialogs,
      changed: () => {
        this.dirty = true;
      },
      crash: (app, exception) => this.apps.crash(app, exception),
      kill: (app) => this.apps.kill(app),
      open: (pkg) => this.apps.openFromLauncher(pkg),
      closeTask: (pkg) => this.apps.closeTask(pkg),
      press: (key) => {
        this.text.press(key);
        this.dirty = true;
      },
    });
    this.text = new TextInput({ compose: () => this.compose(), run: (app, fn) => this.apps.run(app, fn) });
    this.apps = new AppTasks({
      deps,
      table: this.table,
      dialogs: this.dialogs,
      text: this.text,
      changed: () => {
        this.dirty = true;
      },
      refresh: () => this.refresh(),
    });
  }

  // ------------------------------------------------------------------ rendering

  private compose(): Composition {
    const fingerprint = this.composer.fingerprint();
    if (!this.dirty && this.cache && this.cache.fingerprint === fingerprint) return this.cache;
    this.dirty = false;
    this.xml = undefined;
    this.cache = this.composer.compose({
      fingerprint,
      screen: this.apps.screen,
      tasks: this.apps.tasks,
      keyboard: { shown: this.text.keyboard, shifted: this.text.shifted, symbols: this.text.symbols },
      focus: this.text.focus,
      setScreen: (screen) => {
        this.apps.screen = screen;
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
      ...(this.deps.platform === 'ios' ? { platform: 'ios' as const } : {}),
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

  showSystemAlert(alert: { title: string; message: string; buttons: string[] }): void {
    this.dialogs.alert(alert);
    this.refresh();
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
    if (this.apps.screen.kind === 'app') {
      const app = this.table.running.get(this.apps.screen.pkg);
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
    return this.apps.launch(pkg, launch);
  }

  openUri(uri: string): LaunchResult {
    return this.apps.openUri(uri);
  }

  forceStop(pkg: string): void {
    this.apps.forceStop(pkg);
  }

  clearData(pkg: string): boolean {
    return this.apps.clearData(pkg);
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
    const scale = this.size.density / 160;
    const touched = this.apps.run(hit.owner, () => deliverTouch(hit.path, { kind: 'tap', x, y, endX: x, endY: y, scale }));
    const target = tapTarget(hit.path);
    const widget = target?.widget;
    if (!target || !widget || !target.enabled) {
      if (touched) this.refresh();
      return;
    }
    this.apps.run(hit.owner, () => {
      if (isEditText(widget)) this.text.focusOn(hit.window.area, target.key);
      widget.onClick?.();
    });
    this.refresh();
  }

  private touchOutside(window: UiWindow): void {
    if (window.area !== 'dialog' || this.apps.screen.kind !== 'app') return;
    const app = this.table.running.get(this.apps.screen.pkg);
    if (!app?.alive || app.frozen || app.lastView?.dialogCancelable === false) return;
    this.apps.run(app, () => app.process?.back());
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
    this.apps.run(hit.owner, () => widget.onLongClick?.());
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
    const touch = { kind: 'swipe' as const, x: options.x1, y: options.y1, endX: options.x2, endY: options.y2, scale: this.size.density / 160 };
    this.apps.run(hit.owner, () => deliverTouch(hit.path, touch));
    const direction = swipeDirection(dx, dy);
    const target = swipeTarget(hit.path, direction);
    if (target.swipe) {
      const widget = target.swipe.widget;
      if (target.swipe.enabled) this.apps.run(hit.owner, () => widget?.onSwipe?.(direction));
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
        this.apps.goHome();
        break;
      case KEY.APP_SWITCH:
        this.text.clear();
        this.apps.screen = { kind: 'recents' };
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
    if (this.apps.screen.kind === 'recents') {
      this.apps.screen = { kind: 'home' };
      return;
    }
    if (this.apps.screen.kind !== 'app') return;
    const app = this.table.running.get(this.apps.screen.pkg);
    if (!app?.alive) {
      this.apps.screen = { kind: 'home' };
      return;
    }
    if (app.frozen) return;
    const handled = this.apps.run(app, () => app.process?.back() ?? false);
    // Since Android 12 the root activity of a task is moved to the back, not finished: the process stays.
    if (handled === false && app.alive) this.apps.goHome();
  }
}
