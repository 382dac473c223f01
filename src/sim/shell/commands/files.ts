import { createHash } from 'node:crypto';
import type { FileStat } from '../../types.js';
import { normalizePath } from '../../device/fs.js';
import { ERRNO_TEXT, fail, type CommandContext, type CommandTable } from '../registry.js';
import { readAll } from '../streams.js';
import { strftime } from './basic.js';

/** Splits toybox-style arguments into single-letter flags and operands (`--` ends flags). */
export function parseFlags(args: string[], known: string): { flags: Set<string>; operands: string[]; bad?: string } {
  const flags = new Set<string>();
  const operands: string[] = [];
  let done = false;
  for (const arg of args) {
    if (done || !arg.startsWith('-') || arg === '-') {
      operands.push(arg);
      continue;
    }
    if (arg === '--') {
      done = true;
      continue;
    }
    for (const flag of arg.slice(1)) {
      if (!known.includes(flag)) return { flags, operands, bad: flag };
      flags.add(flag);
    }
  }
  return { flags, operands };
}

/** Why a path cannot be read, in Android's words. */
function unreadable(ctx: CommandContext, path: string): string {
  const stat = ctx.phone.fs.stat(ctx.resolve(path));
  if (!stat) return ERRNO_TEXT.ENOENT;
  return stat.type === 'dir' ? ERRNO_TEXT.EISDIR : ERRNO_TEXT.EACCES;
}

async function cat(ctx: CommandContext): Promise<number> {
  const { operands } = parseFlags(ctx.args, 'uvteA');
  if (operands.length === 0) operands.push('-');
  let status = 0;
  for (const path of operands) {
    if (path === '-') {
      for await (const chunk of ctx.stdin) {
        ctx.stdout(chunk);
        if (ctx.signal.aborted) break;
      }
      continue;
    }
    const data = ctx.phone.fs.read(ctx.resolve(path));
    if (!data) status = fail(ctx, `${path}: ${unreadable(ctx, path)}`);
    else ctx.stdout(data);
  }
  return status;
}

/** A set-id or sticky bit that shares an execute column: its mask and the letters shown with and without execute. */
interface SpecialBit {
  special: number;
  on: string;
  off: string;
}

function modeString(stat: FileStat): string {
  const m = stat.mode;
  const bit = (mask: number, c: string): string => (m & mask ? c : '-');
  const exec = (x: number, { special, on, off }: SpecialBit): string => (m & special ? (m & x ? on : off) : m & x ? 'x' : '-');
  return (
    (stat.type === 'dir' ? 'd' : '-') +
    bit(0o400, 'r') +
    bit(0o200, 'w') +
    exec(0o100, { special: 0o4000, on: 's', off: 'S' }) +
    bit(0o040, 'r') +
    bit(0o020, 'w') +
    exec(0o010, { special: 0o2000, on: 's', off: 'S' }) +
    bit(0o004, 'r') +
    bit(0o002, 'w') +
    exec(0o001, { special: 0o1000, on: 't', off: 'T' })
  );
}

/** Owner and group as `ls -l` shows them for a path, by where it lives. */
function owners(path: string): [string, string] {
  if (path.startsWith('/storage/emulated')) return ['root', 'everybody'];
  if (path.startsWith('/data/local/tmp/')) return ['shell', 'shell'];
  if (path.startsWith('/system/bin/')) return ['root', 'shell'];
  return ['root', 'root'];
}

interface Entry {
  name: string;
  path: string;
  stat: FileStat;
}

function longLines(entries: Entry[]): string[] {
  const rows = entries.map((e) => {
    const [user, group] = owners(e.path);
    return [modeString(e.stat), String(e.stat.type === 'dir' ? 2 : 1), user, group, String(e.stat.size), strftime('%F %H:%M', e.stat.mtime), e.name];
  });
  const width = (col: number): number => Math.max(0, ...rows.map((r) => r[col].length));
  const [links, user, group, size] = [width(1), width(2), width(3), width(4)];
  return rows.map((r) => `${r[0]} ${r[1].padStart(links)} ${r[2].padEnd(user)} ${r[3].padEnd(group)} ${r[4].padStart(size)} ${r[5]} ${r[6]}`);
}

