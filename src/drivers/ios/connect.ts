// Connecting: find xcrun and the simulator (booting a named one that is shut down), check that
// WebDriverAgent answers, open a session and read the screen's scale.
import { DeviceCalls } from '../calls.js';
import { UnsupportedDevice } from '../errors/unsupported-device.js';
import type { CallOptions } from '../types.js';
import { chooseSimulator, wdaAddress, type WdaAddress } from './discovery.js';
import type { IosDevice, IosScope, ManagedSimulator } from './ios-device.js';
import { readScale } from './screen.js';
import { bootSimulator, findXcrun, listSimulators, type Xcrun } from './simulator.js';
import { WdaClient } from './wda-client.js';
import { WdaUnavailable } from './wda-unavailable.js';

/** How to reach the iPhone; signal and timeoutMs bound connect() itself (default 60 s, time for a simulator to boot). */
export interface IosConnectOptions extends CallOptions {
  /** WebDriverAgent's URL; default MOBILETEST_WDA_URL, else http://127.0.0.1:8100. */
  wdaUrl?: string;
  /** The simulator's (or a real device's) UDID; default MOBILETEST_IOS_UDID, else the only booted simulator. */
  udid?: string;
  /** Deadline for calls made without timeoutMs (default 30 s). */
  defaultTimeoutMs?: number;
  /** An app to open the session with: WebDriverAgent launches it. */
  bundleId?: string;
  /** The source's form: WebDriverAgent's XML (default) or its JSON. */
  hierarchyFormat?: 'wda-xml' | 'wda-json';
  /** The xcrun to run; default XCRUN_BINARY, else xcrun on PATH. */
  xcrun?: string;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 60_000;
export const NO_XCRUN_HINT =
  'iOS simulators need macOS with Xcode (xcrun simctl); for a device whose WebDriverAgent runs elsewhere, pass its URL (--wda-url or MOBILETEST_WDA_URL)';

/** What connect found, for the driver to keep. */
export interface Connection {
  device: IosDevice;
  calls: DeviceCalls;
}

export async function connect(options: IosConnectOptions): Promise<Connection> {
  const address = wdaAddress(options.wdaUrl);
  const wanted = options.udid ?? (process.env.MOBILETEST_IOS_UDID || undefined);
  const defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeoutMs = options.timeoutMs ?? Math.max(defaultTimeoutMs, CONNECT_TIMEOUT_MS);
  const setup = new DeviceCalls({
    device: wanted ?? address.url,
    defaultTimeoutMs: timeoutMs,
    timeoutHint: `check that WebDriverAgent answers at ${address.url}/status`,
  });
  return setup.run('connect', { signal: options.signal, timeoutMs }, async (callScope) => {
    const scope: IosScope = { signal: callScope.signal, step: callScope.step, timeoutMs };
    scope.step('find xcrun');
    const xcrun = await findXcrun(options.xcrun);
    if (!xcrun && !address.explicit) throw new UnsupportedDevice({ device: wanted ?? address.url, missing: 'xcrun simctl', hint: NO_XCRUN_HINT });
    let simulator = xcrun ? await pickSimulator(scope, { xcrun, wanted, address }) : undefined;
    const capabilities = {};
    let wda = new WdaClient(address.url, { device: simulator?.udid ?? wanted ?? address.hostPort, capabilities });
    const status = await wda.status(scope);
    if (!status.ready) throw new WdaUnavailable({ device: wda.device, url: address.url, reason: `it is not ready: ${status.message ?? 'no reason given'}` });
    // The only booted simulator was a guess: a WebDriverAgent given by URL that runs on a real device is that device.
    if (simulator && wanted === undefined && address.explicit && status.osName !== undefined && status.simulatorVersion === undefined) {
      simulator = undefined;
      wda = new WdaClient(address.url, { device: address.hostPort, capabilities });
    }
    await wda.openSession(scope, options.bundleId === undefined ? {} : { bundleId: options.bundleId });
    scope.step('GET /wda/screen');
    const scale = await readScale(wda, scope);
    const calls = new DeviceCalls({
      device: wda.device,
      defaultTimeoutMs,
      timeoutHint: `check that WebDriverAgent answers (curl ${address.url}/status), or give the call more time with timeoutMs`,
    });
    const device: IosDevice = { id: wda.device, wda, scale, simulator, format: options.hierarchyFormat ?? 'wda-xml', elementQueries: true };
    return { device, calls };
  });
}

/** The simulator to drive, booted; undefined for a device simctl does not manage. */
async function pickSimulator(
  scope: IosScope,
  { xcrun, wanted, address }: { xcrun: Xcrun; wanted: string | undefined; address: WdaAddress },
): Promise<ManagedSimulator | undefined> {
  scope.step('xcrun simctl list devices');
  const chosen = chooseSimulator({ wanted, simulators: await listSimulators(scope, xcrun), explicitWda: address.explicit });
  if (chosen === 'wda-only') return undefined;
  if (chosen.state !== 'Booted') await bootSimulator(scope, { xcrun, udid: chosen.id });
  return { udid: chosen.id, name: chosen.name, runtime: chosen.runtime, xcrun };
}
