import { DeviceError } from '../errors/device-error.js';

/** Nothing answers at the adb server's address. */
export class AdbServerUnavailable extends DeviceError {
  override name = 'AdbServerUnavailable';

  constructor(options: { device: string; where: string; reason: string }) {
    super(
      options.device,
      `Cannot reach ${options.where}: ${options.reason}; start it with \`adb start-server\`, or point mobiletest at another with ADB_SERVER_SOCKET=tcp:HOST:PORT or { host, port }`,
    );
  }
}
