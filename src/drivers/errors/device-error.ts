/** What every device error carries: the device it happened on. Catch this to catch them all. */
export class DeviceError extends Error {
  override name = 'DeviceError';

  constructor(
    readonly device: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
