import { DeviceError } from './device-error.js';

/** A device call did not finish within its deadline. */
export class DeviceTimeout extends DeviceError {
  override name = 'DeviceTimeout';
  readonly waitingFor: string;
  readonly timeoutMs: number;

  constructor(options: { device: string; waitingFor: string; timeoutMs: number; hint?: string }) {
    super(
      options.device,
      `Device ${options.device} did not finish "${options.waitingFor}" within ${options.timeoutMs} ms; ${options.hint ?? 'check that the device responds, or give the call more time with timeoutMs'}`,
    );
    this.waitingFor = options.waitingFor;
    this.timeoutMs = options.timeoutMs;
  }
}
