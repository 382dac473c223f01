// Shell and ADB services.
import type { Duplex } from 'node:stream';
import type { Phone } from './device.js';

export interface ShellIO {
  stdout(chunk: Buffer | string): void;
  stderr(chunk: Buffer | string): void;
  /** Bytes the host sends to the command (for `cat > file`, interactive shells). */
  stdin?: AsyncIterable<Buffer>;
  /** Aborted when the host closes the stream (ends `logcat` without -d, `sleep`). */
  signal: AbortSignal;
}

/** Runs one command line as /system/bin/sh -c would and resolves with its exit code. */
export type ShellRunner = (phone: Phone, commandLine: string, io: ShellIO) => Promise<number>;

/** An interactive shell: variables, working directory and `$?` carry from one line to the next. */
export interface ShellSession {
  run(commandLine: string, io: ShellIO): Promise<number>;
}

/** The phone's shell as the ADB services use it: one-shot commands and interactive sessions. */
export interface PhoneShell {
  run: ShellRunner;
  session(phone: Phone): ShellSession;
}

/**
 * An opened ADB service stream: readable side carries bytes from the host, writable side
 * carries bytes to the host; end() closes the stream from the device side.
 */
export type ServiceStream = Duplex;

/** The adb transport a service was opened on, as adbd sees it. */
export interface ServiceTransport {
  /** adbd's name for the transport ('host-17' for a TCP connection), as `adb reverse --list` prints it. */
  readonly name: string;
  /** Opens a stream toward the host (adbd's OPEN, e.g. 'tcp:8080'); undefined when the host closes it at once. */
  openToHost(destination: string): Promise<ServiceStream | undefined>;
  /** Called once when the transport goes away. */
  onClose(listener: () => void): void;
}

/** Opens a service by its ADB name ('shell,v2,raw:ls', 'sync:', 'exec:cat x'). */
export interface ServiceHost {
  /**
   * The handler for a service name, or undefined when the service is unknown (the caller then
   * closes the stream, as adbd does, or answers FAIL, as the adb server does). The caller
   * acknowledges the open before it runs the handler, so a handler may write at once.
   */
  resolve(name: string, transport?: ServiceTransport): ((stream: ServiceStream) => void) | undefined;
  /** The features string advertised in CNXN and `host:features`. */
  readonly features: string[];
}
