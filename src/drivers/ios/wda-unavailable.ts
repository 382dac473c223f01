import { DeviceError } from '../errors/device-error.js';

/** Nothing answers as WebDriverAgent at the driver's URL: it is not running, or runs elsewhere. */
export class WdaUnavailable extends DeviceError {
  override name = 'WdaUnavailable';
  readonly url: string;

  constructor(options: { device: string; url: string; reason: string; cause?: unknown }) {
    super(
      options.device,
      `No WebDriverAgent answers at ${options.url}${options.device && !options.url.includes(options.device) ? ` for device ${options.device}` : ''}: ${options.reason}; start it (xcodebuild -project WebDriverAgent.xcodeproj -scheme WebDriverAgentRunner -destination id=UDID test, or through Appium), or point mobiletest at it with --wda-url / MOBILETEST_WDA_URL`,
      { cause: options.cause },
    );
    this.url = options.url;
  }
}
