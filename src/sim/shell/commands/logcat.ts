import type { LogBuffer, LogEntry, LogPriority } from '../../types.js';
import { fail, type CommandContext, type CommandTable } from '../registry.js';
import { strftime } from './basic.js';

const PRIORITIES = ['V', 'D', 'I', 'W', 'E', 'F', 'S'];
const ALL_BUFFERS: LogBuffer[] = ['main', 'system', 'crash', 'events'];
const DEFAULT_BUFFERS: LogBuffer[] = ['main', 'system', 'crash'];

type Format = 'threadtime' | 'brief' | 'time' | 'tag' | 'process' | 'raw' | 'long' | 'thread';
const FORMATS = new Set<string>(['threadtime', 'brief', 'time', 'tag', 'process', 'raw', 'long', 'thread']);

interface Options {
  dump: boolean;
  clear: boolean;
  sizes: boolean;
  buffers: LogBuffer[];
  format: Format;
  year: boolean;
  /** -B: binary logger_entry records, as adbkit and other readers parse them. */
  binary: boolean;
  tail?: number;
  since?: number;
  filters: Array<{ tag: string; min: number }>;
  defaultMin: number;
  pid?: number;
  regex?: RegExp;
  max?: number;
}

/** 'MM-DD hh:mm:ss.mmm' (or with a year) as logcat -t/-T read it, in the phone's year. */
function parseTime(text: string, now: number): number | undefined {
  const match = /^(?:(\d{4})-)?(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!match) return undefined;
  const year = match[1] ? Number(match[1]) : new Date(now).getUTCFullYear();
  return Date.UTC(year, Number(match[2]) - 1, Number(match[3]), Number(match[4]), Number(match[5]), Number(match[6]), Number((match[7] ?? '0').padEnd(3, '0')));
}

function parse(ctx: CommandContext): Options | string {
  const o: Options = { dump: false, clear: false, sizes: false, buffers: [], format: 'threadtime', year: false, binary: false, filters: [], defaultMin: 0 };
  const args = ctx.args;
  const now = ctx.phone.clock.now();
  const count = (value: string | undefined, flag: string, follow: boolean): string | undefined => {
    if (value === undefined) return `option requires an argument -- ${flag}`;
    if (/^\d+$/.test(value)) o.tail = Number(value);
    else {
      const since = parseTime(value, now);
      if (since === undefined) return `-${flag} "${value}" not in time format`;
      o.since = since;
    }
    if (!follow) o.dump = true;
    return undefined;
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = (): string | undefined => inline ?? args[++i];
    let error: string | undefined;
    if (flag === '-d') o.dump = true;
    else if (flag === '-c' || flag === '--clear') o.clear = true;
    else if (flag === '-g' || flag === '--buffer-size') o.sizes = true;
    else if (flag === '-s') o.defaultMin = 6;
    else if (flag === '-b' || flag === '--buffer') {
      for (const name of (value() ?? '').split(',')) {
        if (name === 'all') o.buffers.push(...ALL_BUFFERS);
        else if (name === 'default') o.buffers.push(...DEFAULT_BUFFERS);
        else if ((ALL_BUFFERS as string[]).includes(name)) o.buffers.push(name as LogBuffer);
        else if (name !== 'radio' && name !== 'kernel' && name !== 'stats' && name !== 'security') return `unknown buffer ${name}`;
      }
    } else if (flag === '-v' || flag === '--format') {
      // logcat splits one -v on commas and spaces: `-v threadtime,year` is two format words.
      for (const format of (value() ?? '').split(/[,\s]+/).filter(Boolean)) {
        if (FORMATS.has(format)) o.format = format as Format;
        else if (format === 'year') o.year = true;
        else if (!['color', 'usec', 'nsec', 'printable', 'uid', 'zone', 'UTC', 'monotonic', 'epoch', 'descriptive'].includes(format))
          return `Invalid parameter "${format}" to -v`;
      }
    } else if (flag === '-t') error = count(value(), 't', false);
    else if (flag === '-T') error = count(value(), 'T', true);
    else if (flag === '--pid') o.pid = Number(value());
    else if (flag === '-e' || flag === '--regex') o.regex = new RegExp(value() ?? '');
    else if (flag === '-m' || flag === '--max-count') o.max = Number(value());
    else if (flag === '--binary') o.binary = true;
    else if (/^-[dcgsB]+$/.test(flag)) {
      for (const f of flag.slice(1)) {
        if (f === 'd') o.dump = true;
        else if (f === 'B') o.binary = true;
        else if (f === 'c') o.clear = true;
        else if (f === 'g') o.sizes = true;
        else o.defaultMin = 6;
      }
    } else if (flag.startsWith('-')) return `invalid option -- ${flag.replace(/^-+/, '')}`;
    else {
      const [tag, level = 'V'] = flag.split(':');
      const min = PRIORITIES.indexOf(level.toUpperCase());
      if (min < 0) return `Invalid filter expression '${flag}'`;
      if (tag === '*') o.defaultMin = min;
      else o.filters.push({ tag, min });
    }
    if (error) return error;
  }
  if (o.buffers.length === 0) o.buffers = [...DEFAULT_BUFFERS];
  o.buffers = [...new Set(o.buffers)];
  return o;
}

