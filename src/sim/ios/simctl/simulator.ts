// One virtual simulator as simctl drives it: the phone, its identity, its boot state and the simulator-only
// settings (location, pasteboard, appearance, status bar, media) that the phone itself does not model.
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Phone } from '../../contracts/device.js';
import { LAUNCHER_PACKAGE } from '../../ui/launcher.js';
import { BundleIds, IOS_RUNTIME, IPHONE_15, type SimIdentity, type SimState } from './identity.js';
import { uuidFor } from './unified-log.js';

const PREFERENCES_PLIST = '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict/>\n</plist>\n';

/** Faults of the simulator itself, switchable at run time. */
export interface SimctlFaults {
  /** `boot` leaves the simulator 'Booting' for ever (until switched off again). */
  neverBoots: boolean;
}

/** An app as the simulator knows it beyond what the phone keeps: its name and version from Info.plist. */
export interface IosAppInfo {
  name: string;
  version: string;
  build: string;
}

export interface SimulatorOptions {
  phone: Phone;
  identity: SimIdentity;
  bundleIds?: Record<string, string>;
  dataRoot: string;
  initialState: 'Booted' | 'Shutdown';
  bootMs: number;
  faults: Partial<SimctlFaults>;
}

export class VirtualSimulator {
  readonly phone: Phone;
  readonly udid: string;
  readonly name: string;
  readonly runtime: string;
  readonly deviceType: string;
  readonly bundles: BundleIds;
  /** ~/Library/Developer/CoreSimulator/Devices/UDID/data on a Mac; here under the registry. */
  readonly dataPath: string;
  readonly logPath: string;
  readonly faults: SimctlFaults;
  location: { latitude: number; longitude: number } | undefined;
  pasteboard: Buffer = Buffer.alloc(0);
  increaseContrast: 'enabled' | 'disabled' = 'disabled';
  contentSize = 'large';
  statusBar = new Map<string, string>();
  media: string[] = [];
  keychainCerts: string[] = [];
  lastBootedAt: string | undefined;
  readonly appInfo = new Map<string, IosAppInfo>();
  private current: SimState;
  private readonly listeners = new Set<(state: SimState) => void>();
  private readonly bootMs: number;
  private bootTimer: NodeJS.Timeout | undefined;

  constructor(options: SimulatorOptions) {
    this.phone = options.phone;
    this.udid = options.identity.udid;
    this.name = options.identity.name ?? IPHONE_15.name;
    this.runtime = options.identity.runtime ?? IOS_RUNTIME.identifier;
    this.deviceType = options.identity.deviceType ?? IPHONE_15.identifier;
    this.bundles = new BundleIds(options.bundleIds);
    this.dataPath = path.join(options.dataRoot, 'Devices', this.udid, 'data');
    this.logPath = path.join(options.dataRoot, 'Logs', this.udid);
    this.faults = { neverBoots: false, ...options.faults };
    this.bootMs = options.bootMs;
    this.current = options.initialState;
    if (this.current === 'Booted') this.lastBootedAt = new Date(this.phone.clock.now()).toISOString().replace(/\.\d+Z$/, 'Z');
  }

  get state(): SimState {
    return this.current;
  }

