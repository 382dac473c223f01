// Which iPhone the driver talks to: a WebDriverAgent URL, and the simulator behind it when xcrun is
// there to manage one (named, or the only one booted); a device whose WebDriverAgent another tool
// serves is reached through its URL alone.
import { DeviceNotFound } from '../errors/device-not-found.js';
import { SeveralDevices } from '../errors/several-devices.js';
import type { ListedSimulator } from './simulator.js';

export const DEFAULT_WDA_URL = 'http://127.0.0.1:8100';
const WHERE = 'xcrun simctl list devices';

export interface WdaAddress {
  /** The base URL, without a trailing slash. */
  url: string;
  /** Given by the caller or MOBILETEST_WDA_URL, not the default. */
  explicit: boolean;
  /** `host:port`: the device's id when nothing else names it. */
  hostPort: string;
}

/** WebDriverAgent's address: the given URL, else MOBILETEST_WDA_URL, else http://127.0.0.1:8100. */
export function wdaAddress(given: string | undefined, env: NodeJS.ProcessEnv = process.env): WdaAddress {
  const chosen = given ?? (env.MOBILETEST_WDA_URL || undefined);
  let parsed: URL;
  try {
    parsed = new URL(chosen ?? DEFAULT_WDA_URL);
  } catch {
    throw new TypeError(`"${chosen}" is not a WebDriverAgent URL (such as ${DEFAULT_WDA_URL})`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new TypeError(`"${chosen}" is not an http(s) URL`);
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
  return { url: parsed.href.replace(/\/+$/, ''), explicit: chosen !== undefined, hostPort: `${parsed.hostname}:${port}` };
}

/** The simulator to drive, or 'wda-only' for a device simctl does not manage (reached through an explicit WebDriverAgent URL). */
export function chooseSimulator(options: { wanted: string | undefined; simulators: ListedSimulator[]; explicitWda: boolean }): ListedSimulator | 'wda-only' {
  const { wanted, simulators, explicitWda } = options;
  if (wanted !== undefined) {
    const found = simulators.find((simulator) => simulator.id === wanted);
    if (found) return found;
    if (explicitWda) return 'wda-only';
    throw new DeviceNotFound({
      wanted,
      available: simulators,
      where: WHERE,
      hint: 'check the UDID (xcrun simctl list devices); for a real device, also pass the URL of its WebDriverAgent (--wda-url)',
    });
  }
  const booted = simulators.filter((simulator) => simulator.state === 'Booted');
  if (booted.length === 1) return booted[0];
  if (booted.length > 1) {
    throw new SeveralDevices({ available: booted, where: WHERE, hint: 'name one with --udid or MOBILETEST_IOS_UDID' });
  }
  if (explicitWda) return 'wda-only';
  throw new DeviceNotFound({
    wanted: undefined,
    available: simulators,
    where: WHERE,
    hint: 'boot a simulator (xcrun simctl boot "iPhone 15", or open Simulator.app) or name one with --udid; for a real device pass its WebDriverAgent URL (--wda-url)',
  });
}
