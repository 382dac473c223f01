import { expect, test } from '@playwright/test';
import { startSim, type Sim } from '../index.js';
import { PrivateAdbServer, adbMissingReason } from '../private-adb.js';

// `adb reboot` against the phone with the real adb CLI: it goes away, comes back, and keeps what a phone keeps.
let adb: PrivateAdbServer;
let sim: Sim;

test.beforeAll(async () => {
  const reason = adbMissingReason();
  test.skip(!!reason, reason);
  adb = await PrivateAdbServer.start();
  sim = await startSim({ port: 0, boot: { adbdMs: 1000, completedMs: 1800 } });
  await adb.connect(sim);
});

test.afterAll(async () => {
  await adb?.stop();
  await sim?.stop();
});

test('adb reboot: the phone drops off, wait-for-device returns when it is back, and flash survives while processes do not', async () => {
  test.setTimeout(60_000);
  const shell = async (command: string) => (await adb.ok(['-s', sim.serial, 'shell', command])).text;
  await shell('settings put system screen_off_timeout 120000; setprop debug.mobiletest.mark before; log -t MarkTag marked before reboot');
  await shell('echo kept > /data/local/tmp/kept.txt; am start -n com.example.shop/.MainActivity');
  expect((await shell('pidof com.example.shop')).trim()).toMatch(/^\d+$/);
  await adb.ok(['-s', sim.serial, 'reverse', 'tcp:8081', 'tcp:8081']);

  const rebooted = await adb.run(['-s', sim.serial, 'reboot'], { timeoutMs: 10_000 });
  expect([rebooted.code, rebooted.text]).toEqual([0, '']);
  // The transport is gone at once: the phone is no longer a usable device.
  const state = await adb.run(['-s', sim.serial, 'get-state']);
  expect(state.text.trim()).not.toBe('device');

  const started = Date.now();
  await adb.ok(['-s', sim.serial, 'wait-for-device'], { timeoutMs: 30_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  const deadline = Date.now() + 10_000;
  while ((await shell('getprop sys.boot_completed')).trim() !== '1') {
    expect(Date.now(), 'sys.boot_completed did not become 1').toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(await shell('settings get system screen_off_timeout; cat /data/local/tmp/kept.txt; pm list packages com.example.shop')).toBe('120000\nkept\npackage:com.example.shop\n');
  expect(await shell('getprop debug.mobiletest.mark')).toBe('\n');
  expect((await adb.run(['-s', sim.serial, 'shell', 'pidof com.example.shop'])).text).toBe('');
  expect(await shell('logcat -d -s MarkTag')).not.toContain('marked before reboot');
  expect(await shell('dumpsys activity activities | grep mResumedActivity')).toContain('com.google.android.apps.nexuslauncher');
  // adbd restarted with no reverse tunnels.
  expect((await adb.ok(['-s', sim.serial, 'reverse', '--list'])).text.trim()).toBe('');
});
