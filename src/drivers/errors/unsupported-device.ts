import { DeviceError } from './device-error.js';

/** The device lacks something the driver needs (an old OS, a missing protocol). */
export class UnsupportedDevice extends DeviceError {
  override name = 'UnsupportedDevice';

  constructor(options: { device: string; missing: string; hint: string }) {
    super(options.device, `Device ${options.device} does not support ${options.missing}; ${options.hint}`);
  }
}
