// The peers project's phone: each test gets its own virtual phone behind a private real adb server,
// and an Android SDK folder whose platform-tools/adb is the real adb, as the peer tools expect.
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { PrivateAdbServer, adbMissingReason, startSim, type Sim, type SimOptions } from '../../src/sim/index.js';
import { AdbPhone } from '../support/adb.js';

export { expect };

export const SHOP = 'com.example.shop';
export const SETTINGS = 'com.android.settings';
export const NOTES = 'com.example.notes';

/** What Android 11+ answers when the file given to adb install or pm install is not a zip: the session cannot parse base.apk. */
export const NOT_APK_FAILURE =
  /INSTALL_PARSE_FAILED_NOT_APK: Failed to parse \/data\/app\/vmdl\d+\.tmp\/base\.apk: Failed to load asset path \/data\/app\/vmdl\d+\.tmp\/base\.apk/;

export interface PeerPhone {
  sim: Sim;
  adb: PrivateAdbServer;
  /** The serial `adb devices` lists the phone by. */
  serial: string;
  /** The adb server's port, as ANDROID_ADB_SERVER_PORT and appium-adb's adbPort take it. */
  port: number;
  /** A folder laid out as an Android SDK: platform-tools/adb is the real adb. */
  sdkRoot: string;
  /** A private HOME for tools that keep state there (mobilecli's daemon socket, adb keys). */
  home: string;
  /** The environment a peer tool is started with: this adb server, this SDK, this HOME. */
  env: NodeJS.ProcessEnv;
  /** The same phone through `adb -s SERIAL …`: what a person checking by hand would see. */
  phone: AdbPhone;
}

/** The real adb binary on PATH (or MOBILETEST_ADB); a missing adb fails the test, never skips it. */
function realAdb(): string {
  const reason = adbMissingReason();
  if (reason) throw new Error(`${reason}: the peer tools drive the phone through the real adb`);
  const name = process.env.MOBILETEST_ADB || 'adb';
  if (name.includes('/')) return name;
  const found = (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, name))
    .find((path) => {
      try {
        accessSync(path, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  if (!found) throw new Error(`adb is not on PATH (${process.env.PATH})`);
  return found;
}

export const test = base.extend<{ simOptions: SimOptions; peer: PeerPhone }>({
  // Options for the test's own phone (apps, seed, frozen clock).
  simOptions: [{}, { option: true }],
  peer: async ({ simOptions }, use) => {
    const adbPath = realAdb();
    const work = await mkdtemp(join(tmpdir(), 'mobiletest-peer-'));
    const sdkRoot = join(work, 'sdk');
    const home = join(work, 'home');
    await mkdir(join(sdkRoot, 'platform-tools'), { recursive: true });
    await mkdir(home, { recursive: true });
    await symlink(adbPath, join(sdkRoot, 'platform-tools', 'adb'));
    const sim = await startSim({ port: 0, ...simOptions });
    let adb: PrivateAdbServer | undefined;
    try {
      adb = await PrivateAdbServer.start();
      const serial = await adb.connect(sim);
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        ANDROID_ADB_SERVER_PORT: String(adb.port),
        ANDROID_HOME: sdkRoot,
        ANDROID_SDK_ROOT: sdkRoot,
        HOME: home,
        ADB_VENDOR_KEYS: '',
      };
      delete env.ANDROID_SERIAL;
      delete env.ADB_SERVER_SOCKET;
      await use({ sim, adb, serial, port: adb.port, sdkRoot, home, env, phone: new AdbPhone(adb, serial) });
    } finally {
      await adb?.stop();
      await sim.stop();
      await rm(work, { recursive: true, force: true });
    }
  },
});

/** appium's logger prints every adb command it runs at debug level; keep the test output to warnings. */
export function quietAppiumLogs(): void {
  const npmlog = (globalThis as { _global_npmlog?: { level: string } })._global_npmlog;
  if (npmlog) npmlog.level = 'warn';
}

/** Package names of the window that has focus, from `dumpsys window` as a person would read it. */
export async function focusedWindow(phone: AdbPhone): Promise<string> {
  const windows = await phone.shell('dumpsys window');
  return /mCurrentFocus=Window\{\S+ \S+ ([^}\s]+)\}/.exec(windows)?.[1] ?? windows;
}

/** Grants Shop's notification permission so its first launch goes straight to the sign-in form. */
export async function launchShopQuietly(phone: AdbPhone): Promise<void> {
  await phone.shell(`pm grant ${SHOP} android.permission.POST_NOTIFICATIONS`);
  await phone.shell(`am start -W -n ${SHOP}/.MainActivity`);
}
