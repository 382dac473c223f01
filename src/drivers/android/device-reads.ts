// What the driver reads off the device through the shell, each one command (or two) parsed into what
// the Driver interface answers: the foreground app, a glance, a log mark, the screen size, the device,
// the keyboard and an app's version.
import type { CallScope } from '../calls.js';
import { DeviceCommandFailed } from '../errors/device-command-failed.js';
import type { AppVersion, DeviceInfo, Foreground, Glance, LogEntry, LogMark, ScreenSize } from '../types.js';
import type { AdbDevice } from './adb-device.js';
import { checkAppId } from './apps.js';
import { parseAppVersion, parseForeground, parseKeyboardShown, parseProperties, parseScreenSize } from './dumpsys.js';
import { glanceCommand, parseGlance } from './glance.js';
import { MARK_COMMAND, logsCommand, parseLogs, parseMark } from './logcat.js';

/** The focused app from the window manager, else the activity manager's resumed activity. */
export async function readForeground(adb: AdbDevice, scope: CallScope): Promise<Foreground> {
  const focus = "dumpsys window windows | grep -E 'mCurrentFocus|mFocusedApp'";
  const windows = await adb.run(focus, scope, { okExitCodes: [0, 1] });
  const found =
    parseForeground(windows) ?? parseForeground('', await adb.run("dumpsys activity activities | grep -E 'ResumedActivity'", scope, { okExitCodes: [0, 1] }));
  if (!found) throw new DeviceCommandFailed({ device: adb.serial, command: focus, exitCode: 0, stderr: windows, hint: 'dumpsys named no focused app' });
  return found;
}

/** The foreground app, the keyboard, a log mark and the pids of `apps`, in one shell command. */
export async function readGlance(adb: AdbDevice, scope: CallScope, apps: readonly string[]): Promise<Glance> {
  const asked = apps.map((app) => checkAppId(app));
  const command = glanceCommand(asked);
  const output = await adb.run(command, scope, { okExitCodes: [0, 1] });
  const found = parseGlance(output, asked);
  // A device whose window dump names no focused app: ask the activity manager, as foreground() does.
  const foreground = found.foreground ?? (await readForeground(adb, scope));
  if (!found.mark) throw new DeviceCommandFailed({ device: adb.serial, command, exitCode: 0, stderr: output, hint: 'the device printed no date' });
  return { foreground, keyboardShown: found.keyboardShown ?? false, mark: found.mark, pids: found.pids, inputAgeMs: found.inputAgeMs };
}

/** The device's clock as a log mark: later log lines are the ones after it. */
export async function readMark(adb: AdbDevice, scope: CallScope): Promise<LogMark> {
  const output = await adb.run(MARK_COMMAND, scope);
  const mark = parseMark(output);
  if (!mark) throw new DeviceCommandFailed({ device: adb.serial, command: MARK_COMMAND, exitCode: 0, stderr: output, hint: 'the device printed no date' });
  return mark;
}

/** Which log lines to read: those since a mark, else the last `limit`; never more than `limit`. */
export interface LogRange {
  since?: LogMark;
  limit: number;
}

/** The log lines of a range, of all buffers in time order. */
export async function readLogs(adb: AdbDevice, scope: CallScope, { since, limit }: LogRange): Promise<LogEntry[]> {
  return parseLogs(await adb.run(logsCommand({ since, limit }), scope), limit);
}

export async function readScreenSize(adb: AdbDevice, scope: CallScope): Promise<ScreenSize> {
  const output = await adb.run('wm size; wm density', scope);
  const size = parseScreenSize(output);
  if (!size) throw new DeviceCommandFailed({ device: adb.serial, command: 'wm size', exitCode: 0, stderr: output, hint: 'wm printed no size' });
  return size;
}

export async function readDeviceInfo(adb: AdbDevice, scope: CallScope): Promise<DeviceInfo> {
  const props = parseProperties(await adb.run('getprop', scope));
  const sdk = Number(props.get('ro.build.version.sdk'));
  const hardware = props.get('ro.hardware') ?? '';
  return {
    id: adb.serial,
    platform: 'android',
    osVersion: props.get('ro.build.version.release') ?? '',
    apiLevel: Number.isInteger(sdk) && sdk > 0 ? sdk : undefined,
    model: props.get('ro.product.model') ?? '',
    manufacturer: props.get('ro.product.manufacturer') ?? '',
    virtual: props.get('ro.kernel.qemu') === '1' || props.get('ro.boot.qemu') === '1' || /^(ranchu|goldfish|mtsim|vbox86)$/.test(hardware),
  };
}

export async function readKeyboardShown(adb: AdbDevice, scope: CallScope): Promise<boolean> {
  return parseKeyboardShown(await adb.run('dumpsys input_method | grep mInputShown', scope, { okExitCodes: [0, 1] }));
}

export async function readAppVersion(adb: AdbDevice, scope: CallScope, appId: string): Promise<AppVersion | undefined> {
  return parseAppVersion(await adb.run(`dumpsys package ${checkAppId(appId)}`, scope), appId);
}
