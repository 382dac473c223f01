// `appops` / `cmd appops`: AppOpsService's shell command over a small per-package table of op
// modes, with Android 14's texts for each refusal.
import type { Phone } from '../../types.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { defaultCommand } from './framework.js';
import { uidOf } from './names.js';

const MODES = ['allow', 'ignore', 'deny', 'default', 'foreground'] as const;
type Mode = (typeof MODES)[number];

/** The ops tools set and read, by their AppOpsManager code, with the mode each has until it is set. */
const OPS: ReadonlyArray<{ code: number; name: string; mode: Mode }> = [
  { code: 0, name: 'COARSE_LOCATION', mode: 'allow' },
  { code: 1, name: 'FINE_LOCATION', mode: 'allow' },
  { code: 2, name: 'GPS', mode: 'allow' },
  { code: 3, name: 'VIBRATE', mode: 'allow' },
  { code: 4, name: 'READ_CONTACTS', mode: 'allow' },
  { code: 5, name: 'WRITE_CONTACTS', mode: 'allow' },
  { code: 6, name: 'READ_CALL_LOG', mode: 'allow' },
  { code: 8, name: 'READ_CALENDAR', mode: 'allow' },
  { code: 10, name: 'WIFI_SCAN', mode: 'allow' },
  { code: 11, name: 'POST_NOTIFICATION', mode: 'allow' },
  { code: 13, name: 'CALL_PHONE', mode: 'allow' },
  { code: 14, name: 'READ_SMS', mode: 'allow' },
  { code: 15, name: 'WRITE_SMS', mode: 'ignore' },
  { code: 20, name: 'SEND_SMS', mode: 'allow' },
  { code: 23, name: 'WRITE_SETTINGS', mode: 'default' },
  { code: 24, name: 'SYSTEM_ALERT_WINDOW', mode: 'default' },
  { code: 25, name: 'ACCESS_NOTIFICATIONS', mode: 'ignore' },
  { code: 26, name: 'CAMERA', mode: 'allow' },
  { code: 27, name: 'RECORD_AUDIO', mode: 'allow' },
  { code: 28, name: 'PLAY_AUDIO', mode: 'allow' },
  { code: 29, name: 'READ_CLIPBOARD', mode: 'allow' },
  { code: 30, name: 'WRITE_CLIPBOARD', mode: 'allow' },
  { code: 40, name: 'WAKE_LOCK', mode: 'allow' },
  { code: 43, name: 'GET_USAGE_STATS', mode: 'default' },
  { code: 45, name: 'TOAST_WINDOW', mode: 'allow' },
  { code: 46, name: 'PROJECT_MEDIA', mode: 'ignore' },
  { code: 47, name: 'ACTIVATE_VPN', mode: 'ignore' },
  { code: 51, name: 'READ_PHONE_STATE', mode: 'allow' },
  { code: 56, name: 'BODY_SENSORS', mode: 'allow' },
  { code: 58, name: 'MOCK_LOCATION', mode: 'deny' },
  { code: 59, name: 'READ_EXTERNAL_STORAGE', mode: 'allow' },
  { code: 60, name: 'WRITE_EXTERNAL_STORAGE', mode: 'allow' },
  { code: 62, name: 'GET_ACCOUNTS', mode: 'allow' },
  { code: 63, name: 'RUN_IN_BACKGROUND', mode: 'allow' },
  { code: 66, name: 'REQUEST_INSTALL_PACKAGES', mode: 'default' },
  { code: 67, name: 'PICTURE_IN_PICTURE', mode: 'allow' },
  { code: 70, name: 'RUN_ANY_IN_BACKGROUND', mode: 'allow' },
  { code: 71, name: 'CHANGE_WIFI_STATE', mode: 'allow' },
  { code: 76, name: 'START_FOREGROUND', mode: 'allow' },
  { code: 77, name: 'BLUETOOTH_SCAN', mode: 'allow' },
  { code: 79, name: 'ACTIVITY_RECOGNITION', mode: 'allow' },
  { code: 81, name: 'READ_MEDIA_AUDIO', mode: 'allow' },
  { code: 83, name: 'READ_MEDIA_VIDEO', mode: 'allow' },
  { code: 85, name: 'READ_MEDIA_IMAGES', mode: 'allow' },
  { code: 90, name: 'ACCESS_MEDIA_LOCATION', mode: 'allow' },
  { code: 92, name: 'MANAGE_EXTERNAL_STORAGE', mode: 'default' },
  { code: 107, name: 'SCHEDULE_EXACT_ALARM', mode: 'default' },
  { code: 110, name: 'MANAGE_MEDIA', mode: 'default' },
  { code: 111, name: 'BLUETOOTH_CONNECT', mode: 'allow' },
  { code: 116, name: 'NEARBY_WIFI_DEVICES', mode: 'allow' },
  { code: 119, name: 'ACCESS_RESTRICTED_SETTINGS', mode: 'allow' },
];

