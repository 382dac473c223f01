import { DeviceError } from './device-error.js';
import type { ListedDevice } from './device-not-found.js';

/** No device was named and more than one is connected, so the driver cannot pick. */
export class SeveralDevices extends DeviceError {
  override name = 'SeveralDevices';
  readonly available: ListedDevice[];

  constructor(options: { available: ListedDevice[]; where: string; hint: string }) {
    super('', `${options.available.length} devices are connected on ${options.where} (${options.available.map((d) => d.id).join(', ')}); ${options.hint}`);
    this.available = options.available;
  }
}
