// The phone as WebDriverAgent drives it: snapshots of the app in front (cached per screen), bundle
// ids and app states, and touches and keys in points turned into the runtime's pixels.
import type { AppDefinition, Frame, Phone } from '../types.js';
import { LAUNCHER_PACKAGE } from '../ui/launcher.js';
import { KEY } from '../ui/input.js';
import { SPRINGBOARD } from '../ui/springboard.js';
import { WdaError } from './errors.js';
import { snapshot, type SnapshotApp, type WdaElement } from './tree.js';

/** XCUIApplicationState values WDA answers /wda/apps/state with. */
export const APP_STATE = { notRunning: 1, background: 3, foreground: 4 } as const;

export interface IosDeviceOptions {
  phone: Phone;
  apps: AppDefinition[];
  udid: string;
  name: string;
}

export class IosDevice {
  private cached: { windows: Frame['windows']; app: string; root: WdaElement } | undefined;

  constructor(private readonly o: IosDeviceOptions) {}

  get phone(): Phone {
    return this.o.phone;
  }

  get udid(): string {
    return this.o.udid;
  }

  get name(): string {
    return this.o.name;
  }

  /** Pixels per point (3 on this iPhone). */
  get scale(): number {
    return this.o.phone.ui.size.density / 160;
  }

  frame(): Frame {
    return this.o.phone.ui.frame();
  }

  /** The app in front as XCTest's active application: SpringBoard on the home screen or under its alert. */
  activeApp(): SnapshotApp {
    const frame = this.frame();
    const ui = this.o.phone.ui;
    const fg = ui.foreground().package;
    const alert = frame.windows.some((w) => w.package === SPRINGBOARD);
    const bundleId = alert || fg === LAUNCHER_PACKAGE ? SPRINGBOARD : fg;
    return { bundleId, label: this.label(bundleId), pid: this.pid(bundleId) ?? 0 };
  }

  label(bundleId: string): string {
    if (bundleId === SPRINGBOARD) return ' ';
    return this.o.apps.find((a) => a.package === bundleId)?.label ?? bundleId;
  }

  pid(bundleId: string): number | undefined {
    const pkg = bundleId === SPRINGBOARD ? LAUNCHER_PACKAGE : bundleId;
    return this.o.phone.ui.processes().find((p) => p.package === pkg)?.pid;
  }

  /** The active app's element tree; the same screen gives the same (cached) snapshot. */
  snapshot(): WdaElement {
    const frame = this.frame();
    const app = this.activeApp();
    if (this.cached && this.cached.windows === frame.windows && this.cached.app === app.bundleId) return this.cached.root;
    const home = this.o.phone.ui.foreground().package === LAUNCHER_PACKAGE;
    const root = snapshot(frame, { ...app, home });
    this.cached = { windows: frame.windows, app: app.bundleId, root };
    return root;
  }

  installed(bundleId: string): boolean {
    return this.o.phone.packages.get(bundleId) !== undefined && this.o.apps.some((a) => a.package === bundleId);
  }

  state(bundleId: string): number {
    const running = this.o.phone.ui.processes().some((p) => p.package === bundleId);
    if (!running) return APP_STATE.notRunning;
    return this.o.phone.ui.foreground().package === bundleId ? APP_STATE.foreground : APP_STATE.background;
  }

  /** XCUIApplication.launch: a running app is terminated and started afresh. */
  launch(bundleId: string, fresh: boolean): void {
    if (!this.installed(bundleId)) throw new WdaError('unknown error', `Application '${bundleId}' is not installed on the device`);
    if (fresh) this.o.phone.ui.forceStop(bundleId);
    const result = this.o.phone.ui.launch(bundleId);
    if (!result.ok) throw new WdaError('unknown error', `Application '${bundleId}' could not be launched: ${result.error ?? 'unknown reason'}`);
  }

  terminate(bundleId: string): boolean {
    const running = this.state(bundleId) !== APP_STATE.notRunning;
    if (running) this.o.phone.ui.forceStop(bundleId);
    return running;
  }

  home(): void {
    this.o.phone.ui.keyEvent(KEY.HOME);
  }

  // Touches take points, as WDA's do.
  tap(x: number, y: number): void {
    this.o.phone.ui.tap(Math.round(x * this.scale), Math.round(y * this.scale));
  }

  longPress(x: number, y: number, durationMs: number): void {
    this.o.phone.ui.longPress(Math.round(x * this.scale), Math.round(y * this.scale), durationMs);
  }

  swipe(o: { x1: number; y1: number; x2: number; y2: number; durationMs: number }): void {
    const s = this.scale;
    this.o.phone.ui.swipe({ x1: Math.round(o.x1 * s), y1: Math.round(o.y1 * s), x2: Math.round(o.x2 * s), y2: Math.round(o.y2 * s), durationMs: o.durationMs });
  }

  /** Text typed on the keyboard: \b and U+E003 delete, \n and U+E007 return, the rest is typed. */
  type(text: string): void {
    const ui = this.o.phone.ui;
    if (!ui.keyboardShown()) {
      throw new WdaError('invalid element state', 'The on-screen keyboard must be present to send keys: tap a text field first, or use element value');
    }
    let run = '';
    const flush = (): void => {
      if (run) ui.typeText(run);
      run = '';
    };
    for (const char of text) {
      if (char === '\b' || char === '\ue003' || char === '\ue017') {
        flush();
        ui.keyEvent(KEY.DEL);
      } else if (char === '\n' || char === '\r' || char === '\ue007' || char === '\ue006') {
        flush();
        ui.keyEvent(KEY.ENTER);
      } else run += char;
    }
    flush();
  }
}
