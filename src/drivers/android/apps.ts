import type { CallScope } from '../calls.js';
import { DeviceCommandFailed } from '../errors/device-command-failed.js';
import type { LaunchOptions, PermissionRequest } from '../types.js';
import type { AdbDevice } from './adb-device.js';
import { parseRequestedPermissions, parseRuntimePermissions } from './dumpsys.js';
import { NEUTRAL_PERMISSIONS, androidPermissions } from './permissions.js';
import { shellQuote } from './text-input.js';

/** What `am`, `pm` and `monkey` print when they did not do what was asked, whatever their exit code. */
const FAILED_OUTPUT = /^(Error|Exception occurred|\*\* No activities found|Failed)\b|monkey aborted/m;

/** A package name, checked before it goes into any command. */
export function checkAppId(appId: string): string {
  if (!/^[A-Za-z][\w]*(\.[A-Za-z_][\w]*)+$/.test(appId)) {
    throw new TypeError(`"${appId}" is not an Android package name (such as com.example.shop)`);
  }
  return appId;
}

/** An app-management command, and what to check when it fails. */
interface ManageCommand {
  command: string;
  hint: string;
}

/** An app to launch, and how. */
export interface AppLaunch extends LaunchOptions {
  appId: string;
}

/** A link to open, in one app or in whichever opens it. */
export interface LinkToOpen {
  url: string;
  appId: string | undefined;
}

/** A permission to grant an app, by neutral, short or full name. */
export interface PermissionGrant {
  appId: string;
  permission: string;
}

/** The permissions to grant an app: a list, or 'all' it declares. */
export interface PermissionsGrant {
  appId: string;
  request: PermissionRequest;
}

/** Runs an app-management command and fails on a non-zero exit or on an error printed with exit 0. */
async function manage(device: AdbDevice, scope: CallScope, { command, hint }: ManageCommand): Promise<string> {
  const result = await device.shell(command, scope);
  const output = `${result.stdout.toString('utf8')}${result.stderr.toString('utf8')}`;
  if (result.exitCode !== 0 || FAILED_OUTPUT.test(output)) {
    throw new DeviceCommandFailed({ device: device.serial, command, exitCode: result.exitCode, stderr: output, hint });
  }
  return output;
}

export async function launchApp(device: AdbDevice, scope: CallScope, { appId, ...options }: AppLaunch): Promise<void> {
  checkAppId(appId);
  const installed = `is ${appId} installed? (adb shell pm list packages ${appId})`;
  if (options.clearState) await clearApp(device, scope, appId);
  if (options.permissions) await grantPermissions(device, scope, { appId, request: options.permissions });
  if (options.activity !== undefined) {
    const component = shellQuote(`${appId}/${options.activity}`);
    await manage(device, scope, { command: `am start -W ${options.stopFirst ? '-S ' : ''}-n ${component}`, hint: `check the activity name, and ${installed}` });
    return;
  }
  if (options.stopFirst) await stopApp(device, scope, appId);
  await manage(device, scope, {
    command: `monkey -p ${appId} -c android.intent.category.LAUNCHER 1`,
    hint: `${installed}; an app with no launcher activity needs { activity }`,
  });
}

export async function stopApp(device: AdbDevice, scope: CallScope, appId: string): Promise<void> {
  await manage(device, scope, { command: `am force-stop ${checkAppId(appId)}`, hint: 'check the package name' });
}

export async function clearApp(device: AdbDevice, scope: CallScope, appId: string): Promise<void> {
  const output = await manage(device, scope, {
    command: `pm clear ${checkAppId(appId)}`,
    hint: `is ${appId} installed? (adb shell pm list packages ${appId})`,
  });
  if (!/Success/.test(output)) {
    throw new DeviceCommandFailed({ device: device.serial, command: `pm clear ${appId}`, exitCode: 0, stderr: output, hint: `is ${appId} installed?` });
  }
}

export async function openLink(device: AdbDevice, scope: CallScope, { url, appId }: LinkToOpen): Promise<void> {
  const target = appId === undefined ? '' : ` -p ${checkAppId(appId)}`;
  await manage(device, scope, {
    command: `am start -W -a android.intent.action.VIEW -d ${shellQuote(url)}${target}`,
    hint: `no installed app opens ${url}${appId ? ` in ${appId}` : ''}`,
  });
}

/** Grants one permission by neutral, short or full name; a neutral name that covers several needs one of them granted. */
export async function grantPermission(device: AdbDevice, scope: CallScope, { appId, permission }: PermissionGrant): Promise<void> {
  checkAppId(appId);
  const names = androidPermissions(permission);
  if (!names)
    throw new TypeError(`Unknown permission "${permission}": use an Android name (android.permission.CAMERA) or one of ${NEUTRAL_PERMISSIONS.join(', ')}`);
  const failures: Error[] = [];
  for (const name of names) {
    try {
      await manage(device, scope, {
        command: `pm grant ${appId} ${shellQuote(name)}`,
        hint: `${appId} must declare ${name} in its manifest, and it must be a runtime permission`,
      });
    } catch (error) {
      if (!(error instanceof DeviceCommandFailed)) throw error;
      failures.push(error);
    }
  }
  if (failures.length === names.length) throw failures[0];
}

/** Grants a list of permissions, or with 'all' every runtime permission the app declares and has not been granted. */
export async function grantPermissions(device: AdbDevice, scope: CallScope, { appId, request }: PermissionsGrant): Promise<void> {
  checkAppId(appId);
  if (request !== 'all') {
    for (const permission of request) await grantPermission(device, scope, { appId, permission });
    return;
  }
  const dump = await manage(device, scope, { command: `dumpsys package ${appId}`, hint: `is ${appId} installed?` });
  if (/Unable to find package/.test(dump) || !dump.includes(`[${appId}]`)) {
    throw new DeviceCommandFailed({
      device: device.serial,
      command: `dumpsys package ${appId}`,
      exitCode: 0,
      stderr: dump.slice(0, 200),
      hint: `is ${appId} installed? (adb shell pm list packages ${appId})`,
    });
  }
  const runtime = parseRuntimePermissions(dump);
  if (runtime.length > 0) {
    for (const { name } of runtime.filter((p) => !p.granted)) await grantPermission(device, scope, { appId, permission: name });
    return;
  }
  // Older dumps list no runtime section: try every requested permission; install-time ones refuse harmlessly.
  for (const name of parseRequestedPermissions(dump)) {
    await grantPermission(device, scope, { appId, permission: name }).catch((error: unknown) => {
      if (!(error instanceof DeviceCommandFailed)) throw error;
    });
  }
}
