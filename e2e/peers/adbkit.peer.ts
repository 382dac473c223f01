// @devicefarmer/adbkit (as STF and many device farms use it) against the phone through the real adb server.
import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import adbkit from '@devicefarmer/adbkit';
import { PNG } from 'pngjs';
import { freePort } from '../../src/sim/index.js';
import { NOT_APK_FAILURE, NOTES, SHOP, expect, focusedWindow, test } from './phone.js';

const { Adb } = adbkit;
type Client = ReturnType<typeof Adb.createClient>;
type Device = ReturnType<Client['getDevice']>;
interface LogReader {
  on(event: 'entry', listener: (entry: { tag: string; message: string; priority: number }) => void): unknown;
  end(): unknown;
}

function connect(port: number, serial: string): { client: Client; device: Device } {
  const client = Adb.createClient({ host: '127.0.0.1', port });
  return { client, device: client.getDevice(serial) };
}

async function shellText(device: Device, command: string): Promise<string> {
  return (await Adb.util.readAll(await device.shell(command))).toString('utf8');
}

function finished(transfer: NodeJS.EventEmitter): Promise<void> {
  return new Promise((resolve, reject) => {
    transfer.on('end', resolve);
    transfer.on('error', reject);
  });
}

const sha256 = (data: Buffer): string => createHash('sha256').update(data).digest('hex');

test('adbkit lists the phone, reads its properties and its packages', async ({ peer }) => {
  const { client, device } = connect(peer.port, peer.serial);
  expect(await client.listDevices()).toContainEqual({ id: peer.serial, type: 'device' });
  const props = await device.getProperties();
  expect(props).toMatchObject({ 'ro.build.version.sdk': '34', 'ro.build.version.release': '14', 'ro.build.type': 'user' });
  const packages = await device.getPackages();
  expect(packages).toEqual(expect.arrayContaining([SHOP, NOTES, 'com.android.settings', 'android']));
  expect(await device.isInstalled(SHOP)).toBe(true);
  expect(await device.isInstalled('com.example.nothing')).toBe(false);
});

test('adbkit shell runs a command and startActivity brings Shop to the front', async ({ peer }) => {
  const { device } = connect(peer.port, peer.serial);
  expect(await shellText(device, 'echo hi; getprop ro.product.cpu.abi')).toMatch(/^hi\n\S+\n$/);
  await shellText(device, `pm grant ${SHOP} android.permission.POST_NOTIFICATIONS`);
  expect(await device.startActivity({ component: `${SHOP}/.MainActivity`, wait: true })).toBe(true);
  await expect.poll(() => focusedWindow(peer.phone)).toMatch(new RegExp(`^${SHOP}/`));
});

test('adbkit screencap gives a PNG of the whole screen; framebuffer gets the version 2 header it misreads on any Android 10+ phone', async ({ peer }) => {
  const { device } = connect(peer.port, peer.serial);
  const size = /(\d+)x(\d+)/.exec(await shellText(device, 'wm size'));
  const [width, height] = [Number(size?.[1]), Number(size?.[2])];
  await test.step('screencap', async () => {
    const png = PNG.sync.read(await Adb.util.readAll(await device.screencap()));
    expect([png.width, png.height]).toEqual([width, height]);
  });
  const framebuffer = await device.framebuffer('raw');
  // adbkit 3.3 reads 52 bytes in the version 1 layout. adbd's version 2 header has a colour space after
  // bpp, so adbkit takes sRGB (1) for the size, the size for the width and the width for the height, and
  // the header's last field (alpha length) arrives as the first 4 bytes of the pixels.
  expect(framebuffer.meta).toMatchObject({ version: 2, bpp: 32, size: 1, width: width * height * 4, height: width });
  const raw = await Adb.util.readAll(framebuffer);
  expect(raw.length).toBe(4 + width * height * 4);
  expect(raw.readUInt32LE(0)).toBe(8);
});

test('adbkit openLogcat streams what an app logs', async ({ peer }) => {
  const { device } = connect(peer.port, peer.serial);
  const logcat = (await device.openLogcat({ clear: true })) as unknown as LogReader;
  const seen: string[] = [];
  logcat.on('entry', (entry) => seen.push(`${entry.tag}: ${entry.message}`));
  try {
    await shellText(device, 'log -t PeerCheck "hello from adbkit"');
    await expect.poll(() => seen).toContain('PeerCheck: hello from adbkit');
  } finally {
    logcat.end();
  }
});

