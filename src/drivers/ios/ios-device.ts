// What every iOS call works with: the device's id, its WebDriverAgent, the screen's scale, and the
// simulator behind it when xcrun manages one.
import { UnsupportedDevice } from '../errors/unsupported-device.js';
import type { SimctlScope, Xcrun } from './simulator.js';
import type { WdaClient } from './wda-client.js';
import { WdaCommandFailed } from './wda-command-failed.js';
import { WDA_ERRORS } from './wda-response.js';

/** The simulator behind the WebDriverAgent, as simctl lists it. */
export interface ManagedSimulator {
  udid: string;
  name: string;
  runtime: string;
  xcrun: Xcrun;
}

export interface IosDevice {
  /** The simulator's UDID, a real device's UDID, or WebDriverAgent's host:port. */
  readonly id: string;
  readonly wda: WdaClient;
  /** Device pixels per point. */
  readonly scale: number;
  readonly simulator: ManagedSimulator | undefined;
  readonly format: 'wda-xml' | 'wda-json';
  /** False once WebDriverAgent has refused an element query: the driver reads the source instead. */
  elementQueries: boolean;
}

/** A call's scope: its signal, its step label and the time it has. */
export type IosScope = SimctlScope;

/** The simulator and xcrun a call needs; a device reached through WebDriverAgent alone cannot do it. */
export function needSimulator(device: IosDevice, what: string): { xcrun: Xcrun; udid: string } {
  if (device.simulator) return { xcrun: device.simulator.xcrun, udid: device.simulator.udid };
  throw new UnsupportedDevice({
    device: device.id,
    missing: `${what} (it needs xcrun simctl and a simulator)`,
    hint: 'iOS simulators need macOS with Xcode; a device reached through its WebDriverAgent URL alone cannot do this',
  });
}

/** A bundle id, checked before it goes into any request or command. */
export function checkBundleId(bundleId: string): string {
  if (typeof bundleId !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)+$/.test(bundleId)) {
    throw new TypeError(`"${bundleId}" is not an iOS bundle id (such as com.example.shop)`);
  }
  return bundleId;
}

/** Whether WebDriverAgent refused a request because it does not serve the route or the query kind. */
export function isNotServed(error: unknown): boolean {
  if (!(error instanceof WdaCommandFailed)) return false;
  const codes: string[] = [WDA_ERRORS.unknownCommand, WDA_ERRORS.unknownMethod, WDA_ERRORS.invalidSelector];
  return codes.includes(error.error) || (error.status === 404 && error.error.startsWith('HTTP'));
}

/** Whether WebDriverAgent answered that no alert is open. */
export function isNoAlert(error: unknown): boolean {
  return error instanceof WdaCommandFailed && error.error === WDA_ERRORS.noSuchAlert;
}
