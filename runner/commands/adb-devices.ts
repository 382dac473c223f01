// What the adb server knows: whether one runs, its devices with model and Android version, and
// whether an app is installed on one. Never starts an adb server: with none, the virtual phone is used.
import { AndroidDriver, AdbServerUnavailable, DeviceError } from '../../src/drivers/index.js';
import { adbClient } from '../../src/drivers/android/adb-client.js';
import { adbServerAddress, type AdbServerAddress } from '../../src/drivers/android/server-address.js';
import { UsageError } from '../errors.js';

export interface DeviceRow {
  serial: string;
  /** As adb lists it: `device`, `offline`, `unauthorized`, … */
  state: string;
  model?: string;
  android?: string;
  /** Why model and version are missing, when the device could not be asked. */
  problem?: string;
}

export interface AdbSurvey {
  address: AdbServerAddress;
  /** False when nothing listens at the address. */
  running: boolean;
  devices: DeviceRow[];
}

const TIMEOUT_MS = 10_000;

/** The adb server the adb CLI would use (ADB_SERVER_SOCKET, ANDROID_ADB_SERVER_PORT, else localhost:5037). */
export function adbAddress(): AdbServerAddress {
  try {
    return adbServerAddress();
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Lists the devices on the adb server with their model and Android version. */
export async function surveyDevices(options: { timeoutMs?: number } = {}): Promise<AdbSurvey> {
  const address = adbAddress();
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  // An explicit host and port: the driver then never starts a server on our behalf.
  const where = { host: address.host, port: address.port };
  let listed;
  try {
    listed = await AndroidDriver.devices({ ...where, timeoutMs });
  } catch (error) {
    if (error instanceof AdbServerUnavailable) return { address, running: false, devices: [] };
    throw error;
  }
  const devices = await Promise.all(
    listed.map(async ({ id, state }): Promise<DeviceRow> => {
      if (state !== 'device') return { serial: id, state };
      let driver: AndroidDriver | undefined;
      try {
        driver = await AndroidDriver.connect({ ...where, serial: id, timeoutMs });
        const info = await driver.deviceInfo({ timeoutMs });
        return { serial: id, state, model: info.model, android: info.osVersion };
      } catch (error) {
        if (error instanceof DeviceError) return { serial: id, state, problem: error.message };
        throw error;
      } finally {
        await driver?.close();
      }
    }),
  );
  return { address, running: true, devices };
}

/** Whether `app` is installed on the device (`pm path`), bounded by a deadline. */
export async function appInstalled(options: { address: AdbServerAddress; serial: string; app: string; timeoutMs?: number }): Promise<boolean> {
  const client = adbClient(options.address);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer from ${options.serial} within ${options.timeoutMs ?? TIMEOUT_MS} ms`)),
      options.timeoutMs ?? TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([client.getDevice(options.serial).isInstalled(options.app), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