function ls(ctx: CommandContext): number {
  const { flags, operands, bad } = parseFlags(ctx.args, 'laA1dRhstrcuSFnip');
  if (bad) return fail(ctx, `Unknown option '${bad}' (see "ls --help")`);
  const long = flags.has('l') || flags.has('n');
  const targets = operands.length > 0 ? operands : ['.'];
  const files: Entry[] = [];
  const dirs: Entry[] = [];
  let status = 0;
  for (const target of targets) {
    const path = normalizePath(ctx.resolve(target));
    const stat = ctx.phone.fs.stat(path);
    if (!stat) {
      status = fail(ctx, `${target}: No such file or directory`);
      continue;
    }
    (stat.type === 'dir' && !flags.has('d') ? dirs : files).push({ name: target, path, stat });
  }
  const print = (entries: Entry[]): void => {
    const sorted = sortEntries(entries, flags);
    const lines = long ? longLines(sorted) : sorted.map((e) => e.name + (flags.has('F') && e.stat.type === 'dir' ? '/' : ''));
    for (const line of lines) ctx.stdout(`${line}\n`);
  };
  if (files.length > 0) print(files);
  dirs.forEach((dir, i) => {
    const listing = ctx.phone.fs.list(dir.path);
    if (!listing) {
      status = fail(ctx, `${dir.name}: Permission denied`);
      return;
    }
    if (targets.length > 1) ctx.stdout(`${files.length > 0 || i > 0 ? '\n' : ''}${dir.name}:\n`);
    const entries: Entry[] = listing
      .filter((e) => flags.has('a') || flags.has('A') || !e.name.startsWith('.'))
      .map((e) => ({ name: e.name, path: `${dir.path === '/' ? '' : dir.path}/${e.name}`, stat: e.stat }));
    if (flags.has('a')) {
      entries.unshift({ name: '..', path: dir.path, stat: dir.stat }, { name: '.', path: dir.path, stat: dir.stat });
    }
    if (long) ctx.stdout(`total ${entries.reduce((sum, e) => sum + Math.ceil(e.stat.size / 4096) * 4, 0)}\n`);
    print(entries);
  });
  return status;
}

function sortEntries(entries: Entry[], flags: Set<string>): Entry[] {
  const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  if (flags.has('t')) sorted.sort((a, b) => b.stat.mtime - a.stat.mtime);
  if (flags.has('S')) sorted.sort((a, b) => b.stat.size - a.stat.size);
  if (flags.has('r')) sorted.reverse();
  return sorted;
}

function rm(ctx: CommandContext): number {
  const { flags, operands, bad } = parseFlags(ctx.args, 'rRfiv');
  if (bad) return fail(ctx, `Unknown option '${bad}' (see "rm --help")`);
  if (operands.length === 0) return flags.has('f') ? 0 : fail(ctx, 'Needs 1 argument (see "rm --help")');
  const recursive = flags.has('r') || flags.has('R');
  let status = 0;
  for (const target of operands) {
    const path = ctx.resolve(target);
    const stat = ctx.phone.fs.stat(path);
    if (!stat) {
      if (!flags.has('f')) status = fail(ctx, `${target}: No such file or directory`);
      continue;
    }
    if (stat.type === 'dir' && !recursive) {
      status = fail(ctx, `${target}: Is a directory`);
      continue;
    }
    const result = ctx.phone.fs.remove(path, { recursive });
    if (result) status = fail(ctx, `${target}: ${ERRNO_TEXT[result] ?? result}`);
  }
  return status;
}

