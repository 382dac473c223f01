import { DeviceError } from './device-error.js';

export interface ListedDevice {
  id: string;
  /** As the platform lists it: `device`, `offline`, `unauthorized`, … */
  state: string;
}

/** No usable device with the wanted id; lists the devices that are there. */
export class DeviceNotFound extends DeviceError {
  override name = 'DeviceNotFound';
  readonly available: ListedDevice[];

  constructor(options: { wanted: string | undefined; available: ListedDevice[]; where: string; hint?: string }) {
    const listed =
      options.available.length === 0 ? 'no devices are connected' : `connected: ${options.available.map((d) => `${d.id} (${d.state})`).join(', ')}`;
    const wanted = options.wanted === undefined ? 'No usable device' : `Device ${options.wanted} is not usable`;
    super(options.wanted ?? '', `${wanted} on ${options.where}; ${listed}${options.hint ? `; ${options.hint}` : ''}`);
    this.available = options.available;
  }
}
