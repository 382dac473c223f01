import { execFile } from 'node:child_process';
import net from 'node:net';
import { DeviceNotFound, type ListedDevice } from '../errors/device-not-found.js';
import { SeveralDevices } from '../errors/several-devices.js';
import { AdbServerUnavailable } from './adb-server-unavailable.js';
import type { AdbClient } from './adb-client.js';
import type { CallScope } from '../calls.js';
import type { AdbServerAddress } from './server-address.js';

/** What to tell the user about a device adb lists in a state other than `device`. */
const STATE_HINTS: Record<string, string> = {
  unauthorized: 'accept the "Allow USB debugging?" prompt on the phone',
  offline: 'the device is not answering adb: reconnect it or restart the adb server',
  authorizing: 'the device is still being authorised: try again in a moment',
  connecting: 'adb is still connecting to it: try again in a moment',
};

/** Whether something accepts connections at the adb server's address (without starting one). */
export function serverListening(address: AdbServerAddress, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address.host, port: address.port });
    const done = (value: boolean | Error): void => {
      signal.removeEventListener('abort', onAbort);
      socket.destroy();
      if (value instanceof Error) reject(value);
      else resolve(value);
    };
    const onAbort = (): void => done(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Starts the default local adb server with the adb CLI, as `adb devices` would. */
export function startLocalServer(address: AdbServerAddress, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile('adb', ['-P', String(address.port), 'start-server'], { signal }, (error, _stdout, stderr) => {
      if (!error) return resolve();
      if (signal.aborted) return reject(signal.reason);
      const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
      reject(
        new AdbServerUnavailable({
          device: '',
          where: address.describe,
          reason: missing
            ? 'nothing is listening there and the adb binary is not installed to start it'
            : `adb start-server failed: ${stderr.trim() || error.message}`,
        }),
      );
    });
  });
}

/** The devices the adb server lists, with their states (`host:devices`). */
export async function listDevices(client: AdbClient, address: AdbServerAddress, signal: AbortSignal): Promise<ListedDevice[]> {
  let listing: string;
  try {
    listing = await hostQuery(client, 'host:devices', signal);
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw new AdbServerUnavailable({ device: '', where: address.describe, reason: error instanceof Error ? error.message : String(error) });
  }
  return listing.split('\n').flatMap((line) => {
    const [id, state] = line.trim().split(/\s+/);
    return id && state ? [{ id, state }] : [];
  });
}

/** The serial to use: the wanted one if it is usable, else the only usable device; a clear error otherwise. */
export function chooseDevice(options: { wanted: string | undefined; devices: ListedDevice[]; address: AdbServerAddress }): string {
  const { wanted, devices, address } = options;
  if (wanted !== undefined) {
    const found = devices.find((device) => device.id === wanted);
    if (found?.state === 'device') return wanted;
    const hint = found
      ? (STATE_HINTS[found.state] ?? `adb lists it as ${found.state}`)
      : 'check the serial (adb devices), or for a network device run `adb connect HOST:PORT` first';
    throw new DeviceNotFound({ wanted, available: devices, where: address.describe, hint });
  }
  const usable = devices.filter((device) => device.state === 'device');
  if (usable.length === 1) return usable[0].id;
  if (usable.length === 0) {
    throw new DeviceNotFound({
      wanted: undefined,
      available: devices,
      where: address.describe,
      hint: 'connect a phone with USB debugging on, start an emulator, or run `npx mobiletest sim`',
    });
  }
  throw new SeveralDevices({ available: usable, where: address.describe, hint: 'name one with { serial } or ANDROID_SERIAL' });
}

/** The device's adb transport features (`shell_v2`, `cmd`, …), from `host-serial:SERIAL:features`. */
export async function transportFeatures(client: AdbClient, serial: string, signal: AbortSignal): Promise<string[]> {
  return (await hostQuery(client, `host-serial:${serial}:features`, signal)).split(',').filter(Boolean);
}

/** One request to the adb server and its length-prefixed answer; the connection closes when the signal fires. */
async function hostQuery(client: AdbClient, request: string, signal: AbortSignal): Promise<string> {
  const connection = await client.connection();
  const onAbort = (): void => {
    connection.end();
  };
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    if (signal.aborted) throw signal.reason;
    const bytes = Buffer.from(request);
    connection.write(Buffer.concat([Buffer.from(bytes.length.toString(16).padStart(4, '0')), bytes]));
    const reply = await connection.parser.readAscii(4);
    if (reply !== 'OKAY') {
      throw new Error(reply === 'FAIL' ? (await connection.parser.readValue()).toString('utf8') : `unexpected reply ${reply} to ${request}`);
    }
    return (await connection.parser.readValue()).toString('utf8');
  } finally {
    signal.removeEventListener('abort', onAbort);
    connection.end();
  }
}

/** Checks the adb server is there; only the default local server is started when it is not, as the adb CLI does. */
export async function reachServer(address: AdbServerAddress, scope: CallScope): Promise<void> {
  scope.step(`reach ${address.describe}`);
  if (await serverListening(address, scope.signal)) return;
  if (address.explicit) throw new AdbServerUnavailable({ device: '', where: address.describe, reason: 'nothing is listening there' });
  scope.step('adb start-server');
  await startLocalServer(address, scope.signal);
}
