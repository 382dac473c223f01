import { DeviceError } from './device-error.js';

/** The device kept refusing to dump its view hierarchy (the screen never went idle) after bounded retries. */
export class HierarchyUnavailable extends DeviceError {
  override name = 'HierarchyUnavailable';
  readonly attempts: number;
  readonly lastOutput: string;

  constructor(options: { device: string; attempts: number; lastOutput: string }) {
    super(
      options.device,
      `Device ${options.device} could not dump its view hierarchy after ${options.attempts} attempts (last answer: ${JSON.stringify(options.lastOutput.trim().slice(0, 200))}); an animation or a busy main thread keeps the screen from going idle: disable animations (prepare()) or wait for the app to settle`,
    );
    this.attempts = options.attempts;
    this.lastOutput = options.lastOutput;
  }
}
