import type { Clock } from '../../types.js';
import { fail, type CommandContext, type CommandTable } from '../registry.js';
import { readAll } from '../streams.js';

/** mksh's echo: options only as leading -n/-e/-E words; backslash escapes on by default. */
function echo(ctx: CommandContext): number {
  let newline = true;
  let escapes = true;
  let i = 0;
  for (; i < ctx.args.length && /^-[neE]+$/.test(ctx.args[i]); i++) {
    for (const flag of ctx.args[i].slice(1)) {
      if (flag === 'n') newline = false;
      else if (flag === 'e') escapes = true;
      else escapes = false;
    }
  }
  let text = ctx.args.slice(i).join(' ');
  if (escapes) {
    const decoded = decodeEscapes(text);
    text = decoded.text;
    if (decoded.stop) newline = false;
  }
  ctx.stdout(newline ? `${text}\n` : text);
  return 0;
}

const SIMPLE_ESCAPES: Record<string, string> = { a: '\x07', b: '\b', e: '\x1b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\' };

/** Backslash sequences of echo/print; `\c` ends the output there. */
export function decodeEscapes(text: string): { text: string; stop: boolean } {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\\' || i + 1 >= text.length) {
      out += c;
      continue;
    }
    const next = text[i + 1];
    if (next === 'c') return { text: out, stop: true };
    if (SIMPLE_ESCAPES[next] !== undefined) {
      out += SIMPLE_ESCAPES[next];
      i++;
    } else if (next === '0') {
      const octal = /^[0-7]{0,3}/.exec(text.slice(i + 2))?.[0] ?? '';
      out += String.fromCharCode(octal ? Number.parseInt(octal, 8) : 0);
      i += 1 + octal.length;
    } else out += c;
  }
  return { text: out, stop: false };
}

async function sleep(ctx: CommandContext): Promise<number> {
  if (ctx.args.length === 0) return fail(ctx, 'Needs 1 argument', 1);
  let total = 0;
  for (const arg of ctx.args) {
    const match = /^(\d*\.?\d+)([smhd]?)$/.exec(arg);
    if (!match) return fail(ctx, `invalid number '${arg}'`);
    const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[match[2]] ?? 1;
    total += Number(match[1]) * unit * 1000;
  }
  return new Promise<number>((resolve) => {
    const onAbort = (): void => {
      cancel();
      resolve(130);
    };
    const cancel = ctx.phone.clock.setTimeout(() => {
      ctx.signal.removeEventListener('abort', onAbort);
      resolve(0);
    }, total);
    if (ctx.signal.aborted) onAbort();
    else ctx.signal.addEventListener('abort', onAbort, { once: true });
  });
}

const SHELL_GROUPS =
  '2000(shell),1004(input),1007(log),1011(adb),1015(sdcard_rw),1028(sdcard_r),1078(ext_data_rw),1079(ext_obb_rw),3001(net_bt_admin),3002(net_bt),3003(inet),3006(net_bw_stats),3009(readproc),3011(uhid),3012(readtracefs)';

function id(ctx: CommandContext): number {
  if (ctx.args.includes('-u')) ctx.stdout(ctx.args.includes('-n') ? 'shell\n' : '2000\n');
  else if (ctx.args.includes('-g')) ctx.stdout(ctx.args.includes('-n') ? 'shell\n' : '2000\n');
  else ctx.stdout(`uid=2000(shell) gid=2000(shell) groups=${SHELL_GROUPS} context=u:r:shell:s0\n`);
  return 0;
}

const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number, width = 2, fill = '0'): string => String(n).padStart(width, fill);

/** strftime for the specifiers tools use with `date +FORMAT`; the phone's zone is UTC. */
export function strftime(format: string, ms: number): string {
  const d = new Date(ms);
  const map: Record<string, () => string> = {
    a: () => DAYS[d.getUTCDay()],
    b: () => MONTHS[d.getUTCMonth()],
    h: () => MONTHS[d.getUTCMonth()],
    d: () => pad(d.getUTCDate()),
    e: () => pad(d.getUTCDate(), 2, ' '),
    m: () => pad(d.getUTCMonth() + 1),
    Y: () => String(d.getUTCFullYear()),
    y: () => pad(d.getUTCFullYear() % 100),
    H: () => pad(d.getUTCHours()),
    M: () => pad(d.getUTCMinutes()),
    S: () => pad(d.getUTCSeconds()),
    N: () => pad(d.getUTCMilliseconds() * 1_000_000, 9),
    s: () => String(Math.floor(ms / 1000)),
    Z: () => 'UTC',
    z: () => '+0000',
    F: () => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`,
    T: () => `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
    '%': () => '%',
    n: () => '\n',
  };
  // `%3N` (toybox and GNU date): the first digits of the nanoseconds, e.g. milliseconds.
  return format.replace(/%([1-9]?)([a-zA-Z%])/g, (all, width: string, key: string) => {
    const value = map[key]?.();
    if (value === undefined) return all;
    return width && key === 'N' ? value.slice(0, Number(width)) : value;
  });
}

function date(ctx: CommandContext): number {
  const format = ctx.args.find((a) => a.startsWith('+'));
  ctx.stdout(`${strftime(format ? format.slice(1) : '%a %b %e %H:%M:%S %Z %Y', ctx.phone.clock.now())}\n`);
  return 0;
}

