// What the driver reads about the device besides the screen: the app in front, a glance, the log, the
// screen's size and the device itself, from WebDriverAgent and, on a simulator, from simctl.
import { DeviceCommandFailed } from '../errors/device-command-failed.js';
import type { DeviceInfo, Foreground, Glance, LogEntry, LogMark, ScreenSize } from '../types.js';
import { checkBundleId, type IosDevice, type IosScope } from './ios-device.js';
import { logShowArgs, markAt, parseLogShow } from './logs.js';
import { parseLaunchctlList, simctlRun } from './simulator.js';
import { toPixels } from './gestures.js';
import { activeApp, focusedWindow, keyboardShown, SPRINGBOARD, type ActiveApp } from './ui-queries.js';
import { WdaCommandFailed } from './wda-command-failed.js';

export async function readForeground(device: IosDevice, scope: IosScope): Promise<Foreground> {
  const app = activeApp(device, scope);
  const [inFront, window] = await Promise.all([app, focusedWindow(device, scope, app)]);
  // UIKit has no activity; the view controller in front is not something WebDriverAgent reports.
  return { app: (await appBeneathAlert(device, scope, { inFront, window })) ?? inFront.bundleId, activity: undefined, focusedWindow: window };
}

/**
 * While SpringBoard shows an alert (a permission prompt), WebDriverAgent names SpringBoard as the
 * active app; the app the alert is over is the one the driver launched, if it still runs in front
 * (state 4), as Android names the app beneath a permission dialog.
 */
async function appBeneathAlert(device: IosDevice, scope: IosScope, seen: { inFront: ActiveApp; window: string | undefined }): Promise<string | undefined> {
  if (seen.inFront.bundleId !== SPRINGBOARD || seen.window === undefined || device.launched === undefined) return undefined;
  const state = await device.wda.send(scope, { method: 'POST', path: '/wda/apps/state', body: { bundleId: device.launched } });
  return state === RUNNING_IN_FRONT ? device.launched : undefined;
}

/** XCUIApplicationStateRunningForeground. */
const RUNNING_IN_FRONT = 4;

/** What glance needs besides WebDriverAgent's answers: the apps asked about and when the driver last sent input. */
export interface GlanceAsk {
  apps: readonly string[];
  /** Date.now() of the driver's newest input; undefined before any. */
  lastInputAt: number | undefined;
}

/** The app in front, the keyboard, the alert, the log's position and the apps' processes, asked all at once. */
export async function readGlance(device: IosDevice, scope: IosScope, { apps, lastInputAt }: GlanceAsk): Promise<Glance> {
  apps.forEach(checkBundleId);
  const inFront = activeApp(device, scope);
  const [app, window, keyboard] = await Promise.all([inFront, focusedWindow(device, scope, inFront), keyboardShown(device, scope)]);
  const beneath = await appBeneathAlert(device, scope, { inFront: app, window });
  // WebDriverAgent names the process of the app in front; another app's (one behind an alert, or
  // gone) takes launchctl inside the simulator, a process start that costs far more than the glance.
  const others = apps.some((asked) => asked !== app.bundleId);
  const running = others && device.simulator ? await runningApps(device, scope) : undefined;
  const now = Date.now();
  const pids: Record<string, number | undefined> = {};
  // Without simctl only the app in front has a known process; the others are reported as having none.
  for (const asked of apps) pids[asked] = running ? running.get(asked) : asked === app.bundleId ? app.pid : undefined;
  return {
    foreground: { app: beneath ?? app.bundleId, activity: undefined, focusedWindow: window },
    keyboardShown: keyboard,
    mark: markAt(new Date(now)),
    pids,
    // Only the driver's own input is known: iOS keeps no record of touches a person or another tool made.
    inputAgeMs: lastInputAt === undefined ? undefined : Math.max(0, now - lastInputAt),
  };
}

/** Each running app's process id, from `launchctl list` inside the simulator. */
async function runningApps(device: IosDevice, scope: IosScope): Promise<Map<string, number>> {
  const { xcrun, udid } = device.simulator!;
  const output = await simctlRun(
    scope,
    { xcrun, udid },
    { label: `spawn ${udid} launchctl list`, run: (simctl) => simctl.spawnProcess(['launchctl', 'list']) },
  );
  return parseLaunchctlList(output.stdout);
}

/** The log's position now: a simulator runs on the host's clock, so no device call is needed. */
export function readMark(): LogMark {
  return markAt(new Date());
}

/** The simulator's log since a mark (else its last minutes), newest `limit` entries; a device without simctl has none to read. */
export async function readLogs(device: IosDevice, scope: IosScope, range: { since?: LogMark; limit: number }): Promise<LogEntry[]> {
  if (!device.simulator) return [];
  const { xcrun, udid } = device.simulator;
  const args = logShowArgs(range.since);
  const output = await simctlRun(scope, { xcrun, udid }, { label: `spawn ${udid} ${args.join(' ')}`, run: (simctl) => simctl.spawnProcess(args) });
  return parseLogShow(output.stdout, range);
}

/** The window's size in points (GET /window/size, turned with the screen), in device pixels. */
export async function readScreenSize(device: IosDevice, scope: IosScope): Promise<ScreenSize> {
  const size = (await device.wda.send(scope, { method: 'GET', path: '/window/size' })) as { width?: unknown; height?: unknown } | null;
  const width = Number(size?.width);
  const height = Number(size?.height);
  if (!(width > 0 && height > 0)) {
    const said = `it answered ${JSON.stringify(size)}, not a width and height`;
    throw new DeviceCommandFailed({ device: device.id, command: 'GET /window/size', exitCode: undefined, stderr: said, hint: 'update WebDriverAgent' });
  }
  return { width: toPixels(width, device.scale), height: toPixels(height, device.scale), density: undefined };
}

export async function readDeviceInfo(device: IosDevice, scope: IosScope): Promise<DeviceInfo> {
  const status = await device.wda.status(scope);
  let model = device.simulator?.name;
  let virtual = device.simulator !== undefined || status.simulatorVersion !== undefined;
  if (model === undefined) {
    // Only the model is missing without it: a WebDriverAgent that does not serve the route still connects.
    const info = (await device.wda.send(scope, { method: 'GET', path: '/wda/device/info' }).catch((error: unknown) => {
      if (error instanceof WdaCommandFailed) return null;
      throw error;
    })) as {
      model?: unknown;
      name?: unknown;
      isSimulator?: unknown;
    } | null;
    model = typeof info?.model === 'string' ? info.model : typeof info?.name === 'string' ? info.name : (status.deviceKind ?? '');
    virtual ||= info?.isSimulator === true;
  }
  const osVersion = status.osVersion ?? device.simulator?.runtime.replace(/^iOS /, '') ?? '';
  return { id: device.id, platform: 'ios', osVersion, apiLevel: undefined, model, manufacturer: 'Apple', virtual };
}
