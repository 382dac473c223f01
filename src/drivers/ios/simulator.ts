// A simulator through `xcrun simctl`, by way of node-simctl: listing, booting, privacy, app info and
// containers, and processes spawned inside it (launchctl, log). Each command runs under the call's
// deadline: node-simctl kills xcrun when it runs past it.
import { access, constants } from 'node:fs/promises';
import { Simctl } from 'node-simctl';
import { sleep, type CallScope } from '../calls.js';
import { DeviceCommandFailed } from '../errors/device-command-failed.js';
import type { ListedDevice } from '../errors/device-not-found.js';
import type { AppVersion } from '../types.js';

/** A simulator as `xcrun simctl list devices` shows it. */
export interface ListedSimulator extends ListedDevice {
  /** `Booted`, `Shutdown`, `Booting`, … */
  state: string;
  name: string;
  /** `iOS 17.5`. */
  runtime: string;
}

/** A call's scope with the time it has, which bounds each xcrun it runs. */
export interface SimctlScope extends CallScope {
  readonly timeoutMs: number;
}

/** How to run xcrun: its path, found once. */
export interface Xcrun {
  path: string;
}

/** The xcrun that node-simctl would run (`explicit`, else XCRUN_BINARY, else on PATH); undefined when there is none. */
export async function findXcrun(explicit?: string): Promise<Xcrun | undefined> {
  try {
    if (explicit !== undefined) {
      await access(explicit, constants.X_OK);
      return { path: explicit };
    }
    return { path: await new Simctl({ logErrors: false }).requireXcrun() };
  } catch {
    return undefined;
  }
}

/** One simctl command: which, and what to tell the user when it fails. */
interface Command<T> {
  label: string;
  hint?: string;
  run: (simctl: Simctl) => Promise<T>;
}

/** Runs node-simctl under a call's deadline and turns its failures into DeviceCommandFailed. */
export async function simctlRun<T>(scope: SimctlScope, where: { xcrun: Xcrun; udid?: string }, command: Command<T>): Promise<T> {
  scope.step(`xcrun simctl ${command.label}`);
  const simctl = new Simctl({ xcrun: { path: where.xcrun.path }, udid: where.udid ?? null, execTimeout: Math.max(1, scope.timeoutMs), logErrors: false });
  try {
    return await command.run(simctl);
  } catch (error) {
    if (scope.signal.aborted) throw scope.signal.reason;
    const failed = error as { code?: unknown; stderr?: unknown; message?: string };
    const stderr = typeof failed.stderr === 'string' && failed.stderr.trim() !== '' ? failed.stderr : (failed.message ?? String(error));
    throw new DeviceCommandFailed({
      device: where.udid ?? '',
      command: `xcrun simctl ${command.label}`,
      exitCode: typeof failed.code === 'number' ? failed.code : undefined,
      stderr,
      hint: command.hint,
    });
  }
}

/** Every available iOS simulator, any state. */
export async function listSimulators(scope: SimctlScope, xcrun: Xcrun): Promise<ListedSimulator[]> {
  const bySdk = await simctlRun(scope, { xcrun }, { label: 'list devices -j', run: (simctl) => simctl.getDevices(undefined, 'iOS') });
  return Object.entries(bySdk).flatMap(([sdk, devices]) =>
    devices.map((device) => ({ id: device.udid, state: device.state, name: device.name, runtime: `iOS ${sdk}` })),
  );
}

/** Boots a simulator and waits until simctl lists it as Booted; the call's deadline ends the wait with DeviceTimeout. */
export async function bootSimulator(scope: SimctlScope, where: { xcrun: Xcrun; udid: string }): Promise<void> {
  await simctlRun(scope, where, {
    label: `boot ${where.udid}`,
    run: async (simctl) => {
      try {
        await simctl.exec('boot', { args: [where.udid], logErrors: false });
      } catch (error) {
        if (!/current state: Booted/i.test(String((error as { stderr?: unknown }).stderr ?? error))) throw error;
      }
    },
  });
  for (;;) {
    const found = (await listSimulators(scope, where.xcrun)).find((device) => device.id === where.udid);
    if (found?.state === 'Booted') return;
    scope.step(`waiting for simulator ${where.udid} to boot (simctl lists it ${found?.state ?? 'nowhere'})`);
    await sleep(500, scope.signal);
  }
}

/** An installed app's version from `simctl appinfo`; undefined when the app is not installed. */
export async function readAppVersion(scope: SimctlScope, where: { xcrun: Xcrun; udid: string }, bundleId: string): Promise<AppVersion | undefined> {
  try {
    const info = (await simctlRun(scope, where, {
      label: `appinfo ${where.udid} ${bundleId}`,
      run: (simctl) => simctl.appInfo(bundleId),
    })) as unknown as Record<string, unknown>;
    const name = String(info.CFBundleShortVersionString ?? info.CFBundleVersion ?? '');
    const code = Number(info.CFBundleVersion);
    return Number.isInteger(code) ? { name, code } : { name };
  } catch (error) {
    if (error instanceof DeviceCommandFailed && /not found|not installed|No such/i.test(error.stderr)) return undefined;
    throw error;
  }
}

/** What `launchctl list` inside the simulator shows: each running app's process id by bundle id. */
export function parseLaunchctlList(output: string): Map<string, number> {
  const pids = new Map<string, number>();
  for (const line of output.split('\n')) {
    const match = /^(\d+)\s+\S+\s+UIKitApplication:([^[\s]+)\[/.exec(line.trim());
    if (match) pids.set(match[2], Number(match[1]));
  }
  return pids;
}
