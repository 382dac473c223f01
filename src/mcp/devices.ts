// Where the server's devices come from: an adb server (a real one, or the virtual phone's).
import { AndroidDriver, type Driver, type ListedDevice } from '../drivers/index.js';

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
