// toybox's pgrep and pkill over the phone's processes. The shell user (uid 2000) sees every process
// (it is in the readproc group) but may signal only its own, so pkill of an app fails with EPERM.
import type { CommandContext, CommandTable } from '../registry.js';
import { allProcesses } from './ps.js';

/** Linux signal numbers by toybox's names for them (without the SIG prefix). */
const SIGNALS: Readonly<Record<string, number>> = {
  HUP: 1,
  INT: 2,
  QUIT: 3,
  ILL: 4,
  TRAP: 5,
  ABRT: 6,
  BUS: 7,
  FPE: 8,
  KILL: 9,
  USR1: 10,
  SEGV: 11,
  USR2: 12,
  PIPE: 13,
  ALRM: 14,
  TERM: 15,
  STKFLT: 16,
  CHLD: 17,
  CONT: 18,
  STOP: 19,
  TSTP: 20,
  TTIN: 21,
  TTOU: 22,
  URG: 23,
  XCPU: 24,
  XFSZ: 25,
  VTALRM: 26,
  PROF: 27,
  WINCH: 28,
  IO: 29,
  PWR: 30,
  SYS: 31,
};

/** toybox's sig_to_num: a number, or a name with or without SIG, in any case. */
function signalNumber(text: string): number | undefined {
  if (/^\d+$/.test(text)) return Number(text) <= 64 ? Number(text) : undefined;
  const name = text.toUpperCase().replace(/^SIG/, '');
  return SIGNALS[name];
}

function signalName(signal: number): string {
  return Object.entries(SIGNALS).find(([, n]) => n === signal)?.[0] ?? String(signal);
}

interface Selection {
  flags: Set<string>;
  patterns: string[];
  delimiter: string;
}

/** Flags that take no value (`-fx`), the patterns, and pgrep's `-d DELIM`. */
function select(args: readonly string[], valued: ReadonlySet<string>): Selection & { values: Map<string, string> } {
  const flags = new Set<string>();
  const values = new Map<string, string>();
  const patterns: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith('-') && arg.length > 1) {
      for (let j = 1; j < arg.length; j++) {
        const flag = arg[j];
        if (valued.has(flag)) {
          values.set(flag, arg.length > j + 1 ? arg.slice(j + 1) : (args[++i] ?? ''));
          break;
        }
        flags.add(flag);
      }
    } else patterns.push(arg);
  }
  return { flags, values, patterns, delimiter: values.get('d') ?? '\n' };
}

/** The processes a selection names: extended regexes against the name, whole-name with -x, newest/oldest with -n/-o. */
/** The patterns as regular expressions, or the one that does not compile. */
function compile(selection: Selection): RegExp[] | string {
  const regexes: RegExp[] = [];
  for (const p of selection.patterns) {
    try {
      regexes.push(new RegExp(selection.flags.has('x') ? `^(?:${p})$` : p));
    } catch {
      return p;
    }
  }
  return regexes;
}

function matches(ctx: CommandContext, selection: Selection, regexes: RegExp[]): Array<{ pid: number; name: string; user: string }> {
  let found = allProcesses(ctx.phone).filter((p) => regexes.some((r) => r.test(p.name)) !== selection.flags.has('v'));
  if (selection.flags.has('n')) found = found.slice(-1);
  if (selection.flags.has('o')) found = found.slice(0, 1);
  return found;
}

/** xregcomp's refusal of a pattern that is not an extended regular expression. */
function badRegex(ctx: CommandContext, name: string, pattern: string): number {
  ctx.stderr(`${name}: bad regex '${pattern}': ${/[[\]]/.test(pattern) ? 'brackets ([ ]) not balanced' : 'parentheses not balanced'}\n`);
  return 1;
}

function pgrep(ctx: CommandContext): number {
  const selection = select(ctx.args, new Set(['d', 'L', 'u', 'U', 'P', 'g', 'G', 's', 't']));
  if (selection.patterns.length === 0) {
    ctx.stderr('pgrep: No PATTERN (see "pgrep --help")\n');
    return 1;
  }
  const regexes = compile(selection);
  if (typeof regexes === 'string') return badRegex(ctx, 'pgrep', regexes);
  const found = matches(ctx, selection, regexes);
  if (selection.flags.has('c')) ctx.stdout(`${found.length}\n`);
  else if (found.length > 0) {
    const shown: string[] = found.map((p) => (selection.flags.has('l') || selection.flags.has('a') ? `${p.pid} ${p.name}` : String(p.pid)));
    // Each pid is followed by the delimiter; with -d a newline ends the list, as toybox prints it.
    ctx.stdout(`${shown.map((s) => s + selection.delimiter).join('')}${selection.delimiter === '\n' ? '' : '\n'}`);
  }
  return found.length > 0 ? 0 : 1;
}

function pkill(ctx: CommandContext): number {
  let args = ctx.args;
  let signalText = 'TERM';
  // `pkill -9 name` / `pkill -KILL name`: a leading -SIGNAL, unless -l gives it.
  if (!args.includes('-l') && args[0]?.startsWith('-') && signalNumber(args[0].slice(1)) !== undefined) {
    signalText = args[0].slice(1);
    args = args.slice(1);
  }
  const selection = select(args, new Set(['l', 'u', 'U', 'P', 'g', 'G', 's', 't']));
  signalText = selection.values.get('l') ?? signalText;
  const signal = signalNumber(signalText);
  if (signal === undefined || signal < 1) {
    ctx.stderr(`pkill: bad -L '${signalText}'\n`);
    return 1;
  }
  if (selection.patterns.length === 0) {
    ctx.stderr('pkill: No PATTERN (see "pkill --help")\n');
    return 1;
  }
  const regexes = compile(selection);
  if (typeof regexes === 'string') return badRegex(ctx, 'pkill', regexes);
  const found = matches(ctx, selection, regexes);
  // kill(2) answers EPERM for another user's process; toybox's status follows the last match.
  let status = 1;
  for (const p of found) {
    const permitted = p.user === 'shell';
    if (!permitted) ctx.stderr(`pkill: ${signalName(signal)}->${p.pid}: Operation not permitted\n`);
    if (selection.flags.has('V')) ctx.stdout(`${p.pid}\n`);
    status = permitted ? 0 : 1;
  }
  return status;
}

export const pkillCommands: CommandTable = { pgrep, pkill };
