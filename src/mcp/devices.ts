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
 * (default MOBILETEST_WDA_URL). Without xcrun, the WebDriverAgent is the one device, named by its URL.
 */
export function iosDevices(options: { wdaUrl?: string; xcrun?: string } = {}): DeviceSource {
  const wdaUrl = options.wdaUrl ?? (process.env.MOBILETEST_WDA_URL?.trim() || undefined);
  return {
    list: async () => {
      try {
        return await IosDriver.devices({ xcrun: options.xcrun });
      } catch (error) {
        if (error instanceof UnsupportedDevice && wdaUrl) return [{ id: wdaUrl, state: 'device' }];
        throw error;
      }
    },
    connect: (id) =>
      id !== undefined && /^https?:\/\//.test(id)
        ? IosDriver.connect({ wdaUrl: id, xcrun: options.xcrun })
        : IosDriver.connect({ wdaUrl, udid: id, xcrun: options.xcrun }),
  };
}
