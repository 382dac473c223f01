// What the adb server in use lists, asked without ever starting one.
import net from 'node:net';
import { AndroidDriver, type ListedDevice } from '../../../src/drivers/index.js';
import { adbServerAddress } from '../../../src/drivers/android/server-address.js';

function listening(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (value: boolean): void => {
      socket.destroy();
      resolve(value);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

export interface AdbListing {
  /** `the adb server at 127.0.0.1:5037`, for messages. */
  where: string;
  /** undefined when no adb server is running there. */
  devices: ListedDevice[] | undefined;
}

/** The devices of the adb server (ADB_SERVER_SOCKET or localhost:5037); no server running is an answer, not an error. */
export async function adbDevices(): Promise<AdbListing> {
  const address = adbServerAddress();
  if (!(await listening(address.host, address.port))) return { where: address.describe, devices: undefined };
  return { where: address.describe, devices: await AndroidDriver.devices({ timeoutMs: 10_000 }) };
}

export function usable(devices: ListedDevice[] | undefined): string[] {
  return (devices ?? [])
    .filter((d) => d.state === 'device')
    .map((d) => d.id)
    .sort();
}

export function describeListing(listing: AdbListing): string {
  if (listing.devices === undefined) return `no adb server is running (${listing.where}); start one with \`adb start-server\`, or use device 'sim'`;
  if (listing.devices.length === 0) return `${listing.where} lists no devices`;
  return `${listing.where} lists ${listing.devices.map((d) => (d.state === 'device' ? d.id : `${d.id} (${d.state})`)).join(', ')}`;
}
