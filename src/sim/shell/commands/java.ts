import type { CommandContext } from '../registry.js';

/** A Java exception thrown by a shell command: the command it was running, the exception line and the stack frames. */
export interface JavaException {
  command: string;
  exception: string;
  frames?: string[];
}

/**
 * What a framework shell command (cmd/pm/input/am) prints when it throws: a blank line, the
 * command it was running and the stack trace, all on stderr; the process exits with 255.
 */
export function javaException(ctx: CommandContext, { command, exception, frames = [] }: JavaException): number {
  const trace = frames.map((f) => `\tat ${f}\n`).join('');
  ctx.stderr(`\nException occurred while executing '${command}':\n${exception}\n${trace}`);
  return 255;
}

/** Frames every framework shell command shares below its own. */
export const SHELL_COMMAND_FRAMES = [
  'com.android.modules.utils.BasicShellCommandHandler.exec(BasicShellCommandHandler.java:97)',
  'android.os.ShellCommand.exec(ShellCommand.java:38)',
];