const HELP = `AppOps service (appops) commands:
  help
    Print this help text.
  start [--user <USER_ID>] [--attribution <ATTRIBUTION_TAG>] <PACKAGE | UID> <OP>
    Starts a given operation for a particular application.
  stop [--user <USER_ID>] [--attribution <ATTRIBUTION_TAG>] <PACKAGE | UID> <OP>
    Stops a given operation for a particular application.
  set [--user <USER_ID>] <[--uid] PACKAGE | UID> <OP> <MODE>
    Set the mode for a particular application and operation.
  get [--user <USER_ID>] [--attribution <ATTRIBUTION_TAG>] <PACKAGE | UID> [<OP>]
    Return the mode for a particular application and optional operation.
  query-op [--user <USER_ID>] <OP> [<MODE>]
    Print all packages that currently have the given op in the given mode.
  reset [--user <USER_ID>] [<PACKAGE>]
    Reset the given application or all applications to default modes.
  write-settings
    Immediately write pending changes to storage.
  read-settings
    Read the last written settings, replacing current state in RAM.
  options:
    <PACKAGE> an Android package name or its UID if prefixed by --uid
    <OP>      an AppOps operation.
    <MODE>    one of allow, ignore, deny, or default
    <USER_ID> the user id under which the package is installed. If --user is
              not specified, the current user is assumed.
`;

/** Modes set per package, and per uid (`appops set UID …`), on each phone. */
const state = new WeakMap<Phone, { packages: Map<string, Map<number, Mode>>; uids: Map<number, Map<number, Mode>> }>();

function opsOf(phone: Phone): { packages: Map<string, Map<number, Mode>>; uids: Map<number, Map<number, Mode>> } {
  let ops = state.get(phone);
  if (!ops) {
    ops = { packages: new Map(), uids: new Map() };
    state.set(phone, ops);
  }
  return ops;
}

/** An op by its public name (`android:camera`), its number, or its debug name (`CAMERA`). */
function opOf(ctx: CommandContext, text: string): (typeof OPS)[number] | undefined {
  const op = OPS.find((o) => `android:${o.name.toLowerCase()}` === text || String(o.code) === text || o.name === text);
  if (!op) ctx.stderr(`Error: Unknown operation string: ${text}\n`);
  return op;
}

function modeOf(ctx: CommandContext, text: string): Mode | undefined {
  const mode = MODES.find((m) => m === text) ?? MODES[Number(text)];
  if (mode === undefined || (!/^\d+$/.test(text) && !MODES.includes(text as Mode))) {
    ctx.stderr(`Error: Mode ${text} is not valid\n`);
    return undefined;
  }
  return mode;
}

/** `PACKAGE [OP]` after the verb, the package resolved to its uid or a bare uid (`10123`, `u0a23`). */
function target(ctx: CommandContext, args: string[], needOp: boolean): { pkg?: string; uid: number; op?: (typeof OPS)[number]; rest: string[] } | undefined {
  const [name, opText, ...rest] = args;
  if (name === undefined) {
    ctx.stderr('Error: Package name not specified.\n');
    return undefined;
  }
  if (opText === undefined && needOp) {
    ctx.stderr('Error: Operation not specified.\n');
    return undefined;
  }
  const op = opText === undefined ? undefined : opOf(ctx, opText);
  if (opText !== undefined && !op) return undefined;
  const appUid = /^u0a(\d+)$/.exec(name);
  if (/^\d+$/.test(name) || appUid) return { uid: appUid ? 10000 + Number(appUid[1]) : Number(name), op, rest };
  const installed = ctx.phone.packages.get(name);
  if (!installed) {
    ctx.stderr(`Error: No UID for ${name} in user 0\n`);
    return undefined;
  }
  return { pkg: name, uid: uidOf(name, installed.system), op, rest };
}

