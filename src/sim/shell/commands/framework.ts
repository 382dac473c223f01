// How Android's framework shell commands (`cmd SERVICE …`, and the tools that are scripts over
// them: appops, locksettings, wm) answer what they do not understand, in one place.
import type { CommandContext } from '../registry.js';
import { javaException, SHELL_COMMAND_FRAMES } from './java.js';

/** What a service's command answers for a verb it does not know, and for none at all. */
export interface ServiceHelp {
  /** The text `onHelp()` prints, ending in a newline. */
  readonly help: string;
}

/**
 * ShellCommand.handleDefaultCommands: no verb, `help` or `-h` print the help; any other verb prints
 * `Unknown command: VERB` on stdout. Both return -1, which `cmd` exits with as 255.
 */
export function defaultCommand(ctx: CommandContext, verb: string | undefined, service: ServiceHelp): number {
  if (verb === undefined || verb === 'help' || verb === '-h') ctx.stdout(service.help);
  else ctx.stdout(`Unknown command: ${verb}\n`);
  return 255;
}

/** The exception getNextArgRequired() throws when a verb's argument is missing. */
export function missingArgument(ctx: CommandContext, options: { verb: string; after: string; handler: string }): number {
  const frames = [
    'com.android.modules.utils.BasicShellCommandHandler.getNextArgRequired(BasicShellCommandHandler.java:295)',
    options.handler,
    ...SHELL_COMMAND_FRAMES,
  ];
  return javaException(ctx, { command: options.verb, exception: `java.lang.IllegalArgumentException: Argument expected after "${options.after}"`, frames });
}

/** Splits `--user N` (and `--user current`) out of a service command's arguments; the phone has user 0 only. */
export function withoutUser(args: readonly string[]): string[] {
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--user') i++;
    else rest.push(args[i]);
  }
  return rest;
}
