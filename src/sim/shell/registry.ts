import type { Phone } from '../types.js';

/** What one command sees when it runs: its arguments, streams and the phone. */
export interface CommandContext {
  readonly phone: Phone;
  /** The name it was called by ('ls' for `/system/bin/ls -l`). */
  readonly name: string;
  /** Arguments after the name, already expanded by the shell. */
  readonly args: string[];
  readonly stdin: AsyncIterable<Buffer>;
  stdout(chunk: Buffer | string): void;
  stderr(chunk: Buffer | string): void;
  /** Aborted when the host closes the stream or a later pipeline stage exits. */
  readonly signal: AbortSignal;
  readonly env: ReadonlyMap<string, string>;
  /** Absolute form of a path argument, relative to the shell's working directory. */
  resolve(path: string): string;
  /** Runs a command line in a child shell with the same streams (`sh -c`, `xargs`). */
  sh(commandLine: string): Promise<number>;
}

/** A command resolves with its exit status. */
export type ShellCommand = (ctx: CommandContext) => Promise<number> | number;

export type CommandTable = Readonly<Record<string, ShellCommand>>;

/** Android's wording for each errno the virtual filesystem reports. */
export const ERRNO_TEXT: Readonly<Record<string, string>> = {
  EACCES: 'Permission denied',
  ENOENT: 'No such file or directory',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  EEXIST: 'File exists',
  EROFS: 'Read-only file system',
  ENOTEMPTY: 'Directory not empty',
  ENOSPC: 'No space left on device',
};

/** Prints `name: message` to stderr as toybox does and returns the status to exit with. */
export function fail(ctx: CommandContext, message: string, status = 1): number {
  ctx.stderr(`${ctx.name}: ${message}\n`);
  return status;
}
