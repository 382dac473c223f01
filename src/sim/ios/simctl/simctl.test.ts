// node-simctl (the npm package Appium uses) driving a virtual iPhone through the `xcrun simctl` stand-in.
import { test, expect } from '@playwright/test';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Simctl } from 'node-simctl';
import { sampleApps } from '../../apps/index.js';
import { createPhone } from '../../phone.js';
import { decodePng } from '../../testing/pixels.js';
import type { Phone } from '../../types.js';
import { simctlPathDir } from './xcrun.js';
import { serveSimctl, type SimctlRegistration } from './server.js';

const UDID = '5A0C4E7B-1D2F-4A3B-9C8D-7E6F5A4B3C2D';
const SETTINGS = 'com.apple.Preferences';

let registry: string;
let savedEnv: { PATH?: string; MOBILETEST_SIMULATORS_DIR?: string };
let phone: Phone;
let sim: SimctlRegistration;
let simctl: Simctl;

test.beforeAll(() => {
  registry = mkdtempSync(path.join(os.tmpdir(), 'simctl-test-'));
  savedEnv = { PATH: process.env.PATH, MOBILETEST_SIMULATORS_DIR: process.env.MOBILETEST_SIMULATORS_DIR };
  // node-simctl finds xcrun with `which` and runs it with this process's environment.
  process.env.PATH = `${simctlPathDir()}${path.delimiter}${process.env.PATH}`;
  process.env.MOBILETEST_SIMULATORS_DIR = registry;
});

