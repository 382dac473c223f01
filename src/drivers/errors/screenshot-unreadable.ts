import { DeviceError } from './device-error.js';

/**
 * The device answered a screenshot that is not an image: nothing at all (some phones' `screencap -p`
 * prints nothing while the display is off or a secure window is shown) or bytes that are not a PNG.
 */
export class ScreenshotUnreadable extends DeviceError {
  override name = 'ScreenshotUnreadable';
  readonly bytes: number;

  constructor(options: { device: string; bytes: number; detail: string }) {
    super(options.device, `the screenshot from ${options.device} is not a PNG (${options.bytes} bytes): ${options.detail}`);
    this.bytes = options.bytes;
  }
}