function setMode(ctx: CommandContext, args: string[], asUid: boolean): number {
  const found = target(ctx, args, true);
  if (!found?.op) return 255;
  const modeText = found.rest[0];
  if (modeText === undefined) {
    ctx.stderr('Error: Mode not specified.\n');
    return 255;
  }
  const mode = modeOf(ctx, modeText);
  if (mode === undefined) return 255;
  const ops = opsOf(ctx.phone);
  // `set --uid PACKAGE …` sets the mode of the package's uid rather than of the package.
  const byUid = asUid || found.pkg === undefined;
  const table = byUid ? ops.uids : ops.packages;
  const key = byUid ? found.uid : (found.pkg ?? found.uid);
  const modes = (table as Map<string | number, Map<number, Mode>>).get(key) ?? new Map<number, Mode>();
  // A package's op back at its default mode, never used, is no longer listed.
  if (mode === found.op.mode && !byUid) modes.delete(found.op.code);
  else modes.set(found.op.code, mode);
  (table as Map<string | number, Map<number, Mode>>).set(key, modes);
  return 0;
}

function lines(modes: Map<number, Mode> | undefined, only: number | undefined): string[] {
  return OPS.filter((o) => modes?.has(o.code) && (only === undefined || o.code === only)).map((o) => `${o.name}: ${modes?.get(o.code) ?? o.mode}`);
}

function getMode(ctx: CommandContext, args: string[]): number {
  const found = target(ctx, args, false);
  if (!found) return 255;
  const ops = opsOf(ctx.phone);
  const uidLines = lines(ops.uids.get(found.uid), found.op?.code);
  const pkgLines = found.pkg === undefined ? [] : lines(ops.packages.get(found.pkg), found.op?.code);
  if (uidLines.length === 0 && pkgLines.length === 0) {
    ctx.stdout(`No operations.\n${found.op ? `Default mode: ${found.op.mode}\n` : ''}`);
    return 0;
  }
  // Uid modes come first, under one "Uid mode: " prefix, as AppOpsService prints them.
  if (uidLines.length > 0) ctx.stdout(`Uid mode: ${uidLines.join('\n')}\n`);
  if (pkgLines.length > 0) ctx.stdout(`${pkgLines.join('\n')}\n`);
  return 0;
}

function queryOp(ctx: CommandContext, args: string[]): number {
  const [opText, modeText] = args;
  if (opText === undefined) {
    ctx.stderr('Error: Operation not specified.\n');
    return 255;
  }
  const op = opOf(ctx, opText);
  if (!op) return 255;
  const mode = modeText === undefined ? 'ignore' : modeOf(ctx, modeText);
  if (mode === undefined) return 255;
  const holders = [...opsOf(ctx.phone).packages.entries()].filter(([, modes]) => modes.has(op.code));
  if (holders.length === 0) {
    ctx.stdout('No operations.\n');
    return 0;
  }
  for (const [pkg, modes] of holders) if (modes.get(op.code) === mode) ctx.stdout(`${pkg}\n`);
  return 0;
}

function reset(ctx: CommandContext, args: string[]): number {
  const [pkg, extra] = args;
  if (extra !== undefined) {
    ctx.stderr(`Error: Unsupported argument: ${extra}\n`);
    return 255;
  }
  const ops = opsOf(ctx.phone);
  if (pkg === undefined) ops.packages.clear();
  else ops.packages.delete(pkg);
  ctx.stdout(`Reset all modes for: user 0, ${pkg === undefined ? 'all packages' : `package ${pkg}`}\n`);
  return 0;
}

/** AppOpsService.onShellCommand; `appops` on the device is a script that runs `cmd appops`. */
export function appops(ctx: CommandContext): number {
  const args: string[] = [];
  for (let i = 0; i < ctx.args.length; i++) {
    if (ctx.args[i] === '--user' || ctx.args[i] === '--attribution') i++;
    else if (ctx.args[i] !== '--uid') args.push(ctx.args[i]);
  }
  const asUid = ctx.args.includes('--uid');
  const [verb, ...rest] = args;
  switch (verb) {
    case 'set':
      return setMode(ctx, rest, asUid);
    case 'get':
      return getMode(ctx, rest);
    case 'query-op':
      return queryOp(ctx, rest);
    case 'reset':
      return reset(ctx, rest);
    case 'start':
    case 'stop':
      return target(ctx, rest, true) ? 0 : 255;
    case 'write-settings':
      ctx.stdout('Current settings written.\n');
      return 0;
    case 'read-settings':
      ctx.stdout('Last settings read.\n');
      return 0;
    default:
      return defaultCommand(ctx, verb, { help: HELP });
  }
}

export const appopsCommands: CommandTable = { appops };
