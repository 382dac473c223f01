import { fail, type CommandContext, type CommandTable } from '../registry.js';
import { bufferInput, readAll, readLines } from '../streams.js';

/** A POSIX basic regular expression as a JavaScript one: `\(`, `\{`, `\|` are the special forms. */
export function basicToJs(pattern: string): string {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\' && i + 1 < pattern.length) {
      const next = pattern[++i];
      out += '(){}|+?'.includes(next) ? next : `\\${next}`;
    } else if ('(){}|+?'.includes(c)) out += `\\${c}`;
    else out += c;
  }
  return out;
}

const POSIX_CLASSES: Record<string, string> = {
  alpha: 'A-Za-z',
  digit: '0-9',
  alnum: 'A-Za-z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: ' \\t\\n\\r\\f\\v',
  blank: ' \\t',
  xdigit: '0-9A-Fa-f',
  punct: '!-\\/:-@\\[-`{-~',
  word: 'A-Za-z0-9_',
};

/** `[[:digit:]]` and the other POSIX bracket classes, which JavaScript regular expressions lack. */
function posixClasses(pattern: string): string {
  return pattern.replace(/\[:(\w+):\]/g, (all, name: string) => POSIX_CLASSES[name] ?? all);
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The inputs of a text command: named files, or standard input when none (or `-`). */
function sources(ctx: CommandContext, operands: string[]): Array<{ name: string; input?: AsyncIterable<Buffer> }> {
  const names = operands.length > 0 ? operands : ['-'];
  return names.map((name) => {
    if (name === '-') return { name: '(standard input)', input: ctx.stdin };
    const data = ctx.phone.fs.read(ctx.resolve(name));
    return { name, input: data ? bufferInput(data) : undefined };
  });
}

function missing(ctx: CommandContext, name: string): string {
  const stat = ctx.phone.fs.stat(ctx.resolve(name));
  return `${name}: ${!stat ? 'No such file or directory' : stat.type === 'dir' ? 'Is a directory' : 'Permission denied'}`;
}

async function grep(ctx: CommandContext): Promise<number> {
  const flags = new Set<string>();
  const patterns: string[] = [];
  const operands: string[] = [];
  let max = Infinity;
  let before = 0;
  let after = 0;
  for (let i = 0; i < ctx.args.length; i++) {
    const arg = ctx.args[i];
    const context = /^-([ABC])(\d*)$/.exec(arg);
    if (context) {
      const n = Number(context[2] || ctx.args[++i]);
      if (context[1] !== 'A') before = n;
      if (context[1] !== 'B') after = n;
      continue;
    }
    if (arg === '-e') {
      patterns.push(ctx.args[++i] ?? '');
      continue;
    }
    if (arg === '-m') {
      max = Number(ctx.args[++i]);
      continue;
    }
    if (arg.startsWith('--')) {
      if (arg === '--color=never' || arg === '--color') continue;
      return fail(ctx, `Unknown option '${arg.slice(2)}'`, 2);
    }
    if (arg.startsWith('-') && arg.length > 1) {
      for (const f of arg.slice(1)) {
        if (!'vEiIcqFwxonlLhHsr'.includes(f)) return fail(ctx, `Unknown option '${f}'`, 2);
        flags.add(f);
      }
      continue;
    }
    operands.push(arg);
  }
  if (patterns.length === 0) {
    const first = operands.shift();
    if (first === undefined) return fail(ctx, 'Needs 1 argument (see "grep --help")', 2);
    patterns.push(...first.split('\n'));
  }
  const source = patterns
    .map((p) => {
      const body = flags.has('F') ? escapeRegex(p) : posixClasses(flags.has('E') ? p : basicToJs(p));
      if (flags.has('x')) return `^(?:${body})$`;
      if (flags.has('w')) return `(?<![\\w])(?:${body})(?![\\w])`;
      return body;
    })
    .join('|');
  let regex: RegExp;
  try {
    regex = new RegExp(source, flags.has('i') ? 'gi' : 'g');
  } catch {
    return fail(ctx, `bad regex '${patterns.join('\n')}'`, 2);
  }
  const inputs = sources(ctx, operands);
  const prefix = (inputs.length > 1 || flags.has('H')) && !flags.has('h');
  let matchedAny = false;
  let status = 1;
  for (const { name, input } of inputs) {
    if (!input) {
      if (!flags.has('s')) ctx.stderr(`grep: ${missing(ctx, name)}\n`);
      status = 2;
      continue;
    }
    let count = 0;
    let lineNo = 0;
    // Context lines (-A/-B/-C): the ones held back, how many more to show, the last line printed.
    const held: Array<{ line: string; no: number }> = [];
    let trailing = 0;
    let lastPrinted = 0;
    const showContext = (line: string, no: number): void => {
      if (lastPrinted > 0 && no > lastPrinted + 1) ctx.stdout('--\n');
      ctx.stdout(`${prefix ? `${name}-` : ''}${flags.has('n') ? `${no}-` : ''}${line}\n`);
      lastPrinted = no;
    };
    for await (const line of readLines(input, ctx.signal)) {
      lineNo++;
      regex.lastIndex = 0;
      const hit = regex.test(line) !== flags.has('v');
      if (!hit) {
        if (trailing > 0) {
          trailing--;
          showContext(line, lineNo);
        } else if (before > 0) {
          held.push({ line, no: lineNo });
          if (held.length > before) held.shift();
        }
        continue;
      }
      count++;
      matchedAny = true;
      if (flags.has('q')) return 0;
      if (flags.has('l')) break;
      if (!flags.has('c') && !flags.has('L')) {
        for (const h of held.splice(0)) showContext(h.line, h.no);
        if ((before > 0 || after > 0) && lastPrinted > 0 && lineNo > lastPrinted + 1) ctx.stdout('--\n');
        lastPrinted = lineNo;
        trailing = after;
        const lead = (prefix ? `${name}:` : '') + (flags.has('n') ? `${lineNo}:` : '');
        if (flags.has('o') && !flags.has('v')) {
          regex.lastIndex = 0;
          for (const m of line.matchAll(regex)) if (m[0] !== '') ctx.stdout(`${lead}${m[0]}\n`);
        } else ctx.stdout(`${lead}${line}\n`);
      }
      if (count >= max) break;
    }
    if (flags.has('c')) ctx.stdout(`${prefix ? `${name}:` : ''}${count}\n`);
    if (flags.has('l') && count > 0) ctx.stdout(`${name}\n`);
    if (flags.has('L') && count === 0) ctx.stdout(`${name}\n`);
  }
  if (matchedAny) return status === 2 && !flags.has('s') ? 2 : 0;
  return status;
}

async function wc(ctx: CommandContext): Promise<number> {
  const flags = new Set<string>();
  const operands: string[] = [];
  for (const arg of ctx.args) {
    if (arg.startsWith('-') && arg.length > 1) for (const f of arg.slice(1)) flags.add(f);
    else operands.push(arg);
  }
  const shown = flags.size === 0 ? ['l', 'w', 'c'] : ['l', 'w', 'c', 'm'].filter((f) => flags.has(f));
  let status = 0;
  const totals = [0, 0, 0];
  const rows: Array<{ counts: number[]; name: string }> = [];
  for (const { name, input } of sources(ctx, operands)) {
    if (!input) {
      status = fail(ctx, missing(ctx, name));
      continue;
    }
    const data = await readAll(input, ctx.signal);
    const text = data.toString('utf8');
    const counts = [data.filter((b) => b === 0x0a).length, text.split(/\s+/).filter(Boolean).length, data.length];
    counts.forEach((n, i) => {
      totals[i] += n;
    });
    rows.push({ counts, name: operands.length > 0 ? name : '' });
  }
  if (rows.length > 1) rows.push({ counts: totals, name: 'total' });
  for (const row of rows) {
    const values = shown.map((f) => row.counts[f === 'm' ? 2 : 'lwc'.indexOf(f)]);
    const padded = shown.length === 1 ? values.map(String) : values.map((v) => String(v).padStart(7));
    ctx.stdout(`${padded.join(' ')}${row.name ? ` ${row.name}` : ''}\n`);
  }
  return status;
}

/** `-n N`, `-N` and `-n +N` as head and tail read them. */
function lineCount(args: string[]): { count: number; fromStart: boolean; bytes: boolean; operands: string[] } {
  let count = 10;
  let fromStart = false;
  let bytes = false;
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const attached = /^-([nc])(\+?\d+)$/.exec(arg);
    if (arg === '-n' || arg === '-c' || attached) {
      bytes = (attached?.[1] ?? arg[1]) === 'c';
      const value = attached?.[2] ?? args[++i] ?? '10';
      fromStart = value.startsWith('+');
      count = Math.abs(Number.parseInt(value, 10));
    } else if (/^-\d+$/.test(arg)) count = Number(arg.slice(1));
    else if (arg === '-f' || arg === '-q') continue;
    else operands.push(arg);
  }
  return { count, fromStart, bytes, operands };
}

