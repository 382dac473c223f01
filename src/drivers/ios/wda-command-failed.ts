import { DeviceCommandFailed } from '../errors/device-command-failed.js';

/** WebDriverAgent answered a request with an error: its W3C error code, its message and the HTTP status. */
export class WdaCommandFailed extends DeviceCommandFailed {
  override name = 'WdaCommandFailed';
  /** The W3C error code WebDriverAgent named (`unknown error`, `no such alert`, `invalid session id`, …). */
  readonly error: string;
  readonly status: number;
  /** WebDriverAgent's own message. */
  readonly wdaMessage: string;

  constructor(options: { device: string; request: string; status: number; error: string; message: string; hint?: string }) {
    super({
      device: options.device,
      command: options.request,
      exitCode: undefined,
      stderr: `HTTP ${options.status} ${options.error}${options.message ? `: ${options.message}` : ''}`,
      hint: options.hint,
    });
    this.error = options.error;
    this.status = options.status;
    this.wdaMessage = options.message;
  }
}
