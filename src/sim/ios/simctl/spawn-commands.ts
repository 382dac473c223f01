// `spawn UDID EXECUTABLE ...`: the few programs tools run inside a simulator: launchctl list and log show|stream.
import type { LogEntry } from '../../contracts/device.js';
import { LAUNCHER_PACKAGE } from '../../ui/launcher.js';
import { needsBoot, type Command, type CommandContext, type CommandResult } from './command.js';
import { simError, usage } from './sim-error.js';
import { parsePredicate, parseStart, toUnified, uuidFor, type MessageType, type UnifiedLogEntry } from './unified-log.js';

/** System daemons launchd lists besides SpringBoard and the apps. */
const DAEMONS = ['com.apple.backboardd', 'com.apple.runningboardd', 'com.apple.logd', 'com.apple.mobile.installd', 'com.apple.locationd'];

/** `launchctl list`: PID, last exit status and label; apps as `UIKitApplication:BUNDLE[xxxx][rb-legacy]`. */
function launchctlList(ctx: CommandContext): CommandResult {
  const lines = ['PID\tStatus\tLabel'];
  const processes = ctx.sim.phone.ui.processes();
  const springboard = processes.find((process) => process.package === LAUNCHER_PACKAGE);
  const base = springboard ? springboard.pid : 100;
  DAEMONS.forEach((label, i) => lines.push(`${Math.max(1, base - DAEMONS.length + i)}\t0\t${label}`));
  // launchd lists on-demand daemons that are not running with '-' for a pid.
  lines.push('-\t0\tcom.apple.DragUI.druid');
  if (springboard) lines.push(`${springboard.pid}\t0\tcom.apple.SpringBoard`);
  for (const process of processes) {
    if (process.package === LAUNCHER_PACKAGE) continue;
    const bundleId = ctx.sim.bundles.bundleOf(process.package);
    const instance = uuidFor(`instance:${bundleId}:${process.pid}`).slice(0, 4).toLowerCase();
    lines.push(`${process.pid}\t0\tUIKitApplication:${bundleId}[${instance}][rb-legacy]`);
  }
  ctx.io.out(`${lines.join('\n')}\n`);
  return 0;
}

interface LogQuery {
  style: 'json' | 'ndjson' | 'default' | 'compact' | 'syslog';
  since?: number;
  until?: number;
  accept: (entry: UnifiedLogEntry) => boolean;
}

const SHOWN_BY_DEFAULT: MessageType[] = ['Default', 'Error', 'Fault'];

/** Reads `log show|stream` options; a string is the usage error to print. */
function parseLogOptions(ctx: CommandContext, words: string[]): LogQuery | string {
  const query: LogQuery = { style: 'default', accept: () => true };
  const levels = new Set<MessageType>(SHOWN_BY_DEFAULT);
  let predicate: ((entry: UnifiedLogEntry) => boolean) | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i];
    const value = words[i + 1];
    if (word === '--style' && value) {
      if (!['json', 'ndjson', 'default', 'compact', 'syslog'].includes(value)) return `log: unknown style: ${value}`;
      query.style = value as LogQuery['style'];
      i++;
    } else if ((word === '--start' || word === '--end') && value) {
      const at = parseStart(value);
      if (at === undefined) return `log: invalid date: ${value}`;
      if (word === '--start') query.since = at;
      else query.until = at;
      i++;
    } else if (word === '--last' && value) {
      const match = /^(\d+)([smhd]?)$/.exec(value);
      if (!match) return `log: invalid time interval: ${value}`;
      const unit = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, '': 1000 }[match[2] as 's' | 'm' | 'h' | 'd' | ''];
      query.since = ctx.sim.phone.clock.now() - Number(match[1]) * unit;
      i++;
    } else if (word === '--predicate' && value) {
      predicate = parsePredicate(value);
      if (!predicate) return `log: invalid predicate: ${value}`;
      i++;
    } else if (word === '--level' && value) {
      if (value === 'info' || value === 'debug') levels.add('Info');
      if (value === 'debug') levels.add('Debug');
      i++;
    } else if (word === '--info') levels.add('Info');
    else if (word === '--debug') levels.add('Debug');
  }
  query.accept = (entry) => levels.has(entry.messageType) && (!predicate || predicate(entry));
  return query;
}