  onStateChange(listener: (state: SimState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setState(state: SimState): void {
    if (state === this.current) return;
    this.current = state;
    if (state === 'Booted') this.lastBootedAt = new Date(this.phone.clock.now()).toISOString().replace(/\.\d+Z$/, 'Z');
    for (const listener of [...this.listeners]) listener(state);
  }

  /** Starts booting a shut-down simulator; it reaches 'Booted' after bootMs unless the neverBoots fault holds it. */
  boot(): void {
    this.setState('Booting');
    this.scheduleBootEnd();
  }

  private scheduleBootEnd(): void {
    clearTimeout(this.bootTimer);
    if (this.faults.neverBoots || this.current !== 'Booting') return;
    this.bootTimer = setTimeout(() => {
      if (this.current === 'Booting' && !this.faults.neverBoots) this.setState('Booted');
    }, this.bootMs);
  }

  /** Shuts down: every app process ends, as on a simulator. */
  shutdown(): void {
    clearTimeout(this.bootTimer);
    this.setState('Shutting Down');
    for (const process of this.phone.ui.processes()) if (process.package !== LAUNCHER_PACKAGE) this.phone.ui.forceStop(process.package);
    this.setState('Shutdown');
  }

  setFaults(faults: Partial<SimctlFaults>): void {
    Object.assign(this.faults, faults);
    if (this.current === 'Booting') this.scheduleBootEnd();
  }

  /** Apps the simulator lists: the phone's user apps and the mapped ones, by iOS bundle id. */
  installedApps(): Array<{ bundleId: string; pkg: string; versionName: string }> {
    return this.phone.packages
      .list()
      .filter((pkg) => !pkg.system || this.bundles.bundleOf(pkg.name) !== pkg.name)
      .map((pkg) => ({ bundleId: this.bundles.bundleOf(pkg.name), pkg: pkg.name, versionName: pkg.versionName }));
  }

  isInstalled(bundleId: string): boolean {
    return this.installedApps().some((app) => app.bundleId === bundleId);
  }

  /** The running process of an app, if any. */
  pidOf(bundleId: string): number | undefined {
    const pkg = this.bundles.packageOf(bundleId);
    return this.phone.ui.processes().find((process) => process.package === pkg)?.pid;
  }

  /** The bundle id running as this pid ('com.apple.springboard' for the home screen). */
  bundleOfPid(pid: number): string | undefined {
    const process = this.phone.ui.processes().find((candidate) => candidate.pid === pid);
    if (!process) return undefined;
    return process.package === LAUNCHER_PACKAGE ? 'com.apple.springboard' : this.bundles.bundleOf(process.package);
  }

  appName(bundleId: string): string {
    const known = this.appInfo.get(bundleId)?.name;
    if (known) return known;
    const last = bundleId.split('.').pop() ?? bundleId;
    return last.charAt(0).toUpperCase() + last.slice(1);
  }

  /** The .app bundle's place inside the simulator's data, as `get_app_container ... app` prints it. */
  appPath(bundleId: string): string {
    if (bundleId === 'com.apple.springboard') return '/System/Library/CoreServices/SpringBoard.app';
    return path.join(this.dataPath, 'Containers', 'Bundle', 'Application', uuidFor(`bundle:${bundleId}`), `${this.appName(bundleId)}.app`);
  }

  dataContainer(bundleId: string): string {
    return path.join(this.dataPath, 'Containers', 'Data', 'Application', uuidFor(`data:${bundleId}`));
  }

  /** The file that stands for what an app stored: a tool that empties the app's container (to clear its data) removes it. */
  private preferences(bundleId: string): string {
    return path.join(this.dataContainer(bundleId), 'Library', 'Preferences', `${bundleId}.plist`);
  }

  /** Makes an app's data container on disk, as a simulator keeps it: Documents, Library/Preferences (with its prefs file) and tmp. */
  makeContainer(bundleId: string): void {
    const folder = this.dataContainer(bundleId);
    for (const inside of ['Documents', path.join('Library', 'Preferences'), 'tmp']) mkdirSync(path.join(folder, inside), { recursive: true });
    const prefs = this.preferences(bundleId);
    if (!existsSync(prefs)) writeFileSync(prefs, PREFERENCES_PLIST);
  }

  /** Every installed app's data container. */
  makeContainers(): void {
    for (const app of this.installedApps()) this.makeContainer(app.bundleId);
  }

  /**
   * Whether a package's data container was emptied from outside (its prefs file gone) since it last
   * ran: the phone then starts the app with no data, as iOS does. The container is made again.
   */
  takeWiped(pkg: string): boolean {
    const bundleId = this.bundles.bundleOf(pkg);
    if (!existsSync(this.dataContainer(bundleId))) return false;
    const wiped = !existsSync(this.preferences(bundleId));
    if (wiped) this.makeContainer(bundleId);
    return wiped;
  }

  /** Removes the simulator's folders (containers, logs) when it goes away. */
  removeFolders(): void {
    rmSync(path.dirname(this.dataPath), { recursive: true, force: true });
  }

  /** Erase Content and Settings: apps' data, grants and every simulator setting back to new. */
  erase(): void {
    for (const app of this.installedApps()) {
      this.phone.ui.clearData(app.pkg);
      this.phone.packages.get(app.pkg)?.granted.clear();
    }
    this.location = undefined;
    this.pasteboard = Buffer.alloc(0);
    this.statusBar.clear();
    this.media = [];
    this.keychainCerts = [];
    this.phone.settings.secure.set('ui_night_mode', '1');
  }

  close(): void {
    clearTimeout(this.bootTimer);
    this.listeners.clear();
  }
}