function mkdir(ctx: CommandContext): number {
  const { flags, operands, bad } = parseFlags(
    ctx.args.filter((a, i, all) => a !== '-m' && all[i - 1] !== '-m'),
    'pv',
  );
  if (bad) return fail(ctx, `Unknown option '${bad}' (see "mkdir --help")`);
  if (operands.length === 0) return fail(ctx, 'Needs 1 argument (see "mkdir --help")');
  let status = 0;
  for (const target of operands) {
    const result = ctx.phone.fs.mkdir(ctx.resolve(target), { parents: flags.has('p') });
    if (result) status = fail(ctx, `'${target}': ${ERRNO_TEXT[result] ?? result}`);
  }
  return status;
}

function touch(ctx: CommandContext): number {
  const { operands } = parseFlags(ctx.args, 'acm');
  let status = 0;
  for (const target of operands) {
    const path = ctx.resolve(target);
    const existing = ctx.phone.fs.read(path);
    const stat = ctx.phone.fs.stat(path);
    if (stat?.type === 'dir') continue;
    const result = ctx.phone.fs.write(path, existing ?? Buffer.alloc(0), { mtime: ctx.phone.clock.now() });
    if (result) status = fail(ctx, `'${target}': ${ERRNO_TEXT[result] ?? result}`);
  }
  return status;
}

function chmod(ctx: CommandContext): number {
  const { operands } = parseFlags(ctx.args, 'Rfv');
  const [mode, ...targets] = operands;
  if (mode === undefined || targets.length === 0) return fail(ctx, 'Needs 2 arguments (see "chmod --help")');
  let status = 0;
  for (const target of targets) {
    const path = ctx.resolve(target);
    const stat = ctx.phone.fs.stat(path);
    if (!stat) {
      status = fail(ctx, `${target}: No such file or directory`);
      continue;
    }
    if (stat.type === 'dir') continue;
    const data = ctx.phone.fs.read(path);
    const octal = /^[0-7]{1,4}$/.test(mode) ? Number.parseInt(mode, 8) : undefined;
    const result = data ? ctx.phone.fs.write(path, data, { mode: octal ?? stat.mode & 0o7777, mtime: stat.mtime }) : 'EACCES';
    if (result) status = fail(ctx, `${target}: ${result === 'EACCES' ? 'Operation not permitted' : (ERRNO_TEXT[result] ?? result)}`);
  }
  return status;
}

function hashCommand(algorithm: 'md5' | 'sha1' | 'sha256') {
  return async (ctx: CommandContext): Promise<number> => {
    const { operands } = parseFlags(ctx.args, 'bc');
    if (operands.length === 0) operands.push('-');
    let status = 0;
    for (const target of operands) {
      const data = target === '-' ? await readAll(ctx.stdin, ctx.signal) : ctx.phone.fs.read(ctx.resolve(target));
      if (!data) {
        status = fail(ctx, `${target}: ${unreadable(ctx, target)}`);
        continue;
      }
      ctx.stdout(`${createHash(algorithm).update(data).digest('hex')}  ${target}\n`);
    }
    return status;
  };
}

function stat(ctx: CommandContext): number {
  const format = ctx.args.includes('-c') ? ctx.args[ctx.args.indexOf('-c') + 1] : undefined;
  const targets = ctx.args.filter((a, i, all) => a !== '-c' && all[i - 1] !== '-c' && !(a.startsWith('-') && a.length > 1));
  let status = 0;
  for (const target of targets) {
    const path = ctx.resolve(target);
    const st = ctx.phone.fs.stat(path);
    if (!st) {
      status = fail(ctx, `${target}: No such file or directory`);
      continue;
    }
    const [user, group] = owners(normalizePath(path));
    const kind = st.type === 'dir' ? 'directory' : st.size === 0 ? 'regular empty file' : 'regular file';
    const fields: Record<string, string> = {
      n: target,
      s: String(st.size),
      Y: String(Math.floor(st.mtime / 1000)),
      a: (st.mode & 0o7777).toString(8),
      A: modeString(st),
      F: kind,
      U: user,
      G: group,
      f: st.mode.toString(16),
      '%': '%',
    };
    if (format !== undefined) {
      ctx.stdout(`${format.replace(/%(.)/g, (all, key: string) => fields[key] ?? all)}\n`);
      continue;
    }
    const time = `${strftime('%F %T', st.mtime)}.000000000 +0000`;
    ctx.stdout(
      `  File: ${target}\n  Size: ${st.size}\t Blocks: ${Math.ceil(st.size / 512)}\t IO Blocks: 4096\t${kind}\n` +
        `Access: (${fields.a.padStart(4, '0')}/${fields.A})\tUid: (${user === 'shell' ? 2000 : 0}/${user.padStart(8)})\tGid: (${group === 'shell' ? 2000 : 0}/${group.padStart(8)})\n` +
        `Access: ${time}\nModify: ${time}\nChange: ${time}\n`,
    );
  }
  return status;
}