/** Milliseconds since boot, when the phone's clock keeps it. */
export function uptimeMs(clock: Clock): number {
  const withUptime = clock as Clock & { uptime?: () => number };
  return typeof withUptime.uptime === 'function' ? withUptime.uptime() : Math.round(process.uptime() * 1000);
}

function uptime(ctx: CommandContext): number {
  const up = Math.floor(uptimeMs(ctx.phone.clock) / 60_000);
  const days = Math.floor(up / 1440);
  const hours = Math.floor((up % 1440) / 60);
  const minutes = up % 60;
  let text = ` ${strftime('%T', ctx.phone.clock.now())} up `;
  if (days > 0) text += `${days} day${days === 1 ? '' : 's'}, `;
  text += hours > 0 ? `${pad(hours, 2, ' ')}:${pad(minutes)}` : `${minutes} min`;
  ctx.stdout(`${text},  0 users,  load average: 0.00, 0.00, 0.00\n`);
  return 0;
}

async function sh(ctx: CommandContext): Promise<number> {
  const c = ctx.args.indexOf('-c');
  if (c >= 0) {
    const line = ctx.args[c + 1];
    if (line === undefined) {
      ctx.stderr('/system/bin/sh: -c: option requires an argument\n');
      return 1;
    }
    return ctx.sh(line);
  }
  const script = (await readAll(ctx.stdin, ctx.signal)).toString('utf8');
  return ctx.sh(script);
}

async function env(ctx: CommandContext): Promise<number> {
  if (ctx.args.length > 0) return ctx.sh(ctx.args.map(shellQuote).join(' '));
  for (const [key, value] of ctx.env) ctx.stdout(`${key}=${value}\n`);
  return 0;
}

/** Single-quotes a word for a command line run by the shell again. */
export function shellQuote(word: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function log(ctx: CommandContext): number {
  let tag = 'log';
  let priority: 'V' | 'D' | 'I' | 'W' | 'E' | 'F' = 'I';
  const words: string[] = [];
  for (let i = 0; i < ctx.args.length; i++) {
    const arg = ctx.args[i];
    if (arg === '-t') tag = ctx.args[++i] ?? tag;
    else if (arg === '-p') {
      const p = (ctx.args[++i] ?? 'i').toUpperCase();
      if (p === 'V' || p === 'D' || p === 'I' || p === 'W' || p === 'E' || p === 'F') priority = p;
    } else words.push(arg);
  }
  ctx.phone.logcat.append({ pid: 0, tid: 0, priority, tag, message: words.join(' '), buffer: 'main' });
  return 0;
}

/** printf FORMAT [ARG...]: %s %d %i %x %c %% and backslash escapes, the format reused while arguments remain. */
function printf(ctx: CommandContext): number {
  const [format, ...args] = ctx.args;
  if (format === undefined) {
    ctx.stderr('printf: Needs 1 argument\n');
    return 1;
  }
  let out = '';
  let i = 0;
  do {
    const start = i;
    out += format.replace(/%([-0 #+]*\d*(?:\.\d+)?)([sdixXc%b])/g, (all, spec: string, conv: string) => {
      if (conv === '%') return '%';
      const arg = args[i++] ?? '';
      const width = Number(/\d+/.exec(spec.replace(/^[-0 #+]*/, ''))?.[0] ?? 0);
      const left = spec.includes('-');
      const pad = (text: string): string => (left ? text.padEnd(width) : text.padStart(width, spec.startsWith('0') && conv !== 's' ? '0' : ' '));
      if (conv === 's') return pad(arg);
      if (conv === 'b') return decodeEscapes(arg).text;
      if (conv === 'c') return arg.slice(0, 1);
      const n = Number.parseInt(arg, 10) || 0;
      return pad(conv === 'x' ? n.toString(16) : conv === 'X' ? n.toString(16).toUpperCase() : String(n));
    });
    if (i === start) break;
  } while (i < args.length);
  ctx.stdout(decodeEscapes(out).text);
  return 0;
}

export const basicCommands: CommandTable = {
  echo,
  printf,
  true: () => 0,
  false: () => 1,
  sleep,
  id,
  whoami: (ctx) => {
    ctx.stdout('shell\n');
    return 0;
  },
  date,
  uptime,
  sh,
  env,
  printenv: (ctx) => {
    const names = ctx.args.length > 0 ? ctx.args : [...ctx.env.keys()];
    let status = 0;
    for (const name of names) {
      const value = ctx.env.get(name);
      if (value === undefined) status = 1;
      else ctx.stdout(ctx.args.length > 0 ? `${value}\n` : `${name}=${value}\n`);
    }
    return status;
  },
  uname: (ctx) => {
    const all = ctx.args.includes('-a');
    ctx.stdout(
      all
        ? 'Linux localhost 6.1.23-android14-4 #1 SMP PREEMPT Mon Jan 8 00:00:00 UTC 2024 x86_64 Toybox\n'
        : ctx.args.includes('-m')
          ? 'x86_64\n'
          : ctx.args.includes('-r')
            ? '6.1.23-android14-4\n'
            : 'Linux\n',
    );
    return 0;
  },
  log,
};
