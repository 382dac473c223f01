// App processes: what survives a process (storage, launch count, permission denials) and what
// does not (the AppProcess, its scroll positions, its frozen state), with pids and the lines
// system_server logs when it starts and kills them.
import type { AppContext, AppDefinition, AppLaunch, AppProcess, AppView, InstalledPackage, LogBuffer, LogPriority, UiDeps } from '../types.js';

/** Per installed app, kept across process restarts until `pm clear`. */
export interface AppRecord {
  def: AppDefinition;
  /** The package manager's entry last seen for the app, to notice an update or an uninstall. */
  installed?: InstalledPackage;
  uid: number;
  storage: Map<string, unknown>;
  launchCount: number;
  /** How many times the user denied each permission; after two, Android stops asking. */
  denials: Map<string, number>;
}

export interface RunningApp {
  record: AppRecord;
  pid: number;
  startedAt: number;
  process?: AppProcess;
  ctx: AppContext;
  alive: boolean;
  frozen: boolean;
  cancelAnr?: () => void;
  /** Aborted as the process ends; the app's context hands it out as `signal`. */
  ended: AbortController;
  lastView?: AppView;
  /** Activities shown, oldest first, to tell a new screen from a return to the previous one. */
  activities: string[];
  lastToast?: string;
  /** Whether the last view had a dialog, to notice one appearing. */
  dialogShown?: boolean;
  scroll: Map<string, number>;
}

/** What an app's context asks of the runtime. */
export interface ProcessHooks {
  invalidate(): void;
  crash(app: RunningApp, exception: string): void;
  freeze(app: RunningApp): void;
  requestPermission(app: RunningApp, request: PermissionRequest): void;
}

/** An app's request for a runtime permission: the permission, what the dialog says it is for, and who hears the answer. */
export interface PermissionRequest {
  permission: string;
  label: string;
  onResult?: (granted: boolean) => void;
}

/** A line a process logs; the buffer defaults to the one the process writes (system for system_server, main for apps). */
export interface LogLine {
  priority: LogPriority;
  tag: string;
  message: string;
  buffer?: LogBuffer;
}

const FIRST_APP_UID = 10100;

export class ProcessTable {
  readonly records = new Map<string, AppRecord>();
  readonly running = new Map<string, RunningApp>();
  /** system_server, the pid of ActivityManager's log lines. */
  readonly systemPid: number;
  readonly launcherPid: number;
  readonly bootedAt: number;
  private nextPid: number;

  constructor(
    private readonly deps: UiDeps,
    private readonly hooks: ProcessHooks,
  ) {
    this.systemPid = 500 + deps.random.int(0, 900);
    this.nextPid = 2000 + deps.random.int(0, 3000);
    this.launcherPid = this.allocatePid();
    this.bootedAt = deps.clock.now();
    deps.apps.forEach((def, i) => {
      this.records.set(def.package, {
        def,
        uid: FIRST_APP_UID + i,
        storage: new Map(),
        launchCount: 0,
        denials: new Map(),
        installed: deps.packages.get(def.package),
      });
    });
  }

  allocatePid(): number {
    const pid = this.nextPid;
    this.nextPid += 1 + this.deps.random.int(0, 40);
    return pid;
  }

  system({ priority, tag, message, buffer = 'system' }: LogLine): void {
    this.deps.logcat.append({ pid: this.systemPid, tid: this.systemPid + 29, priority, tag, message, buffer });
  }

  appLog(app: RunningApp, { priority, tag, message, buffer = 'main' }: LogLine): void {
    this.deps.logcat.append({ pid: app.pid, tid: app.pid, priority, tag, message, buffer });
  }

