// Where the server's devices come from: an adb server (a real one, or the virtual phone's), or iPhones
// through WebDriverAgent (simulators xcrun lists, a WebDriverAgent URL, or the virtual iPhone).
import { AndroidDriver, IosDriver, UnsupportedDevice, type Driver, type ListedDevice } from '../drivers/index.js';

export interface DeviceSource {
  /** The devices that can be selected, as the platform lists them. */
  list(): Promise<ListedDevice[]>;
  /** A driver for one device; without a serial, the only (or ANDROID_SERIAL) device. */
  connect(serial?: string): Promise<Driver>;
}

/** Devices on an adb server; host and port default as for `adb` (ADB_SERVER_SOCKET, else localhost:5037). */
export function adbDevices(server: { host?: string; port?: number } = {}): DeviceSource {
  return {
    list: () => AndroidDriver.devices(server),
    connect: (serial) => AndroidDriver.connect({ ...server, serial }),
  };
}

/**
 * iPhones: the simulators `xcrun simctl` lists, selected by UDID, and the WebDriverAgent at wdaUrl
 * (default MOBILETEST_WDA_URL). Without xcrun, the WebDriverAgent is the one device, named HOST:PORT as its driver is.
 */
export function iosDevices(options: { wdaUrl?: string; xcrun?: string } = {}): DeviceSource {
  const wdaUrl = options.wdaUrl ?? (process.env.MOBILETEST_WDA_URL?.trim() || undefined);
  const wdaHost = wdaUrl ? hostPort(wdaUrl) : undefined;
  return {
    list: async () => {
      try {
        return await IosDriver.devices({ xcrun: options.xcrun });
      } catch (error) {
        if (error instanceof UnsupportedDevice && wdaHost) return [{ id: wdaHost, state: 'device' }];
        throw error;
      }
    },
    connect: (id) => IosDriver.connect({ wdaUrl, udid: id === wdaHost ? undefined : id, xcrun: options.xcrun }),
  };
}

/** `127.0.0.1:8100` of `http://127.0.0.1:8100/`, as the driver names a WebDriverAgent it reaches by URL. */
function hostPort(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || (parsed.protocol === 'https:' ? '443' : '80')}`;
  } catch {
    return undefined;
  }
}