function unified(ctx: CommandContext, entry: LogEntry): UnifiedLogEntry {
  return toUnified(entry, { bundleOfPid: (pid) => ctx.sim.bundleOfPid(pid), appPath: (bundle) => ctx.sim.appPath(bundle) });
}

/** One entry as the plain styles print it: "timestamp thread type activity pid ttl process: (subsystem) [category] message". */
function plainLine(entry: UnifiedLogEntry): string {
  const process = entry.processImagePath.split('/').pop();
  const tid = `0x${entry.threadID.toString(16)}`;
  const where = entry.subsystem ? `(${entry.subsystem}) [${entry.subsystem}:${entry.category}] ` : `[${entry.category}] `;
  return `${entry.timestamp} ${tid.padEnd(10)} ${entry.messageType.padEnd(11)} 0x0                  ${String(entry.processID).padEnd(6)} 0    ${process}: ${where}${entry.eventMessage}`;
}

const PLAIN_HEADER = 'Timestamp                       Thread     Type        Activity             PID    TTL  ';

function logShow(ctx: CommandContext, query: LogQuery): CommandResult {
  const entries = ctx.sim.phone.logcat
    .entries({ since: query.since })
    .filter((entry) => query.until === undefined || entry.time <= query.until)
    .map((entry) => unified(ctx, entry))
    .filter(query.accept);
  if (query.style === 'json') ctx.io.out(`[${entries.map((entry) => JSON.stringify(entry, null, 2)).join(',')}]\n`);
  else if (query.style === 'ndjson') {
    ctx.io.out(entries.map((entry) => `${JSON.stringify(entry)}\n`).join(''));
    ctx.io.out(`${JSON.stringify({ count: entries.length, finished: 1 })}\n`);
  } else ctx.io.out([PLAIN_HEADER, ...entries.map(plainLine)].join('\n') + '\n');
  return 0;
}

/** `log stream`: every new entry until the CLI is stopped. */
function logStream(ctx: CommandContext, query: LogQuery): Promise<CommandResult> {
  let first = true;
  if (query.style === 'default' || query.style === 'compact' || query.style === 'syslog') ctx.io.out(`${PLAIN_HEADER}\n`);
  return new Promise((resolve) => {
    const stop = ctx.sim.phone.logcat.follow((raw) => {
      const entry = unified(ctx, raw);
      if (!query.accept(entry)) return;
      if (query.style === 'ndjson') ctx.io.out(`${JSON.stringify(entry)}\n`);
      else if (query.style === 'json') ctx.io.out(`${first ? '[' : ','}${JSON.stringify(entry, null, 2)}`);
      else ctx.io.out(`${plainLine(entry)}\n`);
      first = false;
    });
    ctx.signal.addEventListener('abort', () => {
      stop();
      resolve(0);
    });
  });
}

const spawn: Command = (ctx) => {
  const blocked = needsBoot(ctx);
  if (blocked) return blocked;
  // Options of spawn itself come before the executable.
  const words = [...ctx.args];
  while (words[0]?.startsWith('-')) words.splice(0, words[0] === '-a' || words[0] === '--arch' ? 2 : 1);
  const [program, sub, ...rest] = words;
  if (!program)
    return usage(
      'Usage: simctl spawn [-w | --wait-for-debugger] [-s | --standalone] [-a <arch> | --arch=<arch>] <device> <path to executable> [<argv 1> <argv 2> ... <argv n>]',
    );
  const name = program.split('/').pop();
  if (name === 'launchctl' && sub === 'list') return launchctlList(ctx);
  if (name === 'log' && (sub === 'show' || sub === 'stream')) {
    const query = parseLogOptions(ctx, rest);
    if (typeof query === 'string') return usage(query);
    return sub === 'show' ? logShow(ctx, query) : logStream(ctx, query);
  }
  if (name === 'launchctl' || name === 'log') return usage(`${name}: unsupported subcommand: ${sub ?? ''}`);
  return simError({
    domain: 'NSPOSIXErrorDomain',
    code: 2,
    lines: ['The operation couldn’t be completed. No such file or directory', 'No such file or directory'],
  });
};

export const SPAWN_COMMANDS: Record<string, Command> = { spawn };