/** cp and mv: files only (and mv of whole directories within storage is not needed by tools). */
function copy(move: boolean) {
  return (ctx: CommandContext): number => {
    const { operands } = parseFlags(ctx.args, 'fiprRnv');
    if (operands.length < 2) return fail(ctx, 'Needs 2 arguments');
    const target = operands.pop() ?? '';
    const targetPath = ctx.resolve(target);
    const intoDir = ctx.phone.fs.stat(targetPath)?.type === 'dir';
    if (operands.length > 1 && !intoDir) return fail(ctx, `'${target}' not directory`);
    let status = 0;
    for (const source of operands) {
      const sourcePath = ctx.resolve(source);
      const data = ctx.phone.fs.read(sourcePath);
      if (!data) {
        status = fail(
          ctx,
          `${ctx.phone.fs.stat(sourcePath)?.type === 'dir' ? `'${source}' is a directory (use -r)` : `${source}: ${unreadable(ctx, source)}`}`,
        );
        continue;
      }
      const destination = intoDir ? `${targetPath.replace(/\/+$/, '')}/${source.slice(source.lastIndexOf('/') + 1)}` : targetPath;
      const result = ctx.phone.fs.write(destination, data);
      if (result) {
        status = fail(ctx, `'${destination}': ${ERRNO_TEXT[result] ?? result}`);
        continue;
      }
      if (move) {
        const removed = ctx.phone.fs.remove(sourcePath);
        if (removed) status = fail(ctx, `${source}: ${ERRNO_TEXT[removed] ?? removed}`);
      }
    }
    return status;
  };
}

function rmdir(ctx: CommandContext): number {
  let status = 0;
  for (const target of ctx.args.filter((a) => !a.startsWith('-'))) {
    const path = ctx.resolve(target);
    const listing = ctx.phone.fs.list(path);
    if (!listing) status = fail(ctx, `'${target}': ${ctx.phone.fs.stat(path) ? 'Not a directory' : 'No such file or directory'}`);
    else if (listing.length > 0) status = fail(ctx, `'${target}': Directory not empty`);
    else {
      const result = ctx.phone.fs.remove(path, { recursive: true });
      if (result) status = fail(ctx, `'${target}': ${ERRNO_TEXT[result] ?? result}`);
    }
  }
  return status;
}

export const fileCommands: CommandTable = {
  cp: copy(false),
  mv: copy(true),
  rmdir,
  basename: (ctx) => {
    const [path = '', suffix] = ctx.args;
    const base = path.replace(/\/+$/, '').split('/').pop() || '/';
    ctx.stdout(`${suffix && base.endsWith(suffix) && base !== suffix ? base.slice(0, -suffix.length) : base}\n`);
    return 0;
  },
  dirname: (ctx) => {
    const path = (ctx.args[0] ?? '').replace(/\/+$/, '');
    const i = path.lastIndexOf('/');
    ctx.stdout(`${i < 0 ? '.' : i === 0 ? '/' : path.slice(0, i)}\n`);
    return 0;
  },
  cat,
  ls,
  rm,
  mkdir,
  touch,
  chmod,
  stat,
  md5sum: hashCommand('md5'),
  sha1sum: hashCommand('sha1'),
  sha256sum: hashCommand('sha256'),
};
