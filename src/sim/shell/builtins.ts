import type { Phone } from '../types.js';
import type { CommandTable } from './registry.js';
import type { Fds } from './streams.js';

/** The parts of a running shell that its builtins read and change. */
export interface ShellState {
  status: number;
  cwd: string;
  readonly env: Map<string, string>;
  readonly phone: Phone;
  readonly commands: CommandTable;
  resolve(path: string): string;
}

export const SHELL = '/system/bin/sh';

/** `exit N`: unwinds to the shell (or subshell) that runs the script. */
export class ExitRequest extends Error {
  override name = 'ExitRequest';
  constructor(readonly status: number) {
    super(`exit ${status}`);
  }
}

/** A path with '.' and '..' worked out by name, as `cd` keeps it (/sdcard stays /sdcard). */
function logical(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '' && part !== '.') parts.push(part);
  }
  return `/${parts.join('/')}`;
}

const BUILTINS = ['cd', 'exec', 'exit', 'export', 'unset', 'pwd', ':', 'command', 'type', 'wait', 'set', 'trap', 'umask'];

/** A command line as a builtin sees it: the command's name, its arguments and the streams it writes to. */
export interface BuiltinCall {
  name: string;
  args: string[];
  fds: Fds;
}

/** Commands that change the shell itself rather than run as a process. */
export function runBuiltin(shell: ShellState, call: BuiltinCall): number | undefined {
  const { name, args, fds } = call;
  switch (name) {
    case 'exit': {
      const status = args[0] === undefined ? shell.status : Number.parseInt(args[0], 10);
      throw new ExitRequest(Number.isNaN(status) ? 1 : status & 0xff);
    }
    case 'cd': {
      const target = logical(shell.resolve(args[0] ?? shell.env.get('HOME') ?? '/'));
      const stat = shell.phone.fs.stat(target);
      if (!stat) {
        fds.err(`${SHELL}: cd: /${target.replace(/^\/+/, '')}: No such file or directory\n`);
        return 2;
      }
      if (stat.type !== 'dir') {
        fds.err(`${SHELL}: cd: ${target}: Not a directory\n`);
        return 2;
      }
      shell.cwd = target;
      shell.env.set('PWD', target);
      return 0;
    }
    case 'pwd':
      fds.out(`${shell.cwd}\n`);
      return 0;
    case ':':
    case 'wait':
    case 'set':
    case 'trap':
    case 'umask':
      return 0;
    case 'command':
    case 'type':
      return describe(shell, call);
    case 'export':
      for (const arg of args) {
        const eq = arg.indexOf('=');
        if (eq > 0) shell.env.set(arg.slice(0, eq), arg.slice(eq + 1));
      }
      return 0;
    case 'unset':
      for (const arg of args) shell.env.delete(arg);
      return 0;
    default:
      return undefined;
  }
}

/** `command -v NAME` and `type NAME`: where a command would be found, or status 1. */
function describe(shell: ShellState, { name: builtin, args, fds }: BuiltinCall): number | undefined {
  const names = args.filter((a) => !a.startsWith('-'));
  if (builtin === 'command' && !args.includes('-v') && !args.includes('-V')) return undefined;
  let status = 0;
  for (const name of names) {
    const shellBuiltin = BUILTINS.includes(name);
    const found = shellBuiltin ? name : shell.commands[name] ? `/system/bin/${name}` : undefined;
    if (!found) {
      if (builtin === 'type') fds.err(`${name} not found\n`);
      status = builtin === 'type' ? 127 : 1;
      continue;
    }
    if (builtin === 'type') fds.out(shellBuiltin ? `${name} is a shell builtin\n` : `${name} is a tracked alias for ${found}\n`);
    else fds.out(`${found}\n`);
  }
  return status;
}
