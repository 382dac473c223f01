import type { Phone } from '../../types.js';
import type { CommandContext, CommandTable } from '../registry.js';
import { uidOf } from './names.js';

interface Proc {
  user: string;
  pid: number;
  ppid: number;
  vsz: number;
  rss: number;
  state: string;
  name: string;
}

/** Processes every Android 14 phone runs, below the apps. */
const SYSTEM_PROCESSES: Proc[] = [
  { user: 'root', pid: 1, ppid: 0, vsz: 2_188_236, rss: 11_916, state: 'S', name: 'init' },
  { user: 'root', pid: 2, ppid: 0, vsz: 0, rss: 0, state: 'S', name: '[kthreadd]' },
  { user: 'logd', pid: 284, ppid: 1, vsz: 2_190_112, rss: 7_344, state: 'S', name: 'logd' },
  // adbd drops to the shell user on a user build.
  { user: 'shell', pid: 356, ppid: 1, vsz: 2_256_840, rss: 3_456, state: 'S', name: 'adbd' },
  { user: 'root', pid: 512, ppid: 1, vsz: 4_894_520, rss: 152_240, state: 'S', name: 'zygote64' },
  { user: 'system', pid: 601, ppid: 512, vsz: 6_210_444, rss: 301_584, state: 'S', name: 'system_server' },
  { user: 'u0_a116', pid: 902, ppid: 512, vsz: 5_612_004, rss: 198_112, state: 'S', name: 'com.android.systemui' },
  { user: 'u0_a121', pid: 1187, ppid: 512, vsz: 5_204_880, rss: 121_572, state: 'S', name: 'com.google.android.inputmethod.latin' },
  { user: 'u0_a131', pid: 1240, ppid: 512, vsz: 5_403_112, rss: 164_004, state: 'S', name: 'com.google.android.apps.nexuslauncher' },
];

function appUser(phone: Phone, pkg: string, fallback: string): string {
  if (fallback) return fallback;
  const installed = phone.packages.get(pkg);
  return `u0_a${uidOf(pkg, installed?.system ?? false) - 10000}`;
}

/** system_server's pid as its log lines show it, so `ps` and `logcat` agree. */
function systemServerPid(phone: Phone): number {
  return phone.logcat.entries({ buffers: ['system'] }).find((e) => e.tag.startsWith('Activity'))?.pid ?? 601;
}

export function allProcesses(phone: Phone): Proc[] {
  const apps = phone.ui.processes().map((p): Proc => ({
    user: appUser(phone, p.package, p.user),
    pid: p.pid,
    ppid: 512,
    vsz: 5_100_000 + (p.pid % 97) * 1_000,
    rss: 95_000 + (p.pid % 89) * 512,
    state: 'S',
    name: p.package,
  }));
  const known = new Set(apps.map((a) => a.name));
  const system = SYSTEM_PROCESSES.filter((p) => !known.has(p.name)).map((p) => (p.name === 'system_server' ? { ...p, pid: systemServerPid(phone) } : p));
  return [...system, ...apps].sort((a, b) => a.pid - b.pid);
}

/** toybox ps columns: USER PID PPID VSZ RSS WCHAN ADDR S NAME. */
function row(p: Proc): string {
  return `${p.user.padEnd(12)} ${String(p.pid).padStart(5)} ${String(p.ppid).padStart(5)} ${String(p.vsz).padStart(7)} ${String(p.rss).padStart(6)} ${'0'.padEnd(10)} ${'0'.padStart(10)} ${p.state} ${p.name}\n`;
}

const HEADER = `${'USER'.padEnd(12)} ${'PID'.padStart(5)} ${'PPID'.padStart(5)} ${'VSZ'.padStart(7)} ${'RSS'.padStart(6)} ${'WCHAN'.padEnd(10)} ${'ADDR'.padStart(10)} S ${'NAME'.padEnd(27)}\n`;

/** toybox's ps usage, which `ps --help` prints (tools look for -A in it to know how to list every process). */
const PS_USAGE = `usage: ps [-AadefLlnwZ] [-gG GROUP,] [-k FIELD,] [-o FIELD,] [-p PID,] [-t TTY,] [-uU USER,]

List processes.

Which processes to show (-gGuUpPt selections may be comma separated lists):

-A  All                         -a  Has terminal not session leader
-d  All but session leaders     -e  Synonym for -A
-g  In GROUPs                   -G  In real GROUPs (before sgid)
-p  PIDs (--pid)                -P  Parent PIDs (--ppid)
-s  In session IDs              -t  Attached to selected TTYs
-T  Show threads also           -u  Owned by selected USERs
-U  Real USERs (before suid)

Output modifiers:

-k  Sort FIELDs (-FIELD to reverse)  -M  Measure/pad future field widths
-n  Show numeric USER and GROUP      -w  Wide output (don't truncate fields)

Which FIELDs to show. (-o HELP for list, default = -o PID,TTY,TIME,CMD)

-f  Full listing (-o USER:12=UID,PID,PPID,C,STIME,TTY,TIME,ARGS=CMD)
-l  Long listing (-o F,S,UID,PID,PPID,C,PRI,NI,ADDR,SZ,WCHAN,TTY,TIME,CMD)
-o  Output FIELDs instead of defaults, each with optional :size and =title
-O  Add FIELDS to defaults
-Z  Include LABEL
`;

