// The checks `mobiletest doctor` runs. Each says what it found and, when something is wrong,
// how to fix it. Optional parts (adb, LLM, OCR) are reported without failing the check; the LLM
// check is in doctor-llm.ts.
import { execFile } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { IOS_SAMPLE_APPS, sampleApps } from '../../src/sim/index.js';
import { iosApps } from '../../src/sim/apps/index.js';
import { ENGINES_NODE, unsupportedNode } from '../node-support.cjs';
import { deviceSetting, platformSetting } from '../fixtures/options.js';
import { parseDeviceSpec } from '../device/lease/spec.js';
import { PACKAGE_VERSION } from '../package-root.js';
import { appInstalled, type AdbSurvey } from './adb-devices.js';
import { PlaywrightCopies, PlaywrightMissing, resolvePlaywright } from './playwright-install.js';

export interface CheckResult {
  /** ok: ✓; fail: ✗ (doctor exits 1); info: optional or not set. */
  status: 'ok' | 'fail' | 'info';
  title: string;
  detail: string;
  fix?: string;
}

export function checkNode(version: string = process.versions.node): CheckResult {
  const problem = unsupportedNode(version);
  return problem === undefined
    ? { status: 'ok', title: 'Node.js', detail: `${version} (mobiletest supports ${ENGINES_NODE})` }
    : { status: 'fail', title: 'Node.js', detail: `${version} is too old for mobiletest (${ENGINES_NODE})`, fix: problem.slice(problem.indexOf(':') + 2) };
}

export function checkPlaywright(cwd: string): CheckResult {
  try {
    const found = resolvePlaywright(cwd);
    return {
      status: 'ok',
      title: '@playwright/test',
      detail: `${found.version}, one copy (${found.from === 'project' ? "the project's" : "mobiletest's"}, at ${found.root})`,
    };
  } catch (error) {
    if (error instanceof PlaywrightCopies || error instanceof PlaywrightMissing)
      return { status: 'fail', title: '@playwright/test', detail: error.problem, fix: error.fix };
    throw error;
  }
}

function onPath(name: string): string | undefined {
  if (name.includes('/')) return existsSync(name) ? name : undefined;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    const file = path.join(dir, name);
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this folder
    }
  }
  return undefined;
}

export async function checkAdbBinary(): Promise<CheckResult> {
  const binary = onPath(process.env.MOBILETEST_ADB || 'adb');
  if (!binary) {
    return {
      status: 'info',
      title: 'adb',
      detail: 'not installed: not needed for the virtual phone; a phone or emulator needs it',
      fix: 'install Android platform-tools (apt-get install adb, brew install android-platform-tools)',
    };
  }
  const version = await new Promise<string>((resolve) => {
    execFile(binary, ['version'], { timeout: 10_000 }, (error, stdout) => resolve(error ? '' : stdout));
  });
  const number = /Android Debug Bridge version ([\d.]+)/.exec(version)?.[1];
  const tools = /Version ([\d.]+)/.exec(version)?.[1];
  return { status: 'ok', title: 'adb', detail: `${number ?? 'unknown version'}${tools ? ` (platform-tools ${tools})` : ''} at ${binary}` };
}

export function checkAdbServer(survey: AdbSurvey): CheckResult {
  return survey.running
    ? { status: 'ok', title: 'adb server', detail: `running (${survey.address.describe})` }
    : {
        status: 'info',
        title: 'adb server',
        detail: `not running (${survey.address.describe}): the virtual phone will be used`,
        fix: 'start it with `adb start-server` to use a phone or an emulator',
      };
}

const STATE_FIXES: Record<string, string> = {
  unauthorized: 'accept the "Allow USB debugging?" prompt on the phone',
  offline: 'reconnect the device, or restart the server: adb kill-server && adb start-server',
};

export function checkDevices(survey: AdbSurvey): CheckResult[] {
  if (!survey.running || survey.devices.length === 0) {
    return [{ status: 'info', title: 'devices', detail: survey.running ? 'none connected: the virtual phone will be used' : 'the virtual phone will be used' }];
  }
  return survey.devices.map((device): CheckResult => {
    if (device.state !== 'device') {
      return {
        status: 'fail',
        title: `device ${device.serial}`,
        detail: `adb lists it as ${device.state}`,
        fix: STATE_FIXES[device.state] ?? 'reconnect it, then run `mobiletest devices`',
      };
    }
    if (device.problem) return { status: 'fail', title: `device ${device.serial}`, detail: device.problem };
    return { status: 'ok', title: `device ${device.serial}`, detail: `${device.model || 'unknown model'}, Android ${device.android || '?'}` };
  });
}

