// Apps on the iPhone: launched, activated and terminated through WebDriverAgent (/wda/apps/*), links
// opened with POST /url; data, permissions and versions through simctl on a simulator.
import { readdir, rm, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { DeviceCommandFailed } from '../errors/device-command-failed.js';
import { UnsupportedDevice } from '../errors/unsupported-device.js';
import type { LaunchOptions, PermissionRequest } from '../types.js';
import { checkBundleId, isNotServed, needSimulator, type IosDevice, type IosScope } from './ios-device.js';
import { IOS_PERMISSIONS, simctlServices } from './permissions.js';
import { simctlRun } from './simulator.js';
import { WdaCommandFailed } from './wda-command-failed.js';

/** The folders of an app's data container, emptied and made again by clearApp, as a fresh install has them. */
const DATA_FOLDERS = ['Documents', 'Library', 'tmp'];
const FRESH_FOLDERS = ['Documents', 'Library', 'Library/Caches', 'Library/Preferences', 'tmp'];

export async function launchApp(device: IosDevice, scope: IosScope, { appId, ...options }: LaunchOptions & { appId: string }): Promise<void> {
  checkBundleId(appId);
  if (options.clearState) await clearApp(device, scope, appId);
  if (options.permissions) await grantPermissions(device, scope, { appId, request: options.permissions });
  if (options.stopFirst && !options.clearState) await stopApp(device, scope, appId);
  // An app already running is brought to the front as it was; one not running starts (FBSession launchApplicationWithBundleId).
  await device.wda.send(scope, { method: 'POST', path: '/wda/apps/launch', body: { bundleId: appId } }).catch((error: unknown) => {
    throw withHint(error, `is ${appId} installed?${device.simulator ? ` (xcrun simctl listapps ${device.simulator.udid})` : ''}`);
  });
}

export async function stopApp(device: IosDevice, scope: IosScope, appId: string): Promise<void> {
  // Answers false when the app was not running: stopping a stopped app is not an error.
  await device.wda.send(scope, { method: 'POST', path: '/wda/apps/terminate', body: { bundleId: checkBundleId(appId) } });
}

/**
 * Stops the app and empties its data container (Documents, Library, tmp) and resets its privacy
 * answers, as after a fresh install. A simulator's containers are folders on this machine; the
 * keychain and app-group containers are shared and left alone.
 */
export async function clearApp(device: IosDevice, scope: IosScope, appId: string): Promise<void> {
  const where = needSimulator(device, 'clearing an app');
  checkBundleId(appId);
  await stopApp(device, scope, appId);
  const container = await simctlRun(scope, where, {
    label: `get_app_container ${where.udid} ${appId} data`,
    hint: `is ${appId} installed? (xcrun simctl listapps ${where.udid})`,
    run: (simctl) => simctl.getAppContainer(appId, 'data'),
  });
  const folder = container.trim();
  if (
    !(await stat(folder)
      .then((s) => s.isDirectory())
      .catch(() => false))
  ) {
    throw new DeviceCommandFailed({
      device: device.id,
      command: `xcrun simctl get_app_container ${where.udid} ${appId} data`,
      exitCode: undefined,
      stderr: `the data container ${JSON.stringify(folder)} is not a folder on this machine`,
      hint: "clearing one app's data empties its container folder, so the simulator must keep it on this Mac",
    });
  }
  scope.step(`empty ${folder}`);
  for (const name of DATA_FOLDERS) {
    const inside = path.join(folder, name);
    for (const entry of await readdir(inside).catch(() => [])) await rm(path.join(inside, entry), { recursive: true, force: true });
  }
  for (const name of FRESH_FOLDERS) await mkdir(path.join(folder, name), { recursive: true });
  await simctlRun(scope, where, { label: `privacy ${where.udid} reset all ${appId}`, run: (simctl) => simctl.resetPermission(appId, 'all') });
}

/** Opens a URL with POST /url (in `appId` when given); a WebDriverAgent without the route hands it to `simctl openurl`. */
export async function openLink(device: IosDevice, scope: IosScope, { url, appId }: { url: string; appId: string | undefined }): Promise<void> {
  if (appId !== undefined) checkBundleId(appId);
  try {
    await device.wda.send(scope, { method: 'POST', path: '/url', body: appId === undefined ? { url } : { url, bundleId: appId } });
  } catch (error) {
    if (!isNotServed(error) || !device.simulator || appId !== undefined) throw withHint(error, `no installed app opens ${url}${appId ? ` in ${appId}` : ''}`);
    const where = needSimulator(device, 'opening a link');
    await simctlRun(scope, where, { label: `openurl ${where.udid} ${url}`, hint: `no installed app opens ${url}`, run: (simctl) => simctl.openUrl(url) });
  }
}

/** Grants one permission by neutral name (`camera`) or simctl service (`location-always`), with `simctl privacy grant`. */
export async function grantPermission(device: IosDevice, scope: IosScope, { appId, permission }: { appId: string; permission: string }): Promise<void> {
  checkBundleId(appId);
  const found = simctlServices(permission);
  if (found === undefined) throw new TypeError(`Unknown permission "${permission}" on iOS: use one of ${IOS_PERMISSIONS.join(', ')}`);
  if ('notGrantable' in found) throw new UnsupportedDevice({ device: device.id, missing: `granting "${permission}" ahead of time`, hint: found.notGrantable });
  const where = needSimulator(device, `granting ${permission}`);
  for (const service of found.services) {
    await simctlRun(scope, where, {
      label: `privacy ${where.udid} grant ${service} ${appId}`,
      hint: `is ${appId} installed? (xcrun simctl listapps ${where.udid}); older Xcode versions do not know every service`,
      run: (simctl) => simctl.grantPermission(appId, service),
    });
  }
}

/** Grants a list of permissions, or with 'all' every service simctl can grant (`simctl privacy grant all`). */
export async function grantPermissions(device: IosDevice, scope: IosScope, { appId, request }: { appId: string; request: PermissionRequest }): Promise<void> {
  if (request === 'all') return grantPermission(device, scope, { appId, permission: 'all' });
  for (const permission of request) await grantPermission(device, scope, { appId, permission });
}

/** The same error with what to check added, for a WebDriverAgent error that said nothing of it. */
function withHint(error: unknown, hint: string): unknown {
  if (!(error instanceof WdaCommandFailed)) return error;
  return new WdaCommandFailed({ device: error.device, request: error.command, status: error.status, error: error.error, message: error.wdaMessage, hint });
}