test.afterAll(() => {
  for (const [key, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  rmSync(registry, { recursive: true, force: true });
});

test.beforeEach(async () => {
  phone = createPhone({ apps: Object.values(sampleApps) });
  sim = await serveSimctl({ phone, identity: { udid: UDID }, bundleIds: { [SETTINGS]: 'com.android.settings' } });
  simctl = new Simctl({ udid: UDID, execTimeout: 30_000 });
});

test.afterEach(async () => {
  await sim.stop();
});

test('lists the virtual iPhone as a booted iPhone 15 on iOS 17.5, in JSON and in text', async () => {
  const byJson = await simctl.getDevices('17.5');
  expect(byJson).toEqual([expect.objectContaining({ udid: UDID, name: 'iPhone 15', state: 'Booted', sdk: '17.5', platform: 'iOS' })]);
  expect((byJson[0] as unknown as Record<string, unknown>).deviceTypeIdentifier).toBe('com.apple.CoreSimulator.SimDeviceType.iPhone-15');
  const byText = await simctl.getDevicesByParsing('iOS');
  expect(byText['17.5']).toEqual([{ name: 'iPhone 15', udid: UDID, state: 'Booted', sdk: '17.5', platform: 'iOS' }]);
  expect(await simctl.getRuntimeForPlatformVersionViaJson('17.5')).toBe('com.apple.CoreSimulator.SimRuntime.iOS-17-5');
  expect(await simctl.getDeviceTypes()).toEqual(['iPhone 15']);
});

test('launches and terminates apps on the phone, iOS Settings as the phone’s settings app', async () => {
  await simctl.launchApp('com.example.notes');
  expect(phone.ui.foreground().package).toBe('com.example.notes');
  await simctl.launchApp('com.example.shop');
  await simctl.launchApp(SETTINGS);
  expect(phone.ui.foreground().package).toBe('com.android.settings');
  const { stdout } = await simctl.spawnProcess(['launchctl', 'list']);
  const shopPid = phone.ui.processes().find((process) => process.package === 'com.example.shop')?.pid;
  expect(stdout).toContain(`${shopPid}\t0\tUIKitApplication:com.example.shop[`);
  expect(stdout).toMatch(/\tUIKitApplication:com\.apple\.Preferences\[[0-9a-f]{4}\]\[rb-legacy\]\n/);
  await simctl.terminateApp(SETTINGS);
  expect(phone.ui.processes().map((process) => process.package)).not.toContain('com.android.settings');
  await expect(simctl.terminateApp(SETTINGS)).rejects.toThrow(/found nothing to terminate/);
});

test('opens a URL in the app that handles it', async () => {
  await simctl.openUrl('shop://product/1');
  // The shop opens (behind its notification prompt, as on a fresh install).
  expect(phone.ui.processes().map((process) => process.package)).toContain('com.example.shop');
  await expect(simctl.openUrl('nohandler://x')).rejects.toThrow(/OSStatus error -10814/);
});

test('grants, revokes and resets privacy services as the phone’s permissions', async () => {
  const granted = () => [...(phone.packages.get('com.example.shop')?.granted ?? [])].sort();
  await simctl.grantPermission('com.example.shop', 'camera');
  await simctl.grantPermission('com.example.shop', 'location');
  expect(granted()).toEqual(['android.permission.ACCESS_COARSE_LOCATION', 'android.permission.ACCESS_FINE_LOCATION', 'android.permission.CAMERA']);
  await simctl.revokePermission('com.example.shop', 'camera');
  expect(granted()).not.toContain('android.permission.CAMERA');
  await simctl.resetPermission('com.example.shop', 'all');
  expect(granted()).toEqual([]);
  await expect(simctl.grantPermission('com.example.shop', 'notifications')).rejects.toThrow(/Usage: simctl privacy/);
});

test('takes a screenshot that decodes as the phone’s screen', async () => {
  const png = Buffer.from(await simctl.getScreenshot(), 'base64');
  const picture = await decodePng(png);
  expect({ width: picture.width, height: picture.height }).toEqual({ width: phone.ui.size.width, height: phone.ui.size.height });
});

test('sets the appearance, location and keychain', async () => {
  await simctl.setAppearance('dark');
  expect(await simctl.getAppearance()).toBe('dark');
  expect(phone.settings.secure.get('ui_night_mode')).toBe('2');
  await simctl.setAppearance('light');
  expect(await simctl.getAppearance()).toBe('light');
  await simctl.setLocation(52.52, 13.405);
  expect(sim.simulator.location).toEqual({ latitude: 52.52, longitude: 13.405 });
  await simctl.clearLocation();
  expect(sim.simulator.location).toBeUndefined();
  await expect(simctl.resetKeychain()).resolves.toBeUndefined();
  await simctl.setPasteboard('copied on the Mac');
  expect(await simctl.getPasteboard()).toBe('copied on the Mac');
});

/** An .app bundle directory with just its Info.plist. */
function appBundle(dir: string, values: { id: string; version: string }): string {
  const last = values.id.split('.').pop() ?? values.id;
  const bundle = path.join(dir, `${last.charAt(0).toUpperCase()}${last.slice(1)}.app`);
  mkdirSync(bundle, { recursive: true });
  writeFileSync(
    path.join(bundle, 'Info.plist'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n<dict>\n\t<key>CFBundleIdentifier</key>\n\t<string>${values.id}</string>\n\t<key>CFBundleShortVersionString</key>\n\t<string>${values.version}</string>\n</dict>\n</plist>\n`,
  );
  return bundle;
}

test('removes and installs apps from .app bundles, reads their info and containers', async () => {
  await simctl.removeApp('com.example.notes');
  expect(phone.packages.get('com.example.notes')).toBeUndefined();
  await expect(simctl.launchApp('com.example.notes', 1)).rejects.toThrow(/FBSApplicationLibrary\) returned nil for "com.example.notes"/);
  await expect(simctl.getAppContainer('com.example.notes')).rejects.toThrow(/No such file or directory/);

  await simctl.installApp(appBundle(registry, { id: 'com.example.notes', version: '3.0' }));
  expect(phone.packages.get('com.example.notes')).toBeDefined();
  await simctl.launchApp('com.example.notes');
  expect(phone.ui.foreground().package).toBe('com.example.notes');
  expect(await simctl.getAppContainer('com.example.notes')).toMatch(/\/Containers\/Bundle\/Application\/[0-9A-F-]{36}\/Notes\.app$/);
  expect(await simctl.getAppContainer('com.example.notes', 'data')).toMatch(/\/Containers\/Data\/Application\/[0-9A-F-]{36}$/);
  // node-simctl reads appinfo's old-style plist through plutil, which the stand-in directory provides.
  expect(await simctl.appInfo('com.example.notes')).toMatchObject({
    ApplicationType: 'User',
    CFBundleIdentifier: 'com.example.notes',
    CFBundleShortVersionString: '3.0',
  });
  await expect(simctl.appInfo('com.example.absent')).rejects.toThrow(/not found/);

  await simctl.installApp(appBundle(registry, { id: 'com.example.unknown', version: '1.2' }));
  expect(phone.packages.get('com.example.unknown')).toBeDefined();
  await expect(simctl.installApp(path.join(registry, 'missing.app'))).rejects.toThrow(/An application bundle was not found at the provided path/);
});

test('an unknown udid fails with simctl’s message', async () => {
  const stranger = new Simctl({ udid: 'DEADBEEF-0000-0000-0000-000000000000' });
  await expect(stranger.launchApp('com.example.shop', 1)).rejects.toThrow("Error running 'launch': Invalid device: DEADBEEF-0000-0000-0000-000000000000");
});

test('shuts down, boots and waits for the boot; a simulator that never boots times out', async () => {
  await simctl.shutdownDevice();
  expect(sim.state()).toBe('Shutdown');
  await expect(simctl.launchApp('com.example.shop', 1)).rejects.toThrow(/Unable to lookup in current state: Shutdown/);
  sim.setFaults({ neverBoots: true });
  await simctl.bootDevice();
  expect(sim.state()).toBe('Booting');
  await expect(simctl.startBootMonitor({ timeout: 1500 })).rejects.toThrow(`The simulator ${UDID} has failed to finish booting`);
  expect((await simctl.getDevices('17.5'))[0].state).toBe('Booting');
  sim.setFaults({ neverBoots: false });
  await simctl.startBootMonitor({ timeout: 10_000 });
  expect(sim.state()).toBe('Booted');
  // node-simctl passes this one error on, as it does with Xcode's simctl.
  await expect(simctl.bootDevice()).rejects.toThrow(/code=405\):\nUnable to boot device in current state: Booted/);
});

test('erasing a shut-down simulator takes back its grants and settings', async () => {
  await simctl.grantPermission('com.example.shop', 'microphone');
  await simctl.setAppearance('dark');
  await expect(simctl.exec('erase', { args: [UDID] })).rejects.toThrow(/Unable to erase contents and settings in current state: Booted/);
  await simctl.shutdownDevice();
  await simctl.eraseDevice();
  expect([...(phone.packages.get('com.example.shop')?.granted ?? [])]).toEqual([]);
  expect(phone.settings.secure.get('ui_night_mode')).toBe('1');
});

test('a registration whose process is gone is not listed', async () => {
  const gone = spawn(process.execPath, ['-e', '']);
  const pid = await new Promise<number>((resolve) => gone.on('exit', () => resolve(gone.pid!)));
  const record = { udid: '11111111-2222-3333-4444-555555555555', name: 'iPhone 15', state: 'Booted', runtime: 'com.apple.CoreSimulator.SimRuntime.iOS-17-5' };
  writeFileSync(
    path.join(registry, `${record.udid}.json`),
    JSON.stringify({ ...record, deviceType: '', url: 'http://127.0.0.1:9', pid, dataPath: '', logPath: '' }),
  );
  const udids = (await simctl.getDevices('17.5')).map((device: { udid: string }) => device.udid);
  expect(udids).toEqual([UDID]);
});

test('a stopped simulator is gone from the list', async () => {
  await sim.stop();
  expect(await simctl.getDevices()).toEqual({ '17.5': [] });
});
