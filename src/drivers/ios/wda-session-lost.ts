import { DeviceError } from '../errors/device-error.js';

/** WebDriverAgent dropped the driver's session (it restarted, or another client opened one) and opening a new one failed. */
export class WdaSessionLost extends DeviceError {
  override name = 'WdaSessionLost';
  readonly during: string;

  constructor(options: { device: string; url: string; during: string; cause: unknown }) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super(
      options.device,
      `The WebDriverAgent session on ${options.device} (${options.url}) expired during "${options.during}" and opening a new one failed: ${reason}; check that WebDriverAgent is still running and that no other client (Appium, another test) takes its session, then connect again`,
      { cause: options.cause },
    );
    this.during = options.during;
  }
}
