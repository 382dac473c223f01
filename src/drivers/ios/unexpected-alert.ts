import { DeviceError } from '../errors/device-error.js';

/** An alert came up and blocked the call: WebDriverAgent refused it with "unexpected alert open". */
export class UnexpectedAlert extends DeviceError {
  override name = 'UnexpectedAlert';
  /** What the alert says, when WebDriverAgent could read it. */
  readonly alertText: string | undefined;
  readonly during: string;

  constructor(options: { device: string; during: string; alertText: string | undefined }) {
    const shown = options.alertText === undefined ? 'an alert' : `an alert ("${options.alertText.replace(/\s+/g, ' ').trim()}")`;
    super(
      options.device,
      `${shown[0].toUpperCase()}${shown.slice(1)} is open on device ${options.device} and blocked "${options.during}"; answer it first (acceptAlert or dismissAlert, or tap one of its buttons), or grant the app its permissions before launching it`,
    );
    this.alertText = options.alertText;
    this.during = options.during;
  }
}
