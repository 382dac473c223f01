import { expect, test } from '@playwright/test';
import { usePhoneOverAdb } from '../testing/adb-phone.js';

// `adb reboot` against the phone with the real adb CLI: it goes away, comes back, and keeps what a phone keeps.
const phone = usePhoneOverAdb({ boot: { adbdMs: 1000, completedMs: 1800 }, frozenAt: undefined });

test('adb reboot: the phone drops off, wait-for-device returns when it is back, and flash survives while processes do not', async () => {
  test.setTimeout(60_000);
  const shell = async (command: string) => (await phone.adb.ok(['-s', phone.sim.serial, 'shell', command])).text;
  await shell('settings put system screen_off_timeout 120000; setprop debug.mobiletest.mark before; log -t MarkTag marked before reboot');
  await shell('echo kept > /data/local/tmp/kept.txt; am start -n com.example.shop/.MainActivity');
  expect((await shell('pidof com.example.shop')).trim()).toMatch(/^\d+$/);
  await phone.adb.ok(['-s', phone.sim.serial, 'reverse', 'tcp:8081', 'tcp:8081']);

  const rebooted = await phone.adb.run(['-s', phone.sim.serial, 'reboot'], { timeoutMs: 10_000 });
  expect([rebooted.code, rebooted.text]).toEqual([0, '']);
  // The transport is gone at once: the phone is no longer a usable device.
  const state = await phone.adb.run(['-s', phone.sim.serial, 'get-state']);
  expect(state.text.trim()).not.toBe('device');

  const started = Date.now();
  await phone.adb.ok(['-s', phone.sim.serial, 'wait-for-device'], { timeoutMs: 30_000 });
  expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  const deadline = Date.now() + 10_000;
  while ((await shell('getprop sys.boot_completed')).trim() !== '1') {
    expect(Date.now(), 'sys.boot_completed did not become 1').toBeLessThan(deadline);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(await shell('settings get system screen_off_timeout; cat /data/local/tmp/kept.txt; pm list packages com.example.shop')).toBe(
    '120000\nkept\npackage:com.example.shop\n',
  );
  expect(await shell('getprop debug.mobiletest.mark')).toBe('\n');
  expect((await phone.adb.run(['-s', phone.sim.serial, 'shell', 'pidof com.example.shop'])).text).toBe('');
  expect(await shell('logcat -d -s MarkTag')).not.toContain('marked before reboot');
  expect(await shell('dumpsys activity activities | grep mResumedActivity')).toContain('com.google.android.apps.nexuslauncher');
  // adbd restarted with no reverse tunnels.
  expect((await phone.adb.ok(['-s', phone.sim.serial, 'reverse', '--list'])).text.trim()).toBe('');
});
