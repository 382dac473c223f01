import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import adbkit from '@devicefarmer/adbkit';
import { expect, test } from '@playwright/test';
import { phoneShell } from '../shell/index.js';
import type { Phone } from '../types.js';
import { listenDevice, type DeviceListener } from './device-transport.js';
import { listenHostServer, type HostServerListener } from './host-server.js';
import { createServiceHost } from './services.js';
import { createPhone } from '../phone.js';
import { PrivateAdbServer, adbMissingReason } from '../private-adb.js';

const { Adb } = adbkit;
type Client = ReturnType<typeof Adb.createClient>;
interface LogReader {
  on(event: 'entry', listener: (entry: { tag: string; message: string }) => void): unknown;
  end(): unknown;
}

let phone: Phone;
let device: DeviceListener;
let server: HostServerListener;
let client: Client;
const serial = 'MTSIM0001';

test.beforeAll(async () => {
  phone = createPhone({ serial, apps: [], frozenAt: Date.UTC(2024, 4, 1, 9, 30) });
  const services = createServiceHost(phone, phoneShell);
  server = await listenHostServer({ devices: () => [{ serial, phone, services }], port: 0, log: () => undefined });
  client = Adb.createClient({ host: '127.0.0.1', port: server.port });
  device = await listenDevice({ phone, services, port: 0 });
});

test.afterAll(async () => {
  await server?.close();
  await device?.close();
});

test('adbkit lists the phone and reads its features and state from the mobiletest server port', async () => {
  expect(await client.version()).toBe(0x29);
  expect(await client.listDevices()).toEqual([{ id: serial, type: 'device' }]);
  // Like adb for TCP devices and emulators, the long listing has no devpath column (adbkit expects one).
  const [entry] = await client.listDevicesWithPaths();
  expect(entry).toMatchObject({ id: serial, type: 'device', path: 'product:mtsim_phone', product: 'model:mobiletest_Virtual_Phone', model: 'device:mtsim' });
  const phoneClient = client.getDevice(serial);
  expect(await phoneClient.getState()).toBe('device');
  // adbkit 3.3.9's getSerialNo() sends get-devpath; both answer as adb does for a TCP device.
  expect(await phoneClient.getDevicePath()).toBe('unknown');
  expect(await phoneClient.waitForDevice()).toBe(serial);
});

test('adbkit shell, push, pull, stat and readdir through the mobiletest server port', async () => {
  await expectDeviceWorks(client, serial);
});

test('adbkit openLogcat streams new entries through the mobiletest server port', async () => {
  const target = client.getDevice(serial);
  // adbkit 3.3.9 declares openLogcat() as returning the Logcat class; it resolves with a logcat Reader.
  const logcat = (await target.openLogcat({ clear: true })) as unknown as LogReader;
  const logLines: string[] = [];
  logcat.on('entry', (entry) => logLines.push(`${entry.tag}: ${entry.message}`));
  phone.logcat.append({ pid: 1234, tid: 1234, priority: 'I', tag: 'AdbkitTest', message: `hello ${serial}`, buffer: 'main' });
  await expect.poll(() => logLines).toContain(`AdbkitTest: hello ${serial}`);
  logcat.end();
});

test("adbkit reports an unknown serial with adb's message", async () => {
  await expect(Promise.resolve(client.getDevice('nope').shell('echo'))).rejects.toThrow("device 'nope' not found");
});

test('adbkit trackDevices sees the phone go offline and come back', async () => {
  const tracker = await client.trackDevices();
  const seen: string[] = [];
  // The initial list may be read before these listeners exist, as with the real adb server.
  tracker.on('change', (entry: { id: string; type: string }) => seen.push(`${entry.id} ${entry.type}`));
  phone.faults.goOffline();
  await expect.poll(() => seen.at(-1)).toBe(`${serial} offline`);
  await expect(Promise.resolve(client.getDevice(serial).shell('echo'))).rejects.toThrow('device offline');
  phone.faults.goOnline();
  await expect.poll(() => seen.at(-1)).toBe(`${serial} device`);
  tracker.end();
});

test.describe('through the real adb server', () => {
  let adb: PrivateAdbServer;
  test.beforeAll(async () => {
    const reason = adbMissingReason();
    test.skip(!!reason, reason);
    adb = await PrivateAdbServer.start();
  });
  test.afterAll(async () => {
    await adb?.stop();
  });

  test('adbkit connects to the device port and uses it like a phone', async () => {
    const viaAdb = Adb.createClient({ host: '127.0.0.1', port: adb.port });
    const id = await viaAdb.connect('127.0.0.1', device.port);
    expect(id).toBe(`127.0.0.1:${device.port}`);
    await adb.waitForState(id, 'device');
    expect(await viaAdb.listDevices()).toContainEqual({ id, type: 'device' });
    await expectDeviceWorks(viaAdb, id);
  });
});

async function expectDeviceWorks(adbClient: Client, id: string): Promise<void> {
  const target = adbClient.getDevice(id);
  const output = await Adb.util.readAll(await target.shell('echo hello from 42'));
  expect(output.toString()).toBe('hello from 42\n');
  expect(await target.getProperties()).toMatchObject({ 'ro.product.model': 'mobiletest Virtual Phone', 'ro.build.version.sdk': '34' });
  expect(await target.getFeatures()).toMatchObject({ 'android.hardware.touchscreen': true });

  const png = await Adb.util.readAll(await target.screencap());
  expect(sha256(png)).toBe(sha256(await phone.screenshotPng()));

  const data = randomBytes(256 * 1024 + 17);
  const push = await target.push(Readable.from([data], { objectMode: false }), '/data/local/tmp/kit.bin');
  await new Promise((resolve, reject) => {
    push.on('end', resolve);
    push.on('error', reject);
  });
  expect(sha256(phone.fs.read('/data/local/tmp/kit.bin') ?? Buffer.alloc(0))).toBe(sha256(data));

  const pulled = await Adb.util.readAll(await target.pull('/data/local/tmp/kit.bin'));
  expect(sha256(pulled)).toBe(sha256(data));

  const stats = await target.stat('/data/local/tmp/kit.bin');
  expect(stats.size).toBe(data.length);
  expect(stats.isFile()).toBe(true);
  const entries = await target.readdir('/data/local/tmp');
  expect(entries.map((entry: { name: string }) => entry.name)).toContain('kit.bin');

  const missing = await target.pull('/data/local/tmp/missing');
  // adbkit ends the transfer before it emits the device's FAIL as an error.
  const failure = await new Promise<Error>((resolve) => {
    missing.on('error', resolve);
    missing.resume();
  });
  expect(failure.message).toContain('open failed: No such file or directory');
  const denied = await target.push(Readable.from([Buffer.from('x')], { objectMode: false }), '/system/denied.txt');
  await expect(
    new Promise((resolve, reject) => {
      denied.on('end', resolve);
      denied.on('error', reject);
    }),
  ).rejects.toThrow("couldn't create file: Read-only file system");
}

function sha256(data: Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}