  /** Starts a fresh process; the app's constructor may already crash it (then it is returned dead). */
  start(record: AppRecord, launch: AppLaunch, reason: string): RunningApp {
    if (this.deps.dataWiped?.(record.def.package)) this.clear(record);
    record.launchCount += 1;
    const pid = this.allocatePid();
    const user = userName(record.uid);
    this.system({
      priority: 'I',
      tag: 'ActivityManager',
      message: `Start proc ${pid}:${record.def.package}/${user.replace('_', '')} for ${reason} {${record.def.package}/${className(record.def.package, record.def.launchActivity)}}`,
    });
    const hooks = this.hooks;
    const deps = this.deps;
    const ended = new AbortController();
    const app: RunningApp = {
      record,
      pid,
      startedAt: deps.clock.now(),
      alive: true,
      frozen: false,
      activities: [],
      scroll: new Map(),
      ended,
      ctx: {
        signal: ended.signal,
        clock: deps.clock,
        random: deps.random,
        launchCount: record.launchCount,
        storage: record.storage,
        phone: { info: deps.info, settings: deps.settings, props: deps.props },
        files: deps.fs,
        log: (priority, tag, message) => {
          if (app.alive) this.appLog(app, { priority, tag, message });
        },
        invalidate: () => hooks.invalidate(),
        crash: (exception) => hooks.crash(app, exception),
        freeze: () => hooks.freeze(app),
        hasPermission: (permission) => deps.packages.get(record.def.package)?.granted.has(permission) ?? false,
        requestPermission: (permission, label, onResult) => hooks.requestPermission(app, { permission, label, onResult }),
      },
    };
    this.running.set(record.def.package, app);
    try {
      const process = record.def.start(app.ctx, launch);
      if (app.alive) app.process = process;
    } catch (error) {
      hooks.crash(app, javaException(error));
    }
    return app;
  }

  /** Ends a process (force-stop, crash, ANR close, pm clear): timers stop mattering, the record stays. */
  kill(app: RunningApp): void {
    if (!app.alive) return;
    app.alive = false;
    app.ended.abort();
    app.cancelAnr?.();
    app.cancelAnr = undefined;
    if (this.running.get(app.record.def.package) === app) this.running.delete(app.record.def.package);
  }

  /**
   * Follows `pm install` and `pm uninstall`: an update or an uninstall ends the app's process, and an
   * uninstall also wipes its data. Returns the processes to end.
   */
  installChanges(): RunningApp[] {
    const ended: RunningApp[] = [];
    for (const record of this.records.values()) {
      const now = this.deps.packages.get(record.def.package);
      if (now === record.installed) continue;
      const app = this.running.get(record.def.package);
      if (app?.alive) ended.push(app);
      if (!now) this.clear(record);
      record.installed = now;
    }
    return ended;
  }

  clear(record: AppRecord): void {
    record.storage = new Map();
    record.launchCount = 0;
    record.denials.clear();
  }
}

export function userName(uid: number): string {
  return `u0_a${uid - 10000}`;
}

/** '.Main' of com.x is com.x.Main; a full class name stays as it is. */
export function className(pkg: string, activity: string): string {
  return activity.startsWith('.') ? `${pkg}${activity}` : activity;
}

/** ComponentName.toShortString(): {com.x/.Main}. */
export function shortComponent(pkg: string, activity: string): string {
  const full = className(pkg, activity);
  return `${pkg}/${full.startsWith(`${pkg}.`) ? full.slice(pkg.length) : full}`;
}

/** An activity as `am start -n` may name it (.Main, com.x.Main), relative to the package when it can be. */
export function normalizeActivity(pkg: string, activity: string): string {
  return activity.startsWith(`${pkg}.`) ? activity.slice(pkg.length) : activity;
}

/** A JavaScript error thrown by app code, reported the way the JVM would name it. */
export function javaException(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `java.lang.RuntimeException: ${message}`;
}

/** Uri.toSafeString(): web links keep only their host, other schemes print in full. */
export function safeUri(uri: string): string {
  const match = /^(https?|ftp|rtsp):\/\/([^/?#]*)/i.exec(uri);
  return match ? `${match[1]}://${match[2]}/...` : uri;
}