function passes(o: Options, entry: LogEntry): boolean {
  const specific = o.filters.find((f) => f.tag === entry.tag);
  const min = specific ? specific.min : o.defaultMin;
  if (PRIORITIES.indexOf(entry.priority) < min) return false;
  if (o.pid !== undefined && entry.pid !== o.pid) return false;
  if (o.regex && !o.regex.test(entry.message)) return false;
  return true;
}

/** One entry as logcat prints it in the chosen format; each line of a multi-line message gets the prefix. */
export function formatEntry(entry: LogEntry, format: Format, year = false): string {
  const time = strftime(year ? '%Y-%m-%d %H:%M:%S' : '%m-%d %H:%M:%S', entry.time) + `.${String(entry.time % 1000).padStart(3, '0')}`;
  const p: LogPriority = entry.priority;
  const tag = entry.tag.padEnd(8);
  const pid = String(entry.pid).padStart(5);
  const tid = String(entry.tid).padStart(5);
  if (format === 'long') return `[ ${time} ${pid}:${tid} ${p}/${entry.tag} ]\n${entry.message}\n\n`;
  const prefix = {
    threadtime: `${time} ${pid} ${tid} ${p} ${tag}: `,
    brief: `${p}/${tag}(${pid}): `,
    time: `${time} ${p}/${tag}(${pid}): `,
    tag: `${p}/${tag}: `,
    process: `${p}(${pid}) `,
    thread: `${p}(${pid}:${tid}) `,
    raw: '',
  }[format];
  const suffix = format === 'process' ? `  (${entry.tag})` : '';
  return entry.message
    .split('\n')
    .map((line) => `${prefix}${line}${suffix}\n`)
    .join('');
}

const LOG_IDS: Record<LogBuffer, number> = { main: 0, events: 2, system: 3, crash: 4 };
const V4_HEADER_SIZE = 28;

/** struct logger_entry (v4): len, hdr_size, pid, tid, sec, nsec, lid, uid; then priority, tag\0, message\0. */
export function binaryEntry(entry: LogEntry): Buffer {
  const payload = Buffer.concat([Buffer.from([PRIORITIES.indexOf(entry.priority) + 2]), Buffer.from(`${entry.tag}\0${entry.message}\0`, 'utf8')]);
  const header = Buffer.alloc(V4_HEADER_SIZE);
  header.writeUInt16LE(payload.length, 0);
  header.writeUInt16LE(V4_HEADER_SIZE, 2);
  header.writeInt32LE(entry.pid, 4);
  header.writeInt32LE(entry.tid, 8);
  header.writeInt32LE(Math.floor(entry.time / 1000), 12);
  header.writeInt32LE((entry.time % 1000) * 1_000_000, 16);
  header.writeUInt32LE(LOG_IDS[entry.buffer], 20);
  header.writeUInt32LE(entry.pid < 10_000 ? 1000 : 10_000 + (entry.pid % 1000), 24);
  return Buffer.concat([header, payload]);
}

async function logcat(ctx: CommandContext): Promise<number> {
  const o = parse(ctx);
  if (typeof o === 'string') return fail(ctx, o);
  const log = ctx.phone.logcat;
  if (o.clear) {
    log.clear(o.buffers);
    return 0;
  }
  if (o.sizes) {
    for (const buffer of o.buffers) {
      const used = log.entries({ buffers: [buffer] }).reduce((sum, e) => sum + e.message.length + e.tag.length + 28, 0);
      ctx.stdout(`${buffer}: ring buffer is 256 KiB (${Math.ceil(used / 1024)} KiB consumed), max entry is 5120 B, max payload is 4068 B\n`);
    }
    return 0;
  }
  let printed = 0;
  let lastBuffer: LogBuffer | undefined;
  const shown = new Set<LogBuffer>();
  const print = (entry: LogEntry): boolean => {
    if (!passes(o, entry)) return true;
    if (o.binary) {
      ctx.stdout(binaryEntry(entry));
      printed++;
      return o.max === undefined || printed < o.max;
    }
    if (entry.buffer !== lastBuffer && !shown.has(entry.buffer)) {
      ctx.stdout(`--------- beginning of ${entry.buffer}\n`);
      shown.add(entry.buffer);
    }
    lastBuffer = entry.buffer;
    ctx.stdout(formatEntry(entry, o.format, o.year));
    printed++;
    return o.max === undefined || printed < o.max;
  };
  let backlog = log.entries({ buffers: o.buffers, since: o.since }).filter((e) => passes(o, e));
  if (o.tail !== undefined) backlog = backlog.slice(Math.max(0, backlog.length - o.tail));
  for (const entry of backlog) if (!print(entry)) return 0;
  if (o.dump || ctx.signal.aborted) return 0;
  // Follow until the host closes the stream (or a later pipeline stage exits).
  return new Promise<number>((resolve) => {
    const stop = log.follow((entry) => {
      if (!o.buffers.includes(entry.buffer)) return;
      if (!print(entry)) finish();
    });
    const finish = (): void => {
      stop();
      ctx.signal.removeEventListener('abort', finish);
      resolve(0);
    };
    ctx.signal.addEventListener('abort', finish, { once: true });
  });
}

export const logcatCommands: CommandTable = { logcat };
