import net from 'node:net';
import { expect, test } from '@playwright/test';
import { PrivateAdbServer, adbMissingReason, freePort, startSim, type Sim } from '../../sim/index.js';
import { DeviceNotFound } from '../errors/device-not-found.js';
import { SeveralDevices } from '../errors/several-devices.js';
import { DeviceDisconnected } from '../errors/device-disconnected.js';
import { DeviceTimeout } from '../errors/device-timeout.js';
import { AdbServerUnavailable } from './adb-server-unavailable.js';
import { AndroidDriver } from './android-driver.js';

/** Runs body with environment variables set (or removed, for undefined), then puts them back. */
async function withEnv<T>(values: Record<string, string | undefined>, body: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(values).map((key) => [key, process.env[key]]));
  const apply = (entries: Record<string, string | undefined>): void => {
    for (const [key, value] of Object.entries(entries)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  apply(values);
  try {
    return await body();
  } finally {
    apply(saved);
  }
}

const NO_CHOICE = { ANDROID_SERIAL: undefined, ADB_SERVER_SOCKET: undefined };

/** Whether a loopback port refuses connections (nothing, such as an adb server, listens there). */
function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port }, () => {
      socket.destroy();
      resolve(false);
    });
    socket.on('error', () => resolve(true));
  });
}

test.describe('finding the device through the real adb server', () => {
  test.describe.configure({ mode: 'serial' });
  let server: PrivateAdbServer;
  const phones: Sim[] = [];

  test.beforeAll(async () => {
    const reason = adbMissingReason();
    test.skip(!!reason, reason);
    server = await PrivateAdbServer.start();
  });

  test.afterAll(async () => {
    await server?.stop();
    await Promise.all(phones.map((phone) => phone.stop()));
  });

  test('with no device connected, connect says so and names the server', async () => {
    const error = await withEnv(NO_CHOICE, () => AndroidDriver.connect({ port: server.port })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeviceNotFound);
    expect((error as DeviceNotFound).available).toEqual([]);
    expect((error as Error).message).toContain(`127.0.0.1:${server.port}`);
    expect((error as Error).message).toContain('no devices are connected');
  });

  test('with one device, connect picks it without being told its serial', async () => {
    phones.push(await startSim({ port: 0, seed: 3, apps: ['settings'] }));
    const serial = await server.connect(phones[0]);
    const driver = await withEnv(NO_CHOICE, () => AndroidDriver.connect({ port: server.port }));
    expect(driver.id).toBe(serial);
    expect((await driver.deviceInfo()).model).toBe('mobiletest Virtual Phone');
    await driver.close();
  });

  test('with several devices, connect lists them and wants a serial; a wrong serial is not found; ANDROID_SERIAL picks one', async () => {
    phones.push(await startSim({ port: 0, seed: 4, apps: ['settings'] }));
    const second = await server.connect(phones[1]);
    const first = `127.0.0.1:${phones[0].port}`;
    const several = await withEnv(NO_CHOICE, () => AndroidDriver.connect({ port: server.port })).catch((e: unknown) => e);
    expect(several).toBeInstanceOf(SeveralDevices);
    expect((several as SeveralDevices).available.map((d) => d.id).sort()).toEqual([first, second].sort());
    expect((several as Error).message).toContain('ANDROID_SERIAL');

    const wrong = await AndroidDriver.connect({ port: server.port, serial: '127.0.0.1:1' }).catch((e: unknown) => e);
    expect(wrong).toBeInstanceOf(DeviceNotFound);
    expect((wrong as Error).message).toContain(`${first} (device)`);
    expect((wrong as Error).message).toContain(`${second} (device)`);

    const chosen = await withEnv({ ANDROID_SERIAL: second }, () => AndroidDriver.connect({ port: server.port }));
    expect(chosen.id).toBe(second);
    await chosen.close();
    expect((await AndroidDriver.devices({ port: server.port })).map((d) => d.id).sort()).toEqual([first, second].sort());
  });
});

test.describe("finding the device on the phone's own server port", () => {
  let sim: Sim;

  test.beforeAll(async () => {
    sim = await startSim({ port: 0, serverPort: 0, seed: 5, apps: ['settings'] });
  });

  test.afterAll(async () => {
    await sim?.stop();
  });

  test('ADB_SERVER_SOCKET points connect at the server when no address is given', async () => {
    const driver = await withEnv({ ...NO_CHOICE, ADB_SERVER_SOCKET: `tcp:127.0.0.1:${sim.serverPort}` }, () => AndroidDriver.connect());
    expect(driver.id).toBe(sim.serial);
    await driver.close();
  });

  test('a device adb lists as offline is not usable, and the error says so', async () => {
    sim.phone.faults.goOffline();
    try {
      const error = await AndroidDriver.connect({ port: sim.serverPort, serial: sim.serial }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DeviceNotFound);
      expect((error as Error).message).toContain(`${sim.serial} (offline)`);
      expect((error as Error).message).toContain('not answering adb');
    } finally {
      sim.phone.faults.goOnline();
    }
  });

  test('nothing listening at the address is AdbServerUnavailable, and no server is started there', async () => {
    const port = await freePort();
    const error = await AndroidDriver.connect({ port }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AdbServerUnavailable);
    expect((error as Error).message).toContain(`127.0.0.1:${port}`);
    await expect(AndroidDriver.devices({ port })).rejects.toBeInstanceOf(AdbServerUnavailable);
    expect(await refused(port)).toBe(true);
  });
});

test('a server that accepts but never answers makes connect time out, saying what it waited for', async () => {
  const held = new Set<net.Socket>();
  const silent = net.createServer((socket) => {
    held.add(socket);
    socket.resume();
    socket.on('close', () => held.delete(socket));
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as net.AddressInfo;
  try {
    const error = await AndroidDriver.connect({ port, timeoutMs: 200 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeviceTimeout);
    expect((error as Error).message).toContain('"connect: adb devices"');
    expect((error as Error).message).toContain(`127.0.0.1:${port}`);
    // The driver hung up when it gave up: no connection is left waiting.
    await expect.poll(() => held.size).toBe(0);
  } finally {
    silent.close();
  }
});

test('when the phone behind a server port stops, calls in flight and after fail, and no adb server takes over its port', async () => {
  const sim = await startSim({ port: 0, serverPort: 0, seed: 6, apps: ['settings'] });
  const driver = await AndroidDriver.connect({ port: sim.serverPort });
  sim.phone.faults.set({ latencyMs: 200 });
  const inFlight = driver.screenshot().catch((e: unknown) => e);
  // Let the request reach the phone, where the latency holds it.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await sim.stop();
  expect(await inFlight).toBeInstanceOf(DeviceDisconnected);
  expect(await driver.hierarchy().catch((e: unknown) => e)).toBeInstanceOf(AdbServerUnavailable);
  await driver.close();
  expect(await refused(sim.serverPort ?? 0)).toBe(true);
});
