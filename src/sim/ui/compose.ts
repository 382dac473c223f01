// Builds the screen from the phone's state: the foreground app's view (or the launcher), its
// dialog, the keyboard, a toast and system dialogs, laid out as windows bottom to top.
import type { AppView, UiDeps, Widget } from '../types.js';
import { keyboardWidget, KEYBOARD_PACKAGE, type KeyPress } from './keyboard.js';
import { iosKeyboardWidget } from './ios-keyboard.js';
import { iosLook } from './ios-look.js';
import { homeWidget, LAUNCHER_PACKAGE, recentsWidget } from './launcher.js';
import { findNode } from './node.js';
import { shortComponent, type ProcessTable, type RunningApp } from './processes.js';
import type { SystemDialogs } from './system-ui.js';
import { systemPalette, type SystemPalette } from './theme.js';
import { isEditText } from './widget-defaults.js';
import { activityWindow, dialogWindow, keyboardWindow, metricsFor, popupWindow, toastWindow, type Metrics, type UiWindow, type WindowArea } from './windows.js';

export type Screen = { kind: 'home' } | { kind: 'recents' } | { kind: 'app'; pkg: string };

export interface Focus {
  area: WindowArea;
  key: string;
}

export interface Composition {
  fingerprint: string;
  metrics: Metrics;
  rotation: 0 | 1 | 2 | 3;
  dark: boolean;
  /** Bottom to top. */
  windows: UiWindow[];
  /** The app whose code handles input to a window (none for system windows). */
  owners: Map<UiWindow, RunningApp | undefined>;
}

export interface ComposeState {
  fingerprint: string;
  screen: Screen;
  tasks: readonly string[];
  keyboard: { shown: boolean; shifted: boolean; symbols: boolean };
  focus: Focus | undefined;
  setScreen(screen: Screen): void;
  setFocus(focus: Focus | undefined, keyboard: boolean): void;
}

const DEFAULT_TOAST_MS = 2000;

/** The first visible EditText marked autofocus, keyed as the layout keys it. */
function autofocusKey(root: Widget | undefined, area: 'app' | 'dialog'): Focus | undefined {
  const visit = (w: Widget, path: string): Focus | undefined => {
    if (w.autofocus && isEditText(w)) return { area, key: w.key ?? w.id ?? path };
    for (const [i, child] of (w.children ?? []).entries()) {
      if (child.visible === false) continue;
      const found = visit(child, `${path}/${i}`);
      if (found) return found;
    }
    return undefined;
  };
  return root && root.visible !== false ? visit(root, area) : undefined;
}

export class Composer {
  private toast: { pkg: string; text: string; until: number } | undefined;
  private readonly systemScroll = new Map<string, number>();
  private last: Composition | undefined;

  constructor(
    private readonly o: {
      deps: UiDeps;
      table: ProcessTable;
      dialogs: SystemDialogs;
      changed: () => void;
      crash: (app: RunningApp, exception: string) => void;
      kill: (app: RunningApp) => void;
      open: (pkg: string) => void;
      closeTask: (pkg: string) => void;
      press: (key: KeyPress) => void;
    },
  ) {}

  /** Everything outside the runtime that changes the screen: settings and installed packages. */
  fingerprint(): string {
    const { settings, packages } = this.o.deps;
    let print = '';
    for (const ns of [settings.global, settings.system, settings.secure]) {
      for (const [key, value] of ns) print += `${key}=${value};`;
      print += '|';
    }
    for (const pkg of packages.list()) {
      print += pkg.name;
      for (const permission of pkg.granted) print += `,${permission}`;
      print += ';';
    }
    return print;
  }

  rotation(): 0 | 1 | 2 | 3 {
    const value = Number(this.o.deps.settings.system.get('user_rotation') ?? 0);
    return value === 1 || value === 2 || value === 3 ? value : 0;
  }

  storeScroll(window: UiWindow, key: string, offset: number): void {
    const owner = this.last?.owners.get(window);
    if (owner) owner.scroll.set(`${owner.lastView?.activity ?? ''}|${key}`, offset);
    else this.systemScroll.set(`${window.area}|${key}`, offset);
  }

