// App tasks as ActivityManager keeps them: which app is in front, the recent tasks, and starting,
// stopping and crashing app processes, with the lines it logs.
import type { AppLaunch, LaunchResult, UiDeps } from '../types.js';
import type { Screen } from './compose.js';
import { LAUNCHER_PACKAGE } from './launcher.js';
import { javaException, normalizeActivity, safeUri, shortComponent, type AppRecord, type ProcessTable, type RunningApp } from './processes.js';
import type { SystemDialogs } from './system-ui.js';
import type { TextInput } from './text-input.js';

const SHELL_UID = 2000;

/** What the tasks work with, and how they tell the runtime the screen changed. */
export interface TaskDeps {
  deps: UiDeps;
  table: ProcessTable;
  dialogs: SystemDialogs;
  text: TextInput;
  /** The screen must be composed again before it is next read. */
  changed(): void;
  /** The screen changed because of an input event: compose it now, so the next dump shows the effect. */
  refresh(): void;
}

/** The tasks of the phone and the screen in front, changed by launches, the launcher, crashes and force-stops. */
export class AppTasks {
  /** The home screen, the recent-apps overview or the app in front. */
  screen: Screen = { kind: 'home' };
  /** Recent tasks, most recent last. */
  tasks: string[] = [];

  constructor(private readonly o: TaskDeps) {}

  launch(pkg: string, launch: AppLaunch = {}): LaunchResult {
    if (pkg === LAUNCHER_PACKAGE) {
      this.goHome();
      return { ok: true };
    }
    for (const app of this.o.table.installChanges()) this.kill(app);
    const record = this.o.table.records.get(pkg);
    const activity = launch.activity ? normalizeActivity(pkg, launch.activity) : (record?.def.launchActivity ?? '.MainActivity');
    const installed = this.o.deps.packages.get(pkg) !== undefined;
    if (!record || !installed || !(record.def.activities.includes(activity) || activity === record.def.launchActivity)) {
      return { ok: false, error: `Error: Activity class {${shortComponent(pkg, activity)}} does not exist.` };
    }
    const intent = launch.uri
      ? `act=android.intent.action.VIEW dat=${safeUri(launch.uri)} flg=0x10000000`
      : launch.activity
        ? 'flg=0x10000000'
        : 'act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000';
    this.o.table.system({
      priority: 'I',
      tag: 'ActivityTaskManager',
      message: `START u0 {${intent} cmp=${shortComponent(pkg, activity)}} from uid ${SHELL_UID}`,
    });
    this.open(record, launch.activity ? { ...launch, activity } : launch);
    return { ok: true };
  }

  openUri(uri: string): LaunchResult {
    const handler = this.o.deps.apps.find((def) => this.o.deps.packages.get(def.package) && def.handles?.(uri));
    if (!handler) {
      return {
        ok: false,
        error: `Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=${safeUri(uri)} flg=0x10000000 }`,
      };
    }
    return this.launch(handler.package, { uri });
  }

  openFromLauncher(pkg: string): void {
    const record = this.o.table.records.get(pkg);
    if (!record) return;
    this.o.table.system({
      priority: 'I',
      tag: 'ActivityTaskManager',
      message: `START u0 {act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10200000 cmp=${shortComponent(pkg, record.def.launchActivity)}} from uid 10150`,
    });
    this.open(record, {});
  }

  /** Brings the app's task to the front, starting its process if needed. */
  private open(record: AppRecord, launch: AppLaunch): void {
    const pkg = record.def.package;
    let app = this.o.table.running.get(pkg);
    if (app?.alive) {
      const running = app;
      if (launch.activity || launch.uri) this.run(running, () => running.process?.intent?.(launch));
    } else {
      app = this.o.table.start(record, launch, 'next-top-activity');
    }
    if (!app.alive) {
      this.o.refresh();
      return;
    }
    if (this.screen.kind !== 'app' || this.screen.pkg !== pkg) this.clearFocus();
    this.screen = { kind: 'app', pkg };
    this.tasks = [...this.tasks.filter((t) => t !== pkg), pkg];
    this.o.refresh();
  }

  forceStop(pkg: string): void {
    const record = this.o.table.records.get(pkg);
    if (record)
      this.o.table.system({
        priority: 'I',
        tag: 'ActivityManager',
        message: `Force stopping ${pkg} appid=${record.uid} user=0: from pid ${this.o.table.allocatePid()}`,
      });
    const app = this.o.table.running.get(pkg);
    if (app) this.kill(app);
    this.tasks = this.tasks.filter((t) => t !== pkg);
    this.o.refresh();
  }

  clearData(pkg: string): boolean {
    const installed = this.o.deps.packages.get(pkg);
    if (!installed) return false;
    const app = this.o.table.running.get(pkg);
    if (app) this.kill(app);
    this.tasks = this.tasks.filter((t) => t !== pkg);
    const record = this.o.table.records.get(pkg);
    if (record) this.o.table.clear(record);
    for (const permission of [...installed.granted]) this.o.deps.packages.revoke(pkg, permission);
    this.o.refresh();
    return true;
  }

  closeTask(pkg: string): void {
    const app = this.o.table.running.get(pkg);
    if (app) this.kill(app);
    this.tasks = this.tasks.filter((t) => t !== pkg);
    this.o.changed();
  }

  kill(app: RunningApp): void {
    const pkg = app.record.def.package;
    this.o.table.kill(app);
    this.o.dialogs.forget(pkg);
    if (this.screen.kind === 'app' && this.screen.pkg === pkg) {
      this.screen = { kind: 'home' };
      this.clearFocus();
    }
    this.o.changed();
  }

  crash(app: RunningApp, exception: string): void {
    if (!app.alive) return;
    const activity = app.lastView?.activity ?? app.record.def.launchActivity;
    this.o.dialogs.crashed(app, exception, activity);
    this.o.table.system({
      priority: 'W',
      tag: 'ActivityTaskManager',
      message: `  Force finishing activity ${shortComponent(app.record.def.package, activity)}`,
    });
    this.kill(app);
    this.tasks = this.tasks.filter((t) => t !== app.record.def.package);
  }

  /** Runs app code; an exception it throws crashes the app as an uncaught exception would. */
  run<T>(app: RunningApp | undefined, fn: () => T): T | undefined {
    if (!app) return fn();
    if (!app.alive) return undefined;
    try {
      return fn();
    } catch (error) {
      this.crash(app, javaException(error));
      return undefined;
    }
  }

  goHome(): void {
    this.clearFocus();
    this.screen = { kind: 'home' };
    this.o.refresh();
  }

  private clearFocus(): void {
    this.o.text.clear();
  }
}