test('adbkit forward and reverse are listed as adb lists them, and removed', async ({ peer }) => {
  const { device } = connect(peer.port, peer.serial);
  await test.step('forward', async () => {
    const local = `tcp:${await freePort()}`;
    expect(await device.forward(local, 'tcp:8080')).toBe(true);
    expect(await device.listForwards()).toEqual([{ serial: peer.serial, local, remote: 'tcp:8080' }]);
  });
  await test.step('reverse', async () => {
    expect(await device.reverse('tcp:9000', 'tcp:9001')).toBe(true);
    expect(await device.reverse('localabstract:peer', 'tcp:9002')).toBe(true);
    expect(await device.listReverses()).toEqual([
      { remote: 'tcp:9000', local: 'tcp:9001' },
      { remote: 'localabstract:peer', local: 'tcp:9002' },
    ]);
    await peer.adb.ok(['-s', peer.serial, 'reverse', '--remove', 'tcp:9000']);
    expect(await device.listReverses()).toEqual([{ remote: 'localabstract:peer', local: 'tcp:9002' }]);
  });
});

test('adbkit sync pushes a file, stats it and pulls it back byte for byte', async ({ peer }) => {
  const { device } = connect(peer.port, peer.serial);
  const data = randomBytes(200 * 1024 + 3);
  await finished(await device.push(Readable.from([data], { objectMode: false }), '/sdcard/Download/peer.bin'));
  expect((await device.stat('/sdcard/Download/peer.bin')).size).toBe(data.length);
  expect((await device.readdir('/sdcard/Download')).map((entry) => entry.name)).toContain('peer.bin');
  expect(sha256(await Adb.util.readAll(await device.pull('/sdcard/Download/peer.bin')))).toBe(sha256(data));
  expect(await shellText(device, 'ls -l /sdcard/Download/peer.bin')).toContain(String(data.length));
});

test('adbkit openProcStat reads the CPU counters from /proc/stat', async ({ peer }) => {
  const { device } = connect(peer.port, peer.serial);
  const stats = await device.openProcStat();
  const loads = await new Promise<Record<string, { total: number }>>((resolve, reject) => {
    stats.on('load', resolve);
    stats.on('error', reject);
  });
  stats.end();
  expect(Object.keys(loads)).toEqual(expect.arrayContaining(['cpu0']));
});

test('adbkit install of a file that is not an APK fails as pm does; uninstall removes Notes', async ({ peer }) => {
  const { device } = connect(peer.port, peer.serial);
  await expect.soft(Promise.resolve(device.install(Readable.from([Buffer.from('not a zip file')], { objectMode: false })))).rejects.toThrow(NOT_APK_FAILURE);
  expect(await device.uninstall(NOTES)).toBe(true);
  expect(await device.isInstalled(NOTES)).toBe(false);
  expect(await shellText(device, 'pm list packages')).not.toContain(`package:${NOTES}\n`);
});

test('adbkit reboot takes the phone offline, and it comes back booted with no app running', async ({ peer }) => {
  const { client, device } = connect(peer.port, peer.serial);
  await shellText(device, `pm grant ${SHOP} android.permission.POST_NOTIFICATIONS`);
  await device.startActivity({ component: `${SHOP}/.MainActivity`, wait: true });
  expect(await shellText(device, `pidof ${SHOP}`)).toMatch(/^\d+\n$/);
  const tracker = await client.trackDevices();
  const seen: string[] = [];
  tracker.on('change', (entry: { id: string; type: string }) => seen.push(entry.type));
  tracker.on('remove', () => seen.push('gone'));
  try {
    expect(await device.reboot()).toBe(true);
    await expect.poll(() => seen.some((state) => state !== 'device'), { timeout: 15_000 }).toBe(true);
    await expect.poll(async () => (await client.listDevices()).find((d) => d.id === peer.serial)?.type, { timeout: 30_000 }).toBe('device');
    expect(await device.waitBootComplete()).toBe(true);
    expect(await shellText(device, `pidof ${SHOP} || true`)).toBe('');
  } finally {
    tracker.end();
  }
});

test('adbkit trackJdwp lists no debuggable process on a user build', async ({ peer }) => {
  const { device } = connect(peer.port, peer.serial);
  await shellText(device, `pm grant ${SHOP} android.permission.POST_NOTIFICATIONS`);
  await device.startActivity({ component: `${SHOP}/.MainActivity`, wait: true });
  const tracker = await device.trackJdwp();
  try {
    const pids = await new Promise<string[]>((resolve, reject) => {
      tracker.once('changeSet', (_changes: unknown, list: string[]) => resolve(list));
      tracker.once('error', reject);
    });
    expect(pids).toEqual([]);
  } finally {
    tracker.end();
  }
});