/** What the doctor checks an app on: the app and phone a project's `use` sets, and the config's file name. */
export interface AppTarget {
  app?: string;
  device?: string;
  /** The project's platform setting (MOBILETEST_PLATFORM wins over it). */
  platform?: string;
  /** The config's file name; undefined when the project has none. */
  config?: string;
}

function onVirtualPhone(app: string, why: string): CheckResult {
  const packages = Object.values(sampleApps).map((definition) => definition.package);
  return packages.includes(app)
    ? { status: 'ok', title: `app ${app}`, detail: 'a sample app of the virtual phone' }
    : {
        status: 'fail',
        title: `app ${app}`,
        detail: `not on the virtual phone (it has ${packages.join(', ')}), which ${why}`,
        fix: 'connect a device with the app installed (adb install app.apk), or test a sample app',
      };
}

/** An iOS project's app: a sample app of the virtual iPhone, or one the iPhone must have (not checked here). */
function onIphone(app: string, device: string): CheckResult {
  const bundles = iosApps(IOS_SAMPLE_APPS.map((name) => sampleApps[name])).map((definition) => definition.package);
  if ((device === 'sim' || device === 'auto') && bundles.includes(app))
    return { status: 'ok', title: `app ${app}`, detail: 'a sample app of the virtual iPhone' };
  return {
    status: 'info',
    title: `app ${app} (iOS)`,
    detail:
      device === 'sim'
        ? `not a sample app of the virtual iPhone (it has ${bundles.join(', ')})`
        : 'not checked: the simulator or iPhone must have it installed (xcrun simctl install booted App.app)',
  };
}

/** The configured app on the devices the run would use: MOBILETEST_DEVICE, else the config's device, else any connected one or the virtual phone. */
export async function checkApp({ app, device, platform, config }: AppTarget, survey: AdbSurvey): Promise<CheckResult[]> {
  if (!app) {
    return [{ status: 'info', title: 'app', detail: config ? `${config} names no app (use: { app })` : 'no mobiletest.config.ts here, so no app to check' }];
  }
  const spec = parseDeviceSpec(deviceSetting(device));
  if (platformSetting(platform === 'ios' ? 'ios' : undefined) === 'ios') return [onIphone(app, spec.kind)];
  if (spec.kind === 'sim') return [onVirtualPhone(app, 'the device setting names')];
  const usable = survey.devices.filter((d) => d.state === 'device').map((d) => d.serial);
  if (spec.kind === 'auto' && usable.length === 0) return [onVirtualPhone(app, 'is used as no device is connected')];
  const serials = spec.kind === 'serials' ? spec.serials : usable;
  if (serials.length === 0)
    return [{ status: 'fail', title: `app ${app}`, detail: 'android:any is set, and no device is connected', fix: 'connect a device, or set device: sim' }];
  return Promise.all(
    serials.map(async (serial): Promise<CheckResult> => {
      const title = `app ${app} on ${serial}`;
      if (!usable.includes(serial))
        return {
          status: 'fail',
          title,
          detail: `${serial} is not connected (${survey.address.describe})`,
          fix: 'connect it, or change the device setting (`mobiletest devices` lists what is there)',
        };
      try {
        return (await appInstalled({ address: survey.address, serial, app }))
          ? { status: 'ok', title, detail: 'installed' }
          : { status: 'fail', title, detail: 'not installed', fix: `adb -s ${serial} install path/to/app.apk` };
      } catch (error) {
        return { status: 'fail', title, detail: `could not check: ${(error as Error).message}` };
      }
    }),
  );
}

function resolves(name: string): string | undefined {
  try {
    return createRequire(import.meta.url).resolve(`${name}/package.json`);
  } catch {
    return undefined;
  }
}

export function checkOcr(): CheckResult {
  const engine = resolves('tesseract.js');
  const data = resolves('@tesseract.js-data/eng');
  if (engine && data) return { status: 'ok', title: 'OCR data', detail: `tesseract.js with English data (${path.dirname(data)})` };
  const missing = [engine ? undefined : 'tesseract.js', data ? undefined : '@tesseract.js-data/eng'].filter(Boolean).join(' and ');
  return {
    status: 'info',
    title: 'OCR data',
    detail: `${missing} not installed: screens whose tree lacks text are read without OCR`,
    fix: `npm install ${missing.replace(' and ', ' ')} (offline OCR fills in labels the hierarchy does not give)`,
  };
}

export function versions(cwd: string): string {
  let playwright = 'not installed';
  try {
    playwright = resolvePlaywright(cwd).version;
  } catch {
    // reported by its own check
  }
  return `mobiletest ${PACKAGE_VERSION}, @playwright/test ${playwright}, Node.js ${process.versions.node}, ${process.platform}-${process.arch}`;
}
