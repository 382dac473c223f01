// The dialogs the system puts over apps: permission requests, "keeps stopping" after a crash and
// "isn't responding" after a freeze, one above the other, with what Android logs for each.
import type { ForegroundInfo, UiDeps, Widget } from '../types.js';
import { anrDialog, crashDialog, fatalExceptionLines, PERMISSION_CONTROLLER, permissionDialog } from './system-dialogs.js';
import type { SystemPalette } from './theme.js';
import { iosAlert, iosPermissionText, SPRINGBOARD } from './springboard.js';
import { className, shortComponent, userName, type PermissionRequest, type ProcessTable, type RunningApp } from './processes.js';

export interface SystemDialog {
  kind: 'permission' | 'crash' | 'anr' | 'alert';
  /** The app the dialog is about. */
  owner: string;
  /** Package of the dialog's window. */
  windowPackage: string;
  widget(palette: SystemPalette): Widget;
  /** What the BACK key does while the dialog is on top. */
  back(): void;
  permission?: string;
}

const DEFAULT_ANR_DELAY_MS = 2000;
/** Denials after which Android stops showing the dialog and denies at once. */
const MAX_DENIALS = 2;

export class SystemDialogs {
  private stack: SystemDialog[] = [];
  private readonly anrDelayMs: number;

  constructor(
    private readonly o: {
      deps: UiDeps;
      table: ProcessTable;
      changed: () => void;
      kill: (app: RunningApp) => void;
      run: (app: RunningApp | undefined, fn: () => void) => void;
      hideKeyboard: () => void;
      openAppInfo: () => void;
      /** The app in front, if any: a permission request shows only over its own app's task. */
      foregroundPackage: () => string | undefined;
    },
  ) {
    this.anrDelayMs = o.deps.timings?.anrDelayMs ?? DEFAULT_ANR_DELAY_MS;
  }

  /** The dialog on top of the screen: crash and ANR dialogs show over anything, a permission request only over its app. */
  top(): SystemDialog | undefined {
    const front = this.o.foregroundPackage();
    return this.stack.findLast((d) => d.kind !== 'permission' || d.owner === front);
  }

  /** BACK goes to the topmost system dialog first; false when there is none. */
  back(): boolean {
    const top = this.top();
    if (!top) return false;
    top.back();
    return true;
  }

  /** A permission request is an Activity of PermissionController: it is what `dumpsys activity` shows on top. */
  permissionActivity(): ForegroundInfo | undefined {
    return this.top()?.kind === 'permission' && this.o.deps.platform !== 'ios'
      ? { package: PERMISSION_CONTROLLER, activity: 'com.android.permissioncontroller.permission.ui.GrantPermissionsActivity' }
      : undefined;
  }

  /** The app's process is gone: its pending questions go with it (a crash report stays). */
  forget(pkg: string): void {
    this.stack = this.stack.filter((d) => d.owner !== pkg || d.kind === 'crash');
  }

  private show(dialog: SystemDialog): void {
    this.stack.push(dialog);
    this.o.hideKeyboard();
    this.o.changed();
  }

  private dismiss(dialog: SystemDialog): void {
    this.stack = this.stack.filter((d) => d !== dialog);
    this.o.changed();
  }

  requestPermission(app: RunningApp, { permission, label, onResult }: PermissionRequest): void {
    const { deps } = this.o;
    const pkg = app.record.def.package;
    const answerLater = (granted: boolean): void => {
      if (onResult) queueMicrotask(() => this.o.run(app, () => onResult(granted)));
    };
    if (deps.packages.get(pkg)?.granted.has(permission)) {
      answerLater(true);
      return;
    }
    // A permission missing from the manifest is denied without asking, as PackageManager does.
    if (!app.record.def.permissions.includes(permission)) {
      answerLater(false);
      return;
    }
    if ((app.record.denials.get(permission) ?? 0) >= MAX_DENIALS) {
      answerLater(false);
      return;
    }
    if (this.stack.some((d) => d.kind === 'permission' && d.owner === pkg && d.permission === permission)) return;
    const answer = (granted: boolean): void => {
      this.dismiss(dialog);
      if (granted) deps.packages.grant(pkg, permission);
      else {
        deps.packages.revoke(pkg, permission);
        app.record.denials.set(permission, (app.record.denials.get(permission) ?? 0) + 1);
      }
      if (onResult) this.o.run(app, () => onResult(granted));
    };
    const ios = deps.platform === 'ios';
    const text = iosPermissionText(app.record.def.label, permission, label);
    const dialog: SystemDialog = {
      kind: 'permission',
      owner: pkg,
      windowPackage: ios ? SPRINGBOARD : PERMISSION_CONTROLLER,
      permission,
      widget: (palette) =>
        ios
          ? iosAlert({
              key: 'springboard_alert',
              ...text,
              buttons: [
                { text: 'Don\u2019t Allow', onClick: () => answer(false) },
                { text: 'Allow', bold: true, onClick: () => answer(true) },
              ],
            })
          : permissionDialog({ appLabel: app.record.def.label, permission, label, palette, answer }),
      back: () => answer(false),
    };
    this.show(dialog);
  }