async function head(ctx: CommandContext): Promise<number> {
  const { count, bytes, operands } = lineCount(ctx.args);
  let status = 0;
  for (const { name, input } of sources(ctx, operands)) {
    if (!input) {
      status = fail(ctx, missing(ctx, name));
      continue;
    }
    if (bytes) {
      ctx.stdout((await readAll(input, ctx.signal)).subarray(0, count));
      continue;
    }
    let n = 0;
    if (count === 0) continue;
    for await (const line of readLines(input, ctx.signal)) {
      ctx.stdout(`${line}\n`);
      if (++n >= count) break;
    }
  }
  return status;
}

async function tail(ctx: CommandContext): Promise<number> {
  const { count, fromStart, bytes, operands } = lineCount(ctx.args);
  let status = 0;
  for (const { name, input } of sources(ctx, operands)) {
    if (!input) {
      status = fail(ctx, missing(ctx, name));
      continue;
    }
    const data = await readAll(input, ctx.signal);
    if (bytes) {
      ctx.stdout(fromStart ? data.subarray(Math.max(0, count - 1)) : data.subarray(Math.max(0, data.length - count)));
      continue;
    }
    const text = data.toString('utf8');
    const lines = text.split('\n');
    if (text.endsWith('\n')) lines.pop();
    const kept = fromStart ? lines.slice(Math.max(0, count - 1)) : count === 0 ? [] : lines.slice(-count);
    if (kept.length > 0) ctx.stdout(`${kept.join('\n')}\n`);
  }
  return status;
}

