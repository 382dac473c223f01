import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { similarPackages } from './app-check.js';
import { DeviceLeaseError } from './lease/lease-error.js';
import { DeviceLock } from './lease/lock.js';
import { leaseDevice, simTiming } from './lease/pool.js';
import { iosDevice, parseDeviceSpec } from './lease/spec.js';

test('the device setting reads as the virtual phone, any device, or serials', () => {
  expect(parseDeviceSpec(undefined)).toEqual({ kind: 'auto' });
  expect(parseDeviceSpec(' sim ')).toEqual({ kind: 'sim' });
  expect(parseDeviceSpec('android:any')).toEqual({ kind: 'any', platform: 'android' });
  expect(parseDeviceSpec('ios:any')).toEqual({ kind: 'any', platform: 'ios' });
  expect(parseDeviceSpec('emulator-5554, 127.0.0.1:4000,emulator-5554')).toEqual({ kind: 'serials', serials: ['emulator-5554', '127.0.0.1:4000'] });
});

test('an iOS device is named by UDID, by WebDriverAgent URL, or both; an adb serial names none', () => {
  const udid = '5A0C4E7B-1D2F-4A3B-9C8D-7E6F5A4B3C2D';
  expect(iosDevice(udid)).toEqual({ udid, wdaUrl: undefined });
  expect(iosDevice('http://127.0.0.1:8100')).toEqual({ udid: undefined, wdaUrl: 'http://127.0.0.1:8100' });
  expect(iosDevice(`${udid}@http://127.0.0.1:8101`)).toEqual({ udid, wdaUrl: 'http://127.0.0.1:8101' });
  expect(iosDevice('emulator-5554')).toBeUndefined();
  expect(iosDevice('127.0.0.1:5555')).toBeUndefined();
});

test('on iOS, sim leases a virtual iPhone driven through WebDriverAgent; an Android setting on iOS (and back) is refused by name', async () => {
  const lease = await leaseDevice({ setting: 'sim', platform: 'ios', parallelIndex: 0, workers: 1 });
  try {
    expect(lease.kind).toBe('sim');
    expect(lease.driver.platform).toBe('ios');
    expect(lease.serial).toMatch(/^[0-9A-F]{8}-[0-9A-F]{4}-/);
    expect((await lease.driver.screenSize()).width).toBe(1179);
  } finally {
    await lease.release();
  }
  await expect(leaseDevice({ setting: 'android:any', platform: 'ios', parallelIndex: 0, workers: 1 })).rejects.toThrow(
    /names Android devices, but the platform is ios/,
  );
  await expect(leaseDevice({ setting: 'ios:any', parallelIndex: 0, workers: 1 })).rejects.toThrow(/names iPhones, but the platform is android/);
  await expect(leaseDevice({ setting: 'http://127.0.0.1:8100', parallelIndex: 0, workers: 1 })).rejects.toThrow(
    /names iOS devices, but the platform is android/,
  );
});

test('MOBILETEST_SIM_TIMING paces the virtual phone as a real one; fast is the default and a typo is named', () => {
  expect(simTiming({})).toBe('fast');
  expect(simTiming({ MOBILETEST_SIM_TIMING: ' real ' })).toBe('real');
  expect(() => simTiming({ MOBILETEST_SIM_TIMING: 'slow' })).toThrow('MOBILETEST_SIM_TIMING must be "fast" or "real", got "slow".');
});

test('more workers than listed devices is refused before any device is touched, saying how many workers to use', async () => {
  const refused = await leaseDevice({ setting: 'emulator-5554,emulator-5556', parallelIndex: 0, workers: 3 }).catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(DeviceLeaseError);
  expect((refused as Error).message).toBe('3 workers but 2 devices (device setting: emulator-5554, emulator-5556): run with --workers 2');
});

test.describe('device locks', () => {
  let dir: string;
  test.beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'mobiletest-locks-'));
  });
  test.afterEach(async () => rm(dir, { recursive: true, force: true }));

  test('a held device is refused to a second holder, then free again after release', async () => {
    const lock = await DeviceLock.acquire('emulator-5554', { dir });
    expect(await readFile(path.join(dir, 'emulator-5554.lock'), 'utf8')).toBe(`${process.pid}\n`);
    // This process holds it, so a second acquire sees a live holder.
    const refused = await DeviceLock.acquire('emulator-5554', { dir, waitMs: 0 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DeviceLeaseError);
    expect((refused as Error).message).toContain(`Device emulator-5554 is in use by another mobiletest run (process ${process.pid}`);
    await lock.release();
    const again = await DeviceLock.acquire('emulator-5554', { dir, waitMs: 0 });
    await again.release();
  });

  test('a lock left by a process that died is taken over', async () => {
    // pid 2^22+1 is above Linux's pid_max default, so no process has it.
    await writeFile(path.join(dir, '127.0.0.1_5555.lock'), '4194305\n');
    const lock = await DeviceLock.acquire('127.0.0.1:5555', { dir, waitMs: 0 });
    expect(await readFile(path.join(dir, '127.0.0.1_5555.lock'), 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
  });
});

test('an app that is not installed is matched to installed packages that look close', () => {
  const installed = ['com.android.settings', 'com.example.shop', 'com.example.notes', 'com.google.android.permissioncontroller'];
  expect(similarPackages('com.example.shopp', installed)[0]).toBe('com.example.shop');
  expect(similarPackages('org.acme.shop', installed)).toEqual(['com.example.shop']);
  expect(similarPackages('io.unrelated.thing', installed)).toEqual([]);
});
