// @midscene/android's AndroidDevice, the device layer under Midscene's AI agent, with no model calls:
// it reaches the phone through appium-adb and the real adb server (remoteAdbHost/remoteAdbPort).
import { AndroidDevice } from '@midscene/android';
import sharp from 'sharp';
import { SETTINGS, SHOP, expect, focusedWindow, launchShopQuietly, quietAppiumLogs, test, type PeerPhone } from './phone.js';

type DeviceOptions = NonNullable<ConstructorParameters<typeof AndroidDevice>[1]>;

async function midsceneDevice(peer: PeerPhone, options: DeviceOptions = {}): Promise<AndroidDevice> {
  // Midscene writes its logs under ./midscene_run unless told otherwise: keep them with the test's output.
  process.env.MIDSCENE_RUN_DIR = test.info().outputPath('midscene_run');
  quietAppiumLogs();
  const device = new AndroidDevice(peer.serial, { remoteAdbHost: '127.0.0.1', remoteAdbPort: peer.port, ...options });
  await device.connect();
  quietAppiumLogs();
  return device;
}

async function using(peer: PeerPhone, body: (device: AndroidDevice) => Promise<void>, options: DeviceOptions = {}): Promise<void> {
  const device = await midsceneDevice(peer, options);
  try {
    await body(device);
  } finally {
    await device.destroy();
  }
}

async function physicalSize(peer: PeerPhone): Promise<{ width: number; height: number; density: number }> {
  const [width, height] = ((await peer.phone.shell('wm size')).match(/(\d+)x(\d+)/) ?? []).slice(1).map(Number);
  const density = Number((await peer.phone.shell('wm density')).match(/(\d+)\s*$/)?.[1]);
  return { width, height, density };
}

test('Midscene connects, describes the phone and reports its size in density-independent pixels', async ({ peer }) => {
  const { width, height, density } = await physicalSize(peer);
  await using(peer, async (device) => {
    expect(device.describe()).toContain(`${width}x${height}`);
    const size = await device.size();
    expect(size).toEqual({ width: Math.round(width / (density / 160)), height: Math.round(height / (density / 160)) });
    expect(Math.abs((await device.getTimestamp()) - Date.now())).toBeLessThan(24 * 3600_000 * 365 * 10);
  });
});

test('Midscene launches Shop by package and terminates it', async ({ peer }) => {
  await peer.phone.shell(`pm grant ${SHOP} android.permission.POST_NOTIFICATIONS`);
  await using(peer, async (device) => {
    await device.launch(SHOP);
    await expect.poll(() => focusedWindow(peer.phone)).toBe(`${SHOP}/${SHOP}.LoginActivity`);
    await device.terminate(SHOP);
    await expect.poll(() => peer.phone.shell(`pidof ${SHOP} || true`)).toBe('');
  });
});

test('Midscene launches Settings by component', async ({ peer }) => {
  await using(peer, async (device) => {
    await device.launch(`${SETTINGS}/.Settings`);
    await expect.poll(() => focusedWindow(peer.phone)).toMatch(new RegExp(`^${SETTINGS}/`));
  });
});

test('Midscene screenshotBase64 is a JPEG or PNG of the whole screen', async ({ peer }) => {
  const { width, height } = await physicalSize(peer);
  await using(peer, async (device) => {
    const shot = await device.screenshotBase64();
    const [, format, data] = /^data:image\/(png|jpeg);base64,(.+)$/s.exec(shot) ?? [];
    expect(format).toBeTruthy();
    const meta = await sharp(Buffer.from(data, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([width, height]);
  });
});

test('Midscene taps the Email field, types an address and dismisses the keyboard', async ({ peer }) => {
  await launchShopQuietly(peer.phone);
  const { density } = await physicalSize(peer);
  const dpr = density / 160;
  const email = await peer.phone.find('Email');
  await using(peer, async (device) => {
    await device.mouseClick(Math.round(email.x / dpr), Math.round(email.y / dpr));
    await expect.poll(async () => (await peer.phone.shell('dumpsys input_method')).includes('mInputShown=true')).toBe(true);
    await device.keyboardType('alice@example.com');
    await expect.poll(() => peer.phone.labels()).toContain('alice@example.com');
    // keyboardType hides the keyboard afterwards by default.
    await expect.poll(async () => (await peer.phone.shell('dumpsys input_method')).includes('mInputShown=false')).toBe(true);
    await device.keyboardPress('Enter');
  });
});

test('Midscene scrolls the Settings list down and back up', async ({ peer }) => {
  await peer.phone.shell(`am start -W -n ${SETTINGS}/.Settings`);
  await using(peer, async (device) => {
    const first = await peer.phone.labels();
    await device.scrollDown();
    await expect.poll(() => peer.phone.labels()).not.toEqual(first);
    await device.scrollUntilTop();
    await expect.poll(() => peer.phone.labels()).toEqual(first);
  });
});

test('Midscene home button goes to the launcher', async ({ peer }) => {
  await peer.phone.shell(`am start -W -n ${SETTINGS}/.Settings`);
  await using(peer, async (device) => {
    await device.home();
    await expect.poll(() => focusedWindow(peer.phone)).toMatch(/^com\.google\.android\.apps\.nexuslauncher\//);
  });
});

test('Midscene types non-ASCII text through yadb, a dex run by app_process, which the phone does not run', async ({ peer }) => {
  await launchShopQuietly(peer.phone);
  await peer.phone.tap('Email');
  await using(peer, async (device) => {
    await expect(device.keyboardType('zoë@example.com')).rejects.toThrow(/app_process/);
    expect(await peer.phone.labels()).not.toContain('zoë@example.com');
  });
});