  compose(state: ComposeState): Composition {
    const { deps, table } = this.o;
    for (const app of table.installChanges()) this.o.kill(app);
    const rotation = this.rotation();
    const metrics = metricsFor(deps.size, rotation, deps.platform);
    const dark = deps.settings.secure.get('ui_night_mode') === '2';
    const palette = systemPalette(dark);
    if (this.toast && deps.clock.now() >= this.toast.until) this.toast = undefined;

    let app: RunningApp | undefined;
    let view: AppView | undefined;
    if (state.screen.kind === 'app') {
      app = table.running.get(state.screen.pkg);
      view = app?.alive ? this.viewOf(app) : undefined;
      if (!app?.alive || !view) {
        app = undefined;
        view = undefined;
        state.setScreen({ kind: 'home' });
      }
    }
    let focus = state.focus;
    let keyboard = state.keyboard.shown;
    if (app && view) {
      const changed = this.noticeActivity(app, view);
      if (changed && focus?.area !== 'system') focus = undefined;
      const dialogShown = view.dialog !== undefined && view.dialog.visible !== false;
      const autofocus = dialogShown && !app.dialogShown ? autofocusKey(view.dialog, 'dialog') : changed ? autofocusKey(view.root, 'app') : undefined;
      app.dialogShown = dialogShown;
      if (autofocus) {
        focus = autofocus;
        keyboard = true;
      }
      this.noticeToast(app, view);
    }
    if (focus?.area === 'dialog' && !view?.dialog) focus = undefined;
    if (focus?.area === 'app' && (!app || view?.dialog)) focus = undefined;
    if (this.o.dialogs.top()) keyboard = false;

    let windows: UiWindow[] = [];
    const owners = new Map<UiWindow, RunningApp | undefined>();
    for (let pass = 0; pass < 2; pass++) {
      if (!focus) keyboard = false;
      owners.clear();
      windows = this.build({ state, app, view, focus, keyboard, metrics, palette, owners });
      const wanted = focus;
      if (wanted && !windows.some((w) => w.area === wanted.area && w.keys.has(wanted.key))) {
        focus = undefined;
        continue;
      }
      break;
    }
    state.setFocus(focus, keyboard);
    this.last = { fingerprint: state.fingerprint, metrics, rotation, dark, windows, owners };
    return this.last;
  }