/** Fields `ps -o` prints: the header, right-aligned width (negative: left), and the value. */
const FIELDS: Record<string, { width: number; value: (p: Proc) => string }> = {
  PID: { width: 5, value: (p) => String(p.pid) },
  PPID: { width: 5, value: (p) => String(p.ppid) },
  USER: { width: -12, value: (p) => p.user },
  UID: {
    width: 5,
    value: (p) => String(p.user.startsWith('u0_a') ? 10000 + Number(p.user.slice(4)) : p.user === 'shell' ? 2000 : p.user === 'system' ? 1000 : 0),
  },
  VSZ: { width: 7, value: (p) => String(p.vsz) },
  VSIZE: { width: 7, value: (p) => String(p.vsz) },
  RSS: { width: 6, value: (p) => String(p.rss) },
  S: { width: 1, value: (p) => p.state },
  STAT: { width: -4, value: (p) => p.state },
  NAME: { width: -27, value: (p) => p.name },
  CMD: { width: -27, value: (p) => p.name },
  COMM: { width: -15, value: (p) => p.name },
  ARGS: { width: -27, value: (p) => p.name },
  CMDLINE: { width: -27, value: (p) => p.name },
};

/** `-o PID,NAME` (also `-o PID -o NAME`, and `FIELD=TITLE`): the columns asked for, the last one unpadded. */
function columns(ctx: CommandContext, specs: string[]): string | undefined {
  const fields = specs
    .flatMap((spec) => spec.split(','))
    .filter(Boolean)
    .map((spec) => {
      const [name, title] = spec.split('=');
      return { name: name.split(':')[0].toUpperCase(), title: title ?? name.split(':')[0].toUpperCase() };
    });
  const unknown = fields.find((f) => !FIELDS[f.name]);
  if (unknown) return `ps: bad -o ${unknown.name}`;
  // As in toybox's default listing: the header pads its last column too, the rows do not.
  const line = (cells: string[], header: boolean): string =>
    cells
      .map((cell, i) => {
        const width = FIELDS[fields[i].name].width;
        if (i === cells.length - 1 && !header) return cell;
        return width < 0 ? cell.padEnd(-width) : cell.padStart(width);
      })
      .join(' ');
  const procs = selected(ctx);
  ctx.stdout(
    `${[
      line(
        fields.map((f) => f.title),
        true,
      ),
      ...procs.map((p) =>
        line(
          fields.map((f) => FIELDS[f.name].value(p)),
          false,
        ),
      ),
    ].join('\n')}\n`,
  );
  return undefined;
}

/** The processes `ps` lists: this shell's own, or every one with -A/-e, or those named or given by -p. */
function selected(ctx: CommandContext): Proc[] {
  const args = ctx.args;
  const all = args.some((a) => /^-[A-Za-z]*[Ae]/.test(a) && !a.startsWith('-o'));
  const pids = args.flatMap((a, i) => (a === '-p' || a === '--pid' ? (args[i + 1] ?? '').split(',') : []));
  const values = new Set(args.flatMap((a, i) => (a === '-p' || a === '--pid' || a === '-o' || a === '-O' || a === '-k' ? [args[i + 1]] : [])));
  const names = args.filter((a) => !a.startsWith('-') && !values.has(a));
  const shellPid = 4000;
  const session: Proc[] = [
    { user: 'shell', pid: shellPid, ppid: 356, vsz: 2_195_540, rss: 3_584, state: 'S', name: 'sh' },
    { user: 'shell', pid: shellPid + 3, ppid: shellPid, vsz: 2_203_196, rss: 3_840, state: 'R', name: 'ps' },
  ];
  let procs = all || names.length > 0 || pids.length > 0 ? [...allProcesses(ctx.phone), ...session] : session;
  if (names.length > 0) procs = procs.filter((p) => names.includes(p.name) || names.includes(String(p.pid)));
  if (pids.length > 0) procs = procs.filter((p) => pids.includes(String(p.pid)));
  return procs;
}

function ps(ctx: CommandContext): number {
  if (ctx.args.includes('--help')) {
    ctx.stdout(PS_USAGE);
    return 0;
  }
  const specs = ctx.args.flatMap((a, i) => (a === '-o' ? [ctx.args[i + 1] ?? ''] : a.startsWith('-o') && a.length > 2 ? [a.slice(2)] : []));
  if (specs.length > 0) {
    const problem = columns(ctx, specs);
    if (!problem) return 0;
    ctx.stderr(`${problem}\n`);
    return 1;
  }
  ctx.stdout(HEADER + selected(ctx).map(row).join(''));
  return 0;
}

function pidof(ctx: CommandContext): number {
  const pids = allProcesses(ctx.phone)
    .filter((p) => ctx.args.includes(p.name))
    .map((p) => p.pid);
  if (pids.length === 0) return 1;
  ctx.stdout(`${pids.join(' ')}\n`);
  return 0;
}

function kill(ctx: CommandContext): number {
  let status = 0;
  for (const arg of ctx.args.filter((a) => /^\d+$/.test(a))) {
    const proc = allProcesses(ctx.phone).find((p) => p.pid === Number(arg));
    if (!proc) {
      ctx.stderr(`kill: ${arg}: No such process\n`);
      status = 1;
    } else if (proc.user !== 'shell') {
      // The shell user may not signal other users' processes; apps are stopped with `am force-stop`.
      ctx.stderr(`kill: ${arg}: Operation not permitted\n`);
      status = 1;
    }
  }
  return status;
}

export const processCommands: CommandTable = { ps, pidof, kill };
