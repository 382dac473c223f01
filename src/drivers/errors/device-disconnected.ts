import { DeviceError } from './device-error.js';

/** The device went away (unplugged, offline, connection dropped) while a call was in flight or before it started. */
export class DeviceDisconnected extends DeviceError {
  override name = 'DeviceDisconnected';
  readonly during: string;

  constructor(options: { device: string; during: string; reason: string; cause?: unknown }) {
    super(options.device, `Device ${options.device} disconnected during "${options.during}": ${options.reason}; reconnect it and run again`, {
      cause: options.cause,
    });
    this.during = options.during;
  }
}
