// What a simctl subcommand served by a simulator's control server receives and how it answers.
import path from 'node:path';
import type { SimctlFailure } from './sim-error.js';
import { wrongState } from './sim-error.js';
import type { VirtualSimulator } from './simulator.js';

export interface CommandIo {
  out(data: string | Buffer): void;
  err(text: string): void;
}

export interface CommandContext {
  sim: VirtualSimulator;
  /** The words after the device, with any options given before the device first. */
  args: string[];
  /** Standard input, read whole by the CLI for the commands that read it (pbcopy). */
  stdin: Buffer;
  /** The CLI's working directory: relative paths are its. */
  cwd: string;
  io: CommandIo;
  /** Aborted when the CLI goes away (a stream stopped with a signal). */
  signal: AbortSignal;
}

/** A subcommand returns its exit code, or a failure to print. */
export type CommandResult = number | SimctlFailure;
export type Command = (ctx: CommandContext) => CommandResult | Promise<CommandResult>;

export function resolvePath(ctx: CommandContext, file: string): string {
  return path.resolve(ctx.cwd, file);
}

/** simctl's refusal to reach into a simulator that is not booted. */
export function needsBoot(ctx: CommandContext): SimctlFailure | undefined {
  return ctx.sim.state === 'Booted' ? undefined : wrongState('lookup', ctx.sim.state);
}
