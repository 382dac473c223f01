// `locksettings` (a script over `cmd lock_settings`): LockSettingsShellCommand on a phone that starts
// with no lock credential and a swipe lock screen. Credentials set here are kept and checked by --old.
import type { Phone } from '../../types.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { defaultCommand } from './framework.js';

const HELP = `lockSettings service commands:

NOTE: when lock screen is set, all commands require the --old <CREDENTIAL> argument.

  help
    Prints this help text.

  get-disabled [--old <CREDENTIAL>] [--user USER_ID]
    Checks whether lock screen is disabled.

  set-disabled [--old <CREDENTIAL>] [--user USER_ID] <true|false>
    When true, disables lock screen.

  set-pattern [--old <CREDENTIAL>] [--user USER_ID] <PATTERN>
    Sets the lock screen as pattern, using the given PATTERN to unlock.

  set-pin [--old <CREDENTIAL>] [--user USER_ID] <PIN>
    Sets the lock screen as PIN, using the given PIN to unlock.

  set-password [--old <CREDENTIAL>] [--user USER_ID] <PASSWORD>
    Sets the lock screen as password, using the given PASSOWRD to unlock.

  clear [--old <CREDENTIAL>] [--user USER_ID]
    Clears the lock credentials.

  verify [--old <CREDENTIAL>] [--user USER_ID]
    Verifies the lock credentials.

  remove-cache [--user USER_ID]
    Removes cached unified challenge for the managed profile.

  set-resume-on-reboot-provider-package <package_name>
    Sets the package name for server based resume on reboot service provider.

  require-strong-auth [--user USER_ID] <reason>
    Requires the strong authentication. The current supported reasons: STRONG_AUTH_REQUIRED_AFTER_USER_LOCKDOWN.

`;

interface LockState {
  credential?: { kind: 'Pin' | 'Password' | 'Pattern'; secret: string };
  disabled: boolean;
}

const locks = new WeakMap<Phone, LockState>();

/** The phone's lock: no credential and the lock screen enabled until a command changes them. */
export function lockState(phone: Phone): LockState {
  let lock = locks.get(phone);
  if (!lock) {
    // The phone never shows a keyguard: its screen lock is "None", which LockSettings keeps as disabled.
    lock = { disabled: true };
    locks.set(phone, lock);
  }
  return lock;
}

const FRAMES = [
  'com.android.server.locksettings.LockSettingsShellCommand.onCommand(LockSettingsShellCommand.java:88)',
  'com.android.modules.utils.BasicShellCommandHandler.exec(BasicShellCommandHandler.java:97)',
  'android.os.ShellCommand.exec(ShellCommand.java:38)',
];

function failure(ctx: CommandContext, verb: string, exception: string): number {
  ctx.stderr(`Error while executing command: ${verb}\n${exception}\n${FRAMES.map((f) => `\tat ${f}\n`).join('')}`);
  return 255;
}

/** `--old X` and `--user N` before the verb's one argument, as parseArgs reads them. */
function parseArgs(args: readonly string[]): { old: string; value?: string; unknown?: string } {
  let old = '';
  let i = 0;
  for (; i < args.length && args[i].startsWith('-'); i++) {
    if (args[i] === '--old') old = args[++i] ?? '';
    else if (args[i] === '--user') i++;
    else if (args[i] === '--') {
      i++;
      break;
    } else return { old, unknown: args[i] };
  }
  return { old, value: args[i] };
}

function locksettings(ctx: CommandContext): number {
  const [verb, ...rest] = ctx.args;
  if (verb === undefined) return defaultCommand(ctx, verb, { help: HELP });
  const { old, value, unknown } = parseArgs(rest);
  if (unknown !== undefined) {
    ctx.stderr(`Unknown option: ${unknown}\n`);
    return failure(ctx, verb, 'java.lang.IllegalArgumentException');
  }
  const lock = lockState(ctx.phone);
  switch (verb) {
    case 'help':
      ctx.stdout(HELP);
      return 0;
    case 'get-disabled':
      ctx.stdout(`${lock.disabled}\n`);
      return 0;
    case 'set-disabled':
      lock.disabled = value?.toLowerCase() === 'true';
      ctx.stdout(`Lock screen disabled set to ${lock.disabled}\n`);
      return 0;
    case 'remove-cache':
      ctx.stdout('Password cached removed for user 0\n');
      return 0;
    case 'require-strong-auth':
      if (value === 'STRONG_AUTH_REQUIRED_AFTER_USER_LOCKDOWN') ctx.stdout(`Require strong auth for USER_ID -1 because of ${value}\n`);
      else ctx.stderr(`Unsupported reason: ${value ?? 'null'}\n`);
      return 0;
    case 'set-resume-on-reboot-provider-package':
      return failure(
        ctx,
        verb,
        `java.lang.SecurityException: LockSettingsShellCommand: Neither user 2000 nor current process has android.permission.BIND_RESUME_ON_REBOOT_SERVICE.`,
      );
  }
  // Everything else needs the current credential first.
  if (lock.credential && lock.credential.secret !== old) {
    ctx.stdout(`Old password '${old}' didn't match\n`);
    return 255;
  }
  if (!lock.credential && old !== '') {
    ctx.stdout('Old password provided but user has no password\n');
    return 255;
  }
  const kinds: Record<string, 'Pin' | 'Password' | 'Pattern'> = { 'set-pin': 'Pin', 'set-password': 'Password', 'set-pattern': 'Pattern' };
  const kind = kinds[verb];
  if (kind) {
    if (value === undefined) return failure(ctx, verb, 'java.lang.NullPointerException');
    lock.credential = { kind, secret: value };
    ctx.stdout(`${kind} set to '${value}'\n`);
    return 0;
  }
  if (verb === 'clear') {
    lock.credential = undefined;
    ctx.stdout('Lock credential cleared\n');
    return 0;
  }
  if (verb === 'verify') {
    ctx.stdout('Lock credential verified successfully\n');
    return 0;
  }
  // LockSettingsShellCommand reports an unknown verb on stderr and still succeeds.
  ctx.stderr(`Unknown command: ${verb}\n`);
  return 0;
}

export const lockCommands: CommandTable = { locksettings };
