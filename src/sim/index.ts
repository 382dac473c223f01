import type { AppDefinition, FaultSettings, Phone, ServiceHost, TimingMode } from './types.js';
import type { BootTiming } from './device/reboot.js';
import { createPhone } from './phone.js';
import { sampleApps, resolveApps } from './apps/index.js';
import { phoneShell } from './shell/index.js';
import { createServiceHost } from './adb/services.js';
import { listenDevice } from './adb/device-transport.js';
import { listenHostServer } from './adb/host-server.js';
import { prepareRenderer } from './render/index.js';
import { ServedLog, countServices } from './adb/served.js';
import { startIosSim, type IosSim, type IosSimOptions } from './ios/sim.js';
import { attachChat } from './apps/chat/index.js';

export type { Phone, TimingMode } from './types.js';
export type { BootTiming } from './device/reboot.js';
export { sampleApps } from './apps/index.js';
export { PrivateAdbServer, adbBinary, adbMissingReason, freePort } from './private-adb.js';
export type { AdbResult, AdbRunOptions, PrivateAdbServerOptions } from './private-adb.js';
export { ServedLog, classifyService } from './adb/served.js';
export type { ServedCommand, ServedKind } from './adb/served.js';
export { IOS_SAMPLE_APPS, WdaFaults, WdaServedLog, udidFor } from './ios/sim.js';
export { serveSimctl, simctlPathDir, registryDir } from './ios/simctl/index.js';
export type { SimctlRegistration } from './ios/simctl/index.js';
export {
  startChatServer,
  CHAT_PACKAGE,
  CHAT_SERVER_PROP,
  CHAT_USERS,
  UNREACHABLE as CHAT_UNREACHABLE,
  WRONG_PASSWORD as CHAT_WRONG_PASSWORD,
} from './apps/chat/index.js';
export type { ChatServer, ChatServerOptions, ChatMessage } from './apps/chat/index.js';
export type { IosSim, IosSimOptions, WdaFaultSettings, WdaServedRequest, WdaServedKind } from './ios/sim.js';

export interface SimOptions {
  /** An Android phone (the default); `platform: 'ios'` starts the virtual iPhone (IosSimOptions) instead. */
  platform?: 'android';
  /** Device (adbd) port; 0 picks a free one. A port in 5555..5585 is found by adb with no connect. */
  port?: number;
  /** adb server protocol port, so adbkit reaches the phone without adb installed; 0 picks one, omit for none. */
  serverPort?: number;
  /** Loopback address to bind. */
  host?: string;
  /** Names of sample apps to install ('shop', 'settings', 'notes', 'canvas') or definitions; default all of them. */
  apps?: Array<string | AppDefinition>;
  seed?: number;
  /** The phone's own serial, ro.serialno (default MTSIM0001, MTSIM0002, … in start order); adb lists the phone by its address. */
  serial?: string;
  /** Require adb's RSA authentication on connect, as a secure device does. */
  auth?: boolean;
  /** On an emulator port, tell this adb server about the phone at once (and after offline spells), as an emulator does. */
  announceTo?: { port: number; host?: string };
  /** Freeze the phone's clock at this epoch ms. */
  frozenAt?: number;
  faults?: Partial<FaultSettings>;
  /** 'fast' (default) answers at once; 'real' takes what each command takes on a mid-range Android 14 phone. */
  timing?: TimingMode;
  /** How long `adb reboot` keeps the phone away, real ms (default about two seconds). */
  boot?: BootTiming;
  /**
   * Base URL of the Chat backend the Chat app talks to (from startChatServer, perhaps in another
   * process). Default: one backend shared by the phones of this process, started with the first.
   */
  chatServer?: string;
}

export interface Sim {
  readonly phone: Phone;
  /** The serial the adb server will list: `127.0.0.1:PORT` after `adb connect`, `emulator-N` for emulator ports. */
  readonly serial: string;
  readonly port: number;
  readonly serverPort: number | undefined;
  readonly services: ServiceHost;
  /** Every ADB service the phone served (hierarchy reads, screenshots, other commands) with its time on the phone. */
  readonly served: ServedLog;
  /** The Chat backend's base URL the phone's Chat app uses (undefined without Chat). */
  readonly chatServer: string | undefined;
  stop(): Promise<void>;
}

/** Phones started in this process, for their hardware serials (MTSIM0001, MTSIM0002, ...). */
let started = 0;

/** Starts the virtual iPhone: WebDriverAgent on a loopback port (0, the default, picks a free one). */
export function startSim(options: IosSimOptions): Promise<IosSim>;
/** Starts a virtual Android phone listening on loopback; stop() closes every connection. */
export function startSim(options?: SimOptions): Promise<Sim>;
export async function startSim(options: SimOptions | IosSimOptions = {}): Promise<Sim | IosSim> {
  if (options.platform === 'ios') return startIosSim(options);
  return startAndroidSim(options);
}

async function startAndroidSim(options: SimOptions): Promise<Sim> {
  // Compile the renderer while the phone boots, so the first screencap is as quick as the rest;
  // a failure here resurfaces, with its message, at the first screencap.
  prepareRenderer().catch(() => undefined);
  const host = options.host ?? '127.0.0.1';
  const apps = resolveApps(options.apps ?? Object.keys(sampleApps));
  const requested = options.port ?? 0;
  const serialFor = (port: number) => (isEmulatorPort(port) ? `emulator-${port - 1}` : `${host}:${port}`);
  const phone = createPhone({
    // The phone's own serial (ro.serialno) is its hardware's, never the address adb reaches it by.
    serial: options.serial ?? `MTSIM${String(++started).padStart(4, '0')}`,
    seed: options.seed,
    apps,
    frozenAt: options.frozenAt,
    faults: options.faults,
    timing: options.timing,
  });
  const served = new ServedLog();
  const services = countServices(createServiceHost(phone, phoneShell, { boot: options.boot }), served);
  const chat = await attachChat({ phone, apps, server: options.chatServer });
  const device = await listenDevice({ phone, services, port: requested, host, auth: options.auth, announceTo: options.announceTo }).catch(
    async (error: unknown) => {
      await chat.detach();
      throw error;
    },
  );
  const serial = serialFor(device.port);
  let server: { port: number; close(): Promise<void> } | undefined;
  try {
    if (options.serverPort !== undefined) {
      server = await listenHostServer({
        devices: () => [{ serial, phone, services, state: phone.faults.offline ? 'offline' : 'device' }],
        port: options.serverPort,
        host,
      });
    }
  } catch (error) {
    await Promise.all([device.close(), chat.detach()]);
    throw error;
  }
  return {
    phone,
    serial,
    port: device.port,
    serverPort: server?.port,
    services,
    served,
    chatServer: chat.url,
    async stop() {
      await Promise.all([device.close(), server?.close(), chat.detach()]);
    },
  };
}

function isEmulatorPort(port: number): boolean {
  return port >= 5555 && port <= 5585 && port % 2 === 1;
}
export { NOTE_TITLES } from './apps/notes/seed.js';
export { CANVAS_SCREENS, labelsOnScreen, type DrawnLabel } from './apps/canvas/index.js';