async function sort(ctx: CommandContext): Promise<number> {
  const flags = new Set(ctx.args.filter((a) => a.startsWith('-')).flatMap((a) => [...a.slice(1)]));
  const operands = ctx.args.filter((a) => !a.startsWith('-'));
  const lines: string[] = [];
  for (const { name, input } of sources(ctx, operands)) {
    if (!input) return fail(ctx, missing(ctx, name), 2);
    for await (const line of readLines(input, ctx.signal)) lines.push(line);
  }
  const compare = flags.has('n')
    ? (a: string, b: string) => (Number.parseFloat(a) || 0) - (Number.parseFloat(b) || 0)
    : (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  lines.sort(compare);
  if (flags.has('r')) lines.reverse();
  const out = flags.has('u') ? lines.filter((l, i) => i === 0 || l !== lines[i - 1]) : lines;
  if (out.length > 0) ctx.stdout(`${out.join('\n')}\n`);
  return 0;
}

async function uniq(ctx: CommandContext): Promise<number> {
  const counted = ctx.args.includes('-c');
  let previous: string | undefined;
  let repeats = 0;
  const emit = (): void => {
    if (previous !== undefined) ctx.stdout(counted ? `${String(repeats).padStart(7)} ${previous}\n` : `${previous}\n`);
  };
  for await (const line of readLines(ctx.stdin, ctx.signal)) {
    if (line === previous) repeats++;
    else {
      emit();
      previous = line;
      repeats = 1;
    }
  }
  emit();
  return 0;
}

async function cut(ctx: CommandContext): Promise<number> {
  let delimiter = '\t';
  let fields = '';
  const operands: string[] = [];
  for (let i = 0; i < ctx.args.length; i++) {
    const arg = ctx.args[i];
    if (arg === '-d') delimiter = ctx.args[++i] ?? '\t';
    else if (arg.startsWith('-d')) delimiter = arg.slice(2);
    else if (arg === '-f') fields = ctx.args[++i] ?? '';
    else if (arg.startsWith('-f')) fields = arg.slice(2);
    else operands.push(arg);
  }
  if (!fields) return fail(ctx, 'Needs -f');
  const wanted = (n: number): boolean =>
    fields.split(',').some((range) => {
      const [from, to] = range.split('-');
      const lo = from === '' ? 1 : Number(from);
      const hi = to === undefined ? lo : to === '' ? Infinity : Number(to);
      return n >= lo && n <= hi;
    });
  for (const { name, input } of sources(ctx, operands)) {
    if (!input) return fail(ctx, missing(ctx, name));
    for await (const line of readLines(input, ctx.signal)) {
      const parts = line.split(delimiter);
      ctx.stdout(`${parts.length === 1 ? line : parts.filter((_, i) => wanted(i + 1)).join(delimiter)}\n`);
    }
  }
  return 0;
}

async function tr(ctx: CommandContext): Promise<number> {
  const del = ctx.args[0] === '-d';
  const [from = '', to = ''] = del ? [ctx.args[1]] : ctx.args;
  const expand = (set: string): string =>
    set
      .replace(/(.)-(.)/g, (_, a: string, b: string) => {
        let out = '';
        for (let c = a.charCodeAt(0); c <= b.charCodeAt(0); c++) out += String.fromCharCode(c);
        return out;
      })
      .replace(/\\n/g, '\n')
      .replace(/\\t/g, '\t');
  const source = expand(from);
  const target = expand(to);
  const text = (await readAll(ctx.stdin, ctx.signal)).toString('utf8');
  let out = '';
  for (const c of text) {
    const i = source.indexOf(c);
    if (i < 0) out += c;
    else if (!del) out += target[Math.min(i, target.length - 1)] ?? '';
  }
  ctx.stdout(out);
  return 0;
}

async function tee(ctx: CommandContext): Promise<number> {
  const append = ctx.args.includes('-a');
  const files = ctx.args.filter((a) => !a.startsWith('-'));
  const chunks: Buffer[] = [];
  for await (const chunk of ctx.stdin) {
    chunks.push(chunk);
    ctx.stdout(chunk);
  }
  let status = 0;
  for (const file of files) {
    const path = ctx.resolve(file);
    const before = append ? ctx.phone.fs.read(path) : undefined;
    const result = ctx.phone.fs.write(path, Buffer.concat([...(before ? [before] : []), ...chunks]));
    if (result) status = fail(ctx, `${file}: ${result === 'EROFS' ? 'Read-only file system' : 'Permission denied'}`);
  }
  return status;
}

export const textCommands: CommandTable = { grep, egrep: (ctx) => grep({ ...ctx, args: ['-E', ...ctx.args] }), wc, head, tail, sort, uniq, cut, tr, tee };
