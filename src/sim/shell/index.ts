import type { Phone, PhoneShell, ShellIO, ShellRunner, ShellSession } from '../types.js';
import { commands } from './commands/index.js';
import { defaultEnv, Shell } from './interpreter.js';
import { EMPTY_INPUT } from './streams.js';

let nextPid = 4000;

/** Runs one command line as Android's `/system/bin/sh -c` would and resolves with its exit status. */
export const runShell: ShellRunner = async (phone: Phone, commandLine: string, io: ShellIO): Promise<number> => {
  nextPid = nextPid >= 32000 ? 4000 : nextPid + 7;
  const shell = new Shell({ phone, commands, env: defaultEnv(phone), pid: nextPid });
  const stdin = io.stdin ? untilAborted(io.stdin, io.signal) : EMPTY_INPUT;
  // adbd forks sh for each command line it is sent.
  await phone.timing.command('sh', []);
  return shell.runLine(commandLine, { in: stdin, out: (c) => io.stdout(c), err: (c) => io.stderr(c) }, io.signal);
};

/**
 * A shell that keeps its variables, working directory and `$?` from one command line to the
 * next, as an interactive `adb shell` does. run() resolves with the line's exit status.
 */
export function createShellSession(phone: Phone): ShellSession {
  nextPid = nextPid >= 32000 ? 4000 : nextPid + 7;
  const shell = new Shell({ phone, commands, env: defaultEnv(phone), pid: nextPid });
  return {
    run(commandLine, io) {
      const stdin = io.stdin ? untilAborted(io.stdin, io.signal) : EMPTY_INPUT;
      return shell.runLine(commandLine, { in: stdin, out: (c) => io.stdout(c), err: (c) => io.stderr(c) }, io.signal);
    },
  };
}

/** Host input that ends when the host closes the stream, even if no more bytes ever come. */
function untilAborted(input: AsyncIterable<Buffer>, signal: AbortSignal): AsyncIterable<Buffer> {
  return {
    async *[Symbol.asyncIterator]() {
      const iterator = input[Symbol.asyncIterator]();
      const aborted = new Promise<IteratorResult<Buffer>>((resolve) => {
        if (signal.aborted) resolve({ done: true, value: undefined });
        else signal.addEventListener('abort', () => resolve({ done: true, value: undefined }), { once: true });
      });
      try {
        for (;;) {
          const result = await Promise.race([iterator.next(), aborted]);
          if (result.done) return;
          yield result.value;
        }
      } finally {
        void iterator.return?.();
      }
    },
  };
}

export type { CommandContext, ShellCommand } from './registry.js';

/** The shell the ADB services run: one-shot commands and interactive sessions. */
export const phoneShell: PhoneShell = { run: runShell, session: createShellSession };
