import type { Socket } from 'node:net';
import type { CallScope } from '../calls.js';
import type { AdbClient } from './adb-client.js';
import { DeviceDisconnected } from '../errors/device-disconnected.js';
import { DeviceCommandFailed } from '../errors/device-command-failed.js';
import { AdbServerUnavailable } from './adb-server-unavailable.js';
import type { AdbServerAddress } from './server-address.js';
import { ConnectionLost, runService, type ServiceRequest } from './service-socket.js';
import { ShellDecoder, closeStdinPacket, type ShellResult } from './shell-protocol.js';

/** What adb says when the device is not there (any more); a bare `closed` is the server's answer once its transport dropped. */
const GONE = /not found|offline|no devices|unauthorized|Premature end of stream|^(Failure: ')?closed'?$/i;

export interface RunOptions {
  /** How the command appears in errors and timeouts, when the command itself must not (typed text). */
  label?: string;
  /** Exit codes that are not a failure (default: only 0). */
  okExitCodes?: number[];
}

/** One device behind an adb server: shell commands with exit codes, and binary-safe exec output. */
/** A device service to open, with the words a failure names it by. */
interface LabelledService extends ServiceRequest {
  label: string;
}

export class AdbDevice {
  constructor(
    readonly client: AdbClient,
    readonly serial: string,
    readonly server: AdbServerAddress,
  ) {}

  /**
   * Runs a command through shell protocol v2 and resolves with stdout, stderr and the exit code, whatever it is.
   * v2 rather than v1 plus an exit-code sentinel: stderr stays apart, output cannot fake the exit code, and a
   * lost connection shows as a missing exit packet; both cost the same round trip (about 2 ms on loopback).
   */
  async shell(command: string, scope: CallScope, options: RunOptions = {}): Promise<ShellResult> {
    const label = options.label ?? command;
    scope.step(label);
    const decoder = new ShellDecoder();
    await this.service({
      service: `shell,v2,raw:${command}`,
      label,
      signal: scope.signal,
      sink: {
        open: (socket) => socket.write(closeStdinPacket()),
        data: (chunk) => decoder.push(chunk),
      },
    });
    const result = decoder.result();
    if (result.exitCode === undefined) {
      throw new DeviceDisconnected({ device: this.serial, during: label, reason: 'the connection closed before the command finished' });
    }
    return result;
  }

  /** Runs a command and resolves with its stdout; a non-zero exit is a DeviceCommandFailed. */
  async run(command: string, scope: CallScope, options: RunOptions = {}): Promise<string> {
    const result = await this.shell(command, scope, options);
    const ok = options.okExitCodes ?? [0];
    if (!ok.includes(result.exitCode ?? -1)) {
      throw new DeviceCommandFailed({
        device: this.serial,
        command: options.label ?? command,
        exitCode: result.exitCode,
        stderr: result.stderr.toString('utf8') || result.stdout.toString('utf8'),
      });
    }
    return result.stdout.toString('utf8');
  }

  /**
   * `exec:` as `adb exec-out` uses it: raw stdout (stderr merged), no pty, no exit code, binary-safe.
   * `onFirstBytes` is called when the first output arrives.
   */
  async exec(command: string, scope: CallScope, onFirstBytes?: () => void): Promise<Buffer> {
    scope.step(command);
    const chunks: Buffer[] = [];
    await this.service({
      service: `exec:${command}`,
      label: command,
      signal: scope.signal,
      sink: {
        data: (chunk) => {
          if (chunks.length === 0) onFirstBytes?.();
          chunks.push(chunk);
        },
      },
    });
    return Buffer.concat(chunks);
  }

  /** Opens a service on the device and streams it to the sink; maps adb's failures to device errors. */
  private async service({ service, label, signal, sink }: LabelledService): Promise<void> {
    let socket: Socket | undefined;
    try {
      socket = await this.transport(signal);
      await runService(socket, { service, sink, signal });
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw this.deviceError(error, label);
    } finally {
      socket?.destroy();
    }
  }

  /** A socket switched to this device (`host:transport:SERIAL`); closed at once if the call was abandoned meanwhile. */
  private async transport(signal: AbortSignal): Promise<Socket> {
    const pending = Promise.resolve(this.client.getDevice(this.serial).transport());
    const onAbort = (): void => {
      pending.then(
        (connection) => connection.end(),
        () => undefined,
      );
    };
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const connection = await pending;
      signal.throwIfAborted();
      return connection.socket;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** Turns what adbkit, adb or the socket said into the error a user can act on. */
  deviceError(error: unknown, during: string): Error {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as NodeJS.ErrnoException | undefined)?.code;
    if (code === 'ECONNREFUSED' || code === 'ENOENT' || code === 'EHOSTUNREACH' || code === 'ETIMEDOUT') {
      return new AdbServerUnavailable({ device: this.serial, where: this.server.describe, reason: message });
    }
    if (error instanceof ConnectionLost || GONE.test(message) || code === 'ECONNRESET' || code === 'EPIPE') {
      return new DeviceDisconnected({ device: this.serial, during, reason: message.replace(/^Failure: /, ''), cause: error });
    }
    return new DeviceCommandFailed({ device: this.serial, command: during, exitCode: undefined, stderr: message });
  }
}
