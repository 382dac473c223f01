import { DeviceError } from './device-error.js';

/** A command ran on the device and failed: it names the command, its exit code and what it printed. */
export class DeviceCommandFailed extends DeviceError {
  override name = 'DeviceCommandFailed';
  readonly command: string;
  readonly exitCode: number | undefined;
  readonly stderr: string;

  constructor(options: { device: string; command: string; exitCode: number | undefined; stderr: string; hint?: string }) {
    const code = options.exitCode === undefined ? 'failed' : `exited ${options.exitCode}`;
    const said = options.stderr.trim() === '' ? ' and printed nothing' : `: ${clip(options.stderr.trim())}`;
    super(options.device, `"${clip(options.command)}" on device ${options.device} ${code}${said}${options.hint ? `; ${options.hint}` : ''}`);
    this.command = options.command;
    this.exitCode = options.exitCode;
    this.stderr = options.stderr;
  }
}

function clip(text: string): string {
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