  /** The app's current screen; a frozen app shows its last one, a throwing render crashes it. */
  private viewOf(app: RunningApp): AppView | undefined {
    if (app.frozen && app.lastView) return app.lastView;
    const process = app.process;
    if (!process) return undefined;
    try {
      const view = process.view();
      if (!app.alive) return undefined;
      app.lastView = view;
      return view;
    } catch (error) {
      this.o.crash(app, `java.lang.RuntimeException: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  /** Logs a newly shown activity as ActivityTaskManager does; true when the activity changed. */
  private noticeActivity(app: RunningApp, view: AppView): boolean {
    const { table, deps } = this.o;
    const shown = app.activities;
    const last = shown[shown.length - 1];
    if (last === view.activity) return false;
    const pkg = app.record.def.package;
    const component = shortComponent(pkg, view.activity);
    if (shown.length >= 2 && shown[shown.length - 2] === view.activity) {
      shown.pop();
    } else {
      if (last !== undefined) table.system({ priority: 'I', tag: 'ActivityTaskManager', message: `START u0 {cmp=${component}} from uid ${app.record.uid}` });
      shown.push(view.activity);
      const user = deps.info.sdk >= 34 ? ' for user 0' : '';
      table.system({ priority: 'I', tag: 'ActivityTaskManager', message: `Displayed ${component}${user}: +${deps.random.int(180, 650)}ms` });
    }
    return true;
  }

  /** A toast starts when the app's toast text changes and lasts the toast duration. */
  private noticeToast(app: RunningApp, view: AppView): void {
    if (view.toast === app.lastToast) return;
    app.lastToast = view.toast;
    if (!view.toast) return;
    const ms = this.o.deps.timings?.toastMs ?? DEFAULT_TOAST_MS;
    this.toast = { pkg: app.record.def.package, text: view.toast, until: this.o.deps.clock.now() + ms };
    this.o.deps.clock.setTimeout(() => this.o.changed(), ms);
  }

  private build(b: {
    state: ComposeState;
    app: RunningApp | undefined;
    view: AppView | undefined;
    focus: Focus | undefined;
    keyboard: boolean;
    metrics: Metrics;
    palette: SystemPalette;
    owners: Map<UiWindow, RunningApp | undefined>;
  }): UiWindow[] {
    const { metrics, palette, app, view, focus, owners } = b;
    const windows: UiWindow[] = [];
    const contentBottom = b.keyboard ? metrics.keyboardTop : metrics.height - metrics.navBar;
    const focusedIn = (area: WindowArea): string | undefined => (focus?.area === area ? focus.key : undefined);
    if (app && view) {
      const scroll = app.scroll;
      const base = activityWindow({
        pkg: app.record.def.package,
        root: this.o.deps.platform === 'ios' ? iosLook(view.root) : view.root,
        snackbar: view.snackbar,
        metrics,
        contentBottom,
        layout: { keyPrefix: 'app', scrollOffset: (key) => scroll.get(`${view.activity}|${key}`) ?? 0, focusedKey: focusedIn('app') },
      });
      windows.push(base);
      owners.set(base, app);
      if (view.popup && view.popup.root.visible !== false) {
        const popup = popupWindow({ pkg: app.record.def.package, popup: view.popup, metrics, layout: { keyPrefix: 'popup', scrollOffset: () => 0 } });
        windows.push(popup);
        owners.set(popup, app);
      }
      if (view.dialog && view.dialog.visible !== false) {
        const dialog = dialogWindow({
          kind: 'dialog',
          pkg: app.record.def.package,
          dialog: view.dialog,
          metrics,
          areaBottom: contentBottom,
          layout: { keyPrefix: 'dialog', scrollOffset: (key) => scroll.get(`${view.activity}|${key}`) ?? 0, focusedKey: focusedIn('dialog') },
        });
        windows.push(dialog);
        owners.set(dialog, app);
      }
    } else {
      const base = activityWindow({
        pkg: LAUNCHER_PACKAGE,
        root: this.launcherWidget(b.state, palette),
        metrics,
        contentBottom: metrics.height - metrics.navBar,
        layout: { keyPrefix: 'launcher', scrollOffset: (key) => this.systemScroll.get(`app|${key}`) ?? 0 },
      });
      windows.push(base);
      owners.set(base, undefined);
    }
    if (b.keyboard) {
      const focused = focus && windows.find((w) => w.area === focus.area);
      const field = focused && findNode(focused.root, (n) => n.key === focus.key);
      const submit = field?.widget?.onSubmit !== undefined;
      const search = /search/i.test(`${field?.widget?.id ?? ''} ${field?.widget?.hint ?? ''}`);
      const state = { shifted: b.state.keyboard.shifted, symbols: b.state.keyboard.symbols, action: search ? 'Search' : submit ? 'Done' : 'Enter' };
      windows.push(
        keyboardWindow({
          pkg: KEYBOARD_PACKAGE,
          keyboard: this.o.deps.platform === 'ios' ? iosKeyboardWidget(state, this.o.press) : keyboardWidget(state, palette, this.o.press),
          metrics,
          layout: { keyPrefix: 'ime', scrollOffset: () => 0 },
        }),
      );
    }
    if (this.toast) {
      const toast = toastWindow({ pkg: this.toast.pkg, text: this.toast.text, metrics, colors: { background: palette.toast, color: palette.onToast } });
      if (toast) windows.push(toast);
    }
    const system = this.o.dialogs.top();
    if (system) {
      windows.push(
        dialogWindow({
          kind: 'system-dialog',
          pkg: system.windowPackage,
          dialog: system.widget(palette),
          metrics,
          areaBottom: metrics.height - metrics.navBar,
          layout: { keyPrefix: 'system', scrollOffset: () => 0, focusedKey: focusedIn('system') },
        }),
      );
    }
    return windows;
  }

  private launcherWidget(state: ComposeState, palette: SystemPalette): Widget {
    const { deps } = this.o;
    if (state.screen.kind === 'recents') {
      const tasks = [...state.tasks]
        .reverse()
        .map((pkg) => this.o.table.running.get(pkg))
        .filter((app): app is RunningApp => app?.alive === true)
        .map((app) => ({ pkg: app.record.def.package, label: app.record.def.label }));
      return recentsWidget({
        tasks,
        palette,
        open: (pkg) => this.o.open(pkg),
        close: (pkg) => this.o.closeTask(pkg),
        clearAll: () => {
          for (const task of tasks) this.o.closeTask(task.pkg);
          state.setScreen({ kind: 'home' });
        },
      });
    }
    const apps = deps.apps.filter((def) => deps.packages.get(def.package)).map((def) => ({ pkg: def.package, label: def.label }));
    return homeWidget({ apps, palette, open: (pkg) => this.o.open(pkg), ios: deps.platform === 'ios' });
  }
}
