// The virtual iPhone: the phone runtime under an iOS skin, with WebDriverAgent's HTTP server on a
// loopback port, as an iOS simulator running WDA looks to iOS tooling.
import { createHash } from 'node:crypto';
import type { AppDefinition, Phone, TimingMode } from '../types.js';
import { createPhone } from '../phone.js';
import { iosApps, resolveApps } from '../apps/index.js';
import { prepareRenderer } from '../render/index.js';
import { IosDevice } from './device.js';
import { WdaFaults, type WdaFaultSettings } from './faults.js';
import { IPHONE } from './iphone.js';
import { listenWda } from './server.js';
import { WdaServedLog } from './served.js';
import { serveSimctl, type SimctlRegistration } from './simctl/index.js';
import { attachChat } from '../apps/chat/index.js';

export { WdaFaults, type WdaFaultSettings } from './faults.js';
export { WdaServedLog, type WdaServedRequest, type WdaServedKind } from './served.js';

/** The iOS sample apps: Shop, Notes, Settings (com.apple.Preferences) and Chat. */
export const IOS_SAMPLE_APPS = ['shop', 'notes', 'settings', 'chat'];

export interface IosSimOptions {
  platform: 'ios';
  /** WDA's port; 0 (the default here) picks a free one. The CLI's default is WDA's own 8100. */
  port?: number;
  /** Loopback address to bind. */
  host?: string;
  /** Sample app names ('shop', 'notes', 'settings') or definitions; default those three. Android packages become iOS bundle ids. */
  apps?: Array<string | AppDefinition>;
  /** Same seed, same phone (pids, promos). Default 1. */
  seed?: number;
  /** The simulator's name, as simctl lists it. Default 'iPhone 15'. */
  name?: string;
  /** Freeze the phone's clock at this epoch ms. */
  frozenAt?: number;
  /** 'fast' (default) answers at once; 'real' takes what a phone takes. */
  timing?: TimingMode;
  /** WDA faults switched on from the start. */
  faults?: Partial<WdaFaultSettings>;
  /** Where the simulator registers for the `xcrun simctl` stand-in (default MOBILETEST_SIMULATORS_DIR, else a per-user temp folder). */
  registryDir?: string;
  /** Base URL of the Chat backend; default the one shared by this process's phones (see SimOptions.chatServer). */
  chatServer?: string;
}

export interface IosSim {
  readonly platform: 'ios';
  readonly phone: Phone;
  /** The simulator's UDID: an uppercase UUID of its own. */
  readonly udid: string;
  readonly name: string;
  /** http://127.0.0.1:PORT — WebDriverAgent's base URL. */
  readonly wdaUrl: string;
  readonly port: number;
  /** Every WDA request served (reads, screenshots, others). */
  readonly served: WdaServedLog;
  readonly faults: WdaFaults;
  /** The simulator as the `xcrun simctl` stand-in serves it (its state, and faults such as a boot that never ends). */
  readonly simctl: SimctlRegistration;
  /** Whether the simulator is booted; while false, WDA answers every request with "unknown error" and its session is gone. */
  booted: boolean;
  /** The Chat backend's base URL the phone's Chat app uses (undefined without Chat). */
  readonly chatServer: string | undefined;
  stop(): Promise<void>;
}

/** Virtual iPhones started in this process. */
let started = 0;

/** A UUID made from a key, uppercase as CoreSimulator prints UDIDs. */
export function udidFor(key: string): string {
  const hex = createHash('sha1').update(`mobiletest-iphone-${key}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`.toUpperCase();
}

export async function startIosSim(options: IosSimOptions): Promise<IosSim> {
  prepareRenderer().catch(() => undefined);
  const seed = options.seed ?? 1;
  const apps = iosApps(resolveApps(options.apps ?? IOS_SAMPLE_APPS));
  // Unique to this simulator: two test processes never share a simctl registration or its data folders.
  const udid = udidFor(`${process.pid}:${++started}:${seed}`);
  const name = options.name ?? IPHONE.name;
  // An app's data lives in its container folder: a tool that empties it (to clear the app) wipes what the app stored.
  let simctl: SimctlRegistration | undefined;
  const dataWiped = (pkg: string): boolean => simctl?.simulator.takeWiped(pkg) ?? false;
  const phone = createPhone({ platform: 'ios', serial: udid, seed, apps, frozenAt: options.frozenAt, timing: options.timing, dataWiped });
  const device = new IosDevice({ phone, apps, udid, name });
  const faults = new WdaFaults(options.faults);
  const served = new WdaServedLog();
  let booted = true;
  const chat = await attachChat({ phone, apps, server: options.chatServer });
  const wda = await listenWda({ device, port: options.port ?? 0, host: options.host, faults, served, booted: () => booted }).catch(async (error: unknown) => {
    await chat.detach();
    throw error;
  });
  try {
    // `xcrun simctl` (the stand-in first on PATH) lists and manages this simulator; shutting it down takes WDA with it.
    simctl = await serveSimctl({ phone, identity: { udid, name }, registryDir: options.registryDir, host: options.host });
  } catch (error) {
    await Promise.all([wda.close(), chat.detach()]);
    throw error;
  }
  const registration = simctl;
  registration.onStateChange((state) => {
    if (state !== 'Booted') wda.endSession();
    booted = state === 'Booted';
  });
  return {
    platform: 'ios',
    phone,
    udid,
    name,
    wdaUrl: wda.url,
    port: wda.port,
    served,
    faults,
    simctl: registration,
    get booted() {
      return booted;
    },
    set booted(value: boolean) {
      // Shutting the simulator down takes WDA and its session with it.
      if (!value) wda.endSession();
      booted = value;
    },
    chatServer: chat.url,
    async stop() {
      await Promise.all([wda.close(), registration.stop(), chat.detach()]);
    },
  };
}