  /** SpringBoard's alert over any app (a system prompt arriving mid-test); any button closes it. */
  alert(o: { title: string; message: string; buttons: string[] }): void {
    const dialog: SystemDialog = {
      kind: 'alert',
      owner: SPRINGBOARD,
      windowPackage: SPRINGBOARD,
      widget: () =>
        iosAlert({
          key: 'springboard_alert',
          title: o.title,
          message: o.message,
          buttons: o.buttons.map((text) => ({ text, onClick: () => this.dismiss(dialog) })),
        }),
      back: () => this.dismiss(dialog),
    };
    this.show(dialog);
  }

  /** Logs the uncaught exception as AndroidRuntime does and shows "<App> keeps stopping". */
  crashed(app: RunningApp, exception: string, activity: string): void {
    const { deps, table } = this.o;
    const pkg = app.record.def.package;
    // One log call with the stack trace, as AndroidRuntime makes it: logcat prints every line with the same header.
    const message = fatalExceptionLines({ pkg, pid: app.pid, exception, activity }).join('\n');
    deps.logcat.append({ pid: app.pid, tid: app.pid, priority: 'E', tag: 'AndroidRuntime', message, buffer: 'crash' });
    table.appLog(app, { priority: 'I', tag: 'Process', message: `Sending signal. PID: ${app.pid} SIG: 9` });
    // An iPhone closes a crashed app to the home screen without a word.
    if (deps.platform === 'ios') return;
    const dialog: SystemDialog = {
      kind: 'crash',
      owner: pkg,
      windowPackage: 'android',
      widget: (palette) =>
        crashDialog({
          appLabel: app.record.def.label,
          palette,
          appInfo: () => {
            this.dismiss(dialog);
            this.o.openAppInfo();
          },
          close: () => this.dismiss(dialog),
        }),
      back: () => this.dismiss(dialog),
    };
    this.show(dialog);
  }

  /** The main thread stops: input is ignored, and after the ANR delay the dialog offers Close app / Wait. */
  freeze(app: RunningApp): void {
    if (!app.alive || app.frozen) return;
    app.frozen = true;
    app.ctx.log('W', 'Choreographer', 'Skipped 312 frames!  The application may be doing too much work on its main thread.');
    this.armAnr(app);
  }

  private armAnr(app: RunningApp): void {
    app.cancelAnr?.();
    app.cancelAnr = this.o.deps.clock.setTimeout(() => {
      app.cancelAnr = undefined;
      if (app.alive && app.frozen) this.notResponding(app);
    }, this.anrDelayMs);
  }

  private notResponding(app: RunningApp): void {
    const { table } = this.o;
    const pkg = app.record.def.package;
    const activity = app.lastView?.activity ?? app.record.def.launchActivity;
    const component = shortComponent(pkg, activity);
    table.system({ priority: 'E', tag: 'ActivityManager', message: `ANR in ${pkg} (${component})` });
    table.system({ priority: 'E', tag: 'ActivityManager', message: `PID: ${app.pid}` });
    table.system({
      priority: 'E',
      tag: 'ActivityManager',
      message: `Reason: Input dispatching timed out (${pkg}/${className(pkg, activity)} is not responding. Waited 5001ms for MotionEvent)`,
    });
    const dialog: SystemDialog = {
      kind: 'anr',
      owner: pkg,
      windowPackage: 'android',
      widget: (palette) =>
        anrDialog({
          appLabel: app.record.def.label,
          palette,
          close: () => {
            this.dismiss(dialog);
            table.system({
              priority: 'I',
              tag: 'ActivityManager',
              message: `Killing ${app.pid}:${pkg}/${userName(app.record.uid).replace('_', '')} (adj 0): user request after error`,
            });
            this.o.kill(app);
          },
          wait: () => {
            this.dismiss(dialog);
            this.armAnr(app);
          },
        }),
      back: () => {
        this.dismiss(dialog);
        this.armAnr(app);
      },
    };
    this.show(dialog);
  }
}
