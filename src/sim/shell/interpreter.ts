import type { Phone } from '../types.js';
import { ShellSyntaxError, type AndOr, type Command, type Pipeline, type Redirect, type Script, type SimpleCommand } from './ast.js';
import { expandString, expandWord, type Expander } from './expand.js';
import { parseScript } from './parser.js';
import { ERRNO_TEXT, type CommandContext, type CommandTable } from './registry.js';
import { bufferInput, EMPTY_INPUT, Pipe, type Fds, type Sink } from './streams.js';
import { ExitRequest, runBuiltin, SHELL, type ShellState } from './builtins.js';

const BIN_DIRS = new Set(['/system/bin', '/system/xbin', '/bin', '/vendor/bin', '/product/bin', '/apex/com.android.runtime/bin']);
const NOOP: Sink = () => undefined;

export function defaultEnv(phone: Phone): Map<string, string> {
  return new Map([
    ['PATH', '/product/bin:/apex/com.android.runtime/bin:/apex/com.android.art/bin:/system_ext/bin:/system/bin:/system/xbin:/odm/bin:/vendor/bin:/vendor/xbin'],
    ['HOME', '/'],
    ['HOSTNAME', phone.info.device],
    ['USER', 'shell'],
    ['LOGNAME', 'shell'],
    ['SHELL', '/bin/sh'],
    ['TMPDIR', '/data/local/tmp'],
    ['ANDROID_DATA', '/data'],
    ['ANDROID_ROOT', '/system'],
    ['ANDROID_STORAGE', '/storage'],
    ['ANDROID_ASSETS', '/system/app'],
    ['ANDROID_ART_ROOT', '/apex/com.android.art'],
    ['ANDROID_I18N_ROOT', '/apex/com.android.i18n'],
    ['ANDROID_TZDATA_ROOT', '/apex/com.android.tzdata'],
    ['EXTERNAL_STORAGE', '/sdcard'],
    ['ASEC_MOUNTPOINT', '/mnt/asec'],
  ]);
}

/** What a shell process starts with: the phone, the commands it can run, its variables and its pid. */
export interface ShellSetup {
  phone: Phone;
  commands: CommandTable;
  env: Map<string, string>;
  pid: number;
}

/** How a simple command runs: its streams, the signal that stops it, and words already expanded (after `exec`). */
interface SimpleRun {
  fds: Fds;
  signal: AbortSignal;
  expanded?: string[];
}

/** One mksh process: its variables, working directory and last exit status. */
export class Shell implements ShellState {
  status = 0;
  cwd = '/';

  readonly phone: Phone;
  readonly commands: CommandTable;
  readonly env: Map<string, string>;
  readonly pid: number;

  constructor({ phone, commands, env, pid }: ShellSetup) {
    this.phone = phone;
    this.commands = commands;
    this.env = env;
    this.pid = pid;
  }

  /** Parses and runs a command line; syntax errors print as mksh prints them. */
  async runLine(line: string, fds: Fds, signal: AbortSignal): Promise<number> {
    let script: Script;
    try {
      script = parseScript(line);
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      fds.err(`${SHELL}: ${error.message}\n`);
      this.status = 1;
      return 1;
    }
    try {
      return await this.run(script, fds, signal);
    } catch (error) {
      if (error instanceof ExitRequest) {
        this.status = error.status;
        return error.status;
      }
      throw error;
    }
  }

  private fork(): Shell {
    const child = new Shell({ phone: this.phone, commands: this.commands, env: new Map(this.env), pid: this.pid + 1 });
    child.status = this.status;
    child.cwd = this.cwd;
    return child;
  }

  private async run(script: Script, fds: Fds, signal: AbortSignal): Promise<number> {
    for (const andOr of script) {
      if (signal.aborted) break;
      await this.runAndOr(andOr, fds, signal);
    }
    return this.status;
  }

  private async runAndOr(andOr: AndOr, fds: Fds, signal: AbortSignal): Promise<void> {
    this.status = await this.runPipeline(andOr.first, fds, signal);
    for (const { op, pipeline } of andOr.rest) {
      if ((op === '&&') !== (this.status === 0)) continue;
      this.status = await this.runPipeline(pipeline, fds, signal);
    }
  }

  private async runPipeline(pipeline: Pipeline, fds: Fds, signal: AbortSignal): Promise<number> {
    let status: number;
    if (pipeline.commands.length === 1) {
      status = await this.runCommand(pipeline.commands[0], fds, signal);
    } else {
      const count = pipeline.commands.length;
      const pipes = Array.from({ length: count - 1 }, () => new Pipe());
      const controllers = pipeline.commands.map(() => new AbortController());
      const onAbort = (): void => controllers.forEach((c) => c.abort());
      signal.addEventListener('abort', onAbort, { once: true });
      const stages = pipeline.commands.map(async (command, i) => {
        const stageFds: Fds = {
          in: i === 0 ? fds.in : pipes[i - 1],
          out: i === count - 1 ? fds.out : (chunk) => pipes[i].write(chunk),
          err: fds.err,
        };
        try {
          return await this.fork().runCommandCatchingExit(command, stageFds, controllers[i].signal);
        } finally {
          if (i < count - 1) pipes[i].end();
          // A reader that is done closes its pipe; the writer before it stops, as on SIGPIPE.
          if (i > 0) {
            pipes[i - 1].close();
            controllers[i - 1].abort();
          }
        }
      });
      const statuses = await Promise.all(stages);
      signal.removeEventListener('abort', onAbort);
      status = statuses[count - 1];
    }
    return pipeline.negated ? (status === 0 ? 1 : 0) : status;
  }

  private async runCommandCatchingExit(command: Command, fds: Fds, signal: AbortSignal): Promise<number> {
    try {
      return await this.runCommand(command, fds, signal);
    } catch (error) {
      if (error instanceof ExitRequest) return error.status;
      throw error;
    }
  }

  private async runCommand(command: Command, fds: Fds, signal: AbortSignal): Promise<number> {
    const redirected = await this.redirect(command.redirects, fds, signal);
    if (!redirected) return 1;
    const { fds: io, flush } = redirected;
    try {
      switch (command.kind) {
        case 'simple':
          return await this.runSimple(command, { fds: io, signal });
        case 'group':
          if (!command.subshell) return await this.run(command.body, io, signal);
          return await this.fork().runCommandCatchingExit({ kind: 'group', subshell: false, body: command.body, redirects: [] }, io, signal);
        case 'if':
          for (const branch of command.branches) {
            if ((await this.run(branch.condition, io, signal)) === 0) return await this.run(branch.body, io, signal);
          }
          return command.otherwise ? await this.run(command.otherwise, io, signal) : 0;
        case 'while': {
          let status = 0;
          while (!signal.aborted && ((await this.run(command.condition, io, signal)) === 0) !== command.until) {
            status = await this.run(command.body, io, signal);
          }
          return status;
        }
        case 'for': {
          const items: string[] = [];
          for (const word of command.items ?? []) items.push(...(await expandWord(word, this.expander(io, signal))));
          let status = 0;
          for (const item of items) {
            if (signal.aborted) break;
            this.env.set(command.name, item);
            status = await this.run(command.body, io, signal);
          }
          return status;
        }
      }
    } finally {
      flush();
    }
  }

  private async runSimple(command: SimpleCommand, { fds, signal, expanded }: SimpleRun): Promise<number> {
    const ex = this.expander(fds, signal);
    const argv: string[] = expanded ?? [];
    for (const word of command.words) argv.push(...(await expandWord(word, ex)));
    const assigned = new Map<string, string>();
    for (const { name, value } of command.assignments) assigned.set(name, await expandString(value, ex));
    if (argv.length === 0) {
      for (const [name, value] of assigned) this.env.set(name, value);
      return this.status;
    }
    if (argv[0] === 'command' && argv[1] !== undefined && !argv[1].startsWith('-')) argv.shift();
    // `exec CMD` replaces the shell: the shell ends with CMD's status (adb's `adb logcat` sends `exec logcat ...`).
    if (argv[0] === 'exec') {
      argv.shift();
      if (argv.length === 0) return 0;
      throw new ExitRequest(await this.runSimple({ ...command, words: [], assignments: [] }, { fds, signal, expanded: argv }));
    }
    const [name, ...args] = argv;
    const builtin = runBuiltin(this, { name, args, fds });
    if (builtin !== undefined) return builtin;
    const env = new Map([...this.env, ...assigned]);
    const found = this.lookup(name, fds.err);
    if (typeof found === 'number') return found;
    const ctx: CommandContext = {
      phone: this.phone,
      name: found.name,
      args,
      stdin: fds.in,
      stdout: fds.out,
      stderr: fds.err,
      signal,
      env,
      resolve: (path) => this.resolve(path),
      sh: (line) => this.fork().runLine(line, fds, signal),
    };
    try {
      await this.phone.timing.command(found.name, args);
      return await found.run(ctx);
    } catch (error) {
      if (error instanceof ExitRequest) throw error;
      fds.err(`${found.name}: ${error instanceof Error ? error.message : String(error)}\n`);
      return 1;
    }
  }

  private lookup(name: string, err: Sink): { name: string; run: (ctx: CommandContext) => Promise<number> | number } | number {
    let base = name;
    if (name.includes('/')) {
      const path = this.resolve(name);
      const slash = path.lastIndexOf('/');
      const dir = path.slice(0, slash) || '/';
      base = path.slice(slash + 1);
      if (!BIN_DIRS.has(dir) || !this.commands[base]) {
        const stat = this.phone.fs.stat(path);
        if (stat) {
          err(`${SHELL}: ${name}: can't execute: Permission denied\n`);
          return 126;
        }
        err(`${SHELL}: ${name}: inaccessible or not found\n`);
        return 127;
      }
    }
    const run = this.commands[base];
    if (!run) {
      err(`${SHELL}: ${name}: inaccessible or not found\n`);
      return 127;
    }
    return { name: base, run };
  }

  /** Applies redirections left to right; undefined when one fails (already reported). */
  private async redirect(redirects: Redirect[], fds: Fds, signal: AbortSignal): Promise<{ fds: Fds; flush: () => void } | undefined> {
    if (redirects.length === 0) return { fds, flush: () => undefined };
    const io: Fds = { ...fds };
    const flushes: Array<() => void> = [];
    const flush = (): void => flushes.forEach((f) => f());
    for (const r of redirects) {
      const target = await expandString(r.target, this.expander(fds, signal));
      if (r.op === '>&' || r.op === '<&') {
        if (target === '-') this.setFd(io, r.fd, NOOP);
        else if (/^\d+$/.test(target)) {
          const source = Number(target);
          if (r.op === '<&' || r.fd === 0) {
            if (source === 0) io.in = fds.in;
          } else this.setFd(io, r.fd, source === 2 ? io.err : io.out);
        } else {
          const sink = this.openFile(target, false, io.err);
          if (!sink) {
            flush();
            return undefined;
          }
          flushes.push(sink.flush);
          this.setFd(io, 1, sink.write);
          this.setFd(io, 2, sink.write);
        }
        continue;
      }
      if (r.op === '<' || r.op === '<>') {
        const path = this.resolve(target);
        const data = this.phone.fs.read(path);
        if (!data) {
          const stat = this.phone.fs.stat(path);
          const why = !stat ? 'No such file or directory' : stat.type === 'dir' ? 'Is a directory' : 'Permission denied';
          io.err(`${SHELL}: can't open ${target}: ${why}\n`);
          flush();
          return undefined;
        }
        if (r.fd === 0) io.in = bufferInput(data);
        continue;
      }
      const sink = this.openFile(target, r.op === '>>', io.err);
      if (!sink) {
        flush();
        return undefined;
      }
      flushes.push(sink.flush);
      this.setFd(io, r.fd, sink.write);
    }
    return { fds: io, flush };
  }

  private setFd(io: Fds, fd: number, sink: Sink): void {
    if (fd === 1) io.out = sink;
    else if (fd === 2) io.err = sink;
  }

  /** Opens a file for writing: created or truncated now, its content written when the command ends. */
  private openFile(target: string, append: boolean, err: Sink): { write: Sink; flush: () => void } | undefined {
    const path = this.resolve(target);
    const fs = this.phone.fs;
    if (path === '/dev/null' || path === '/dev/zero') return { write: NOOP, flush: () => undefined };
    const existing = append ? fs.read(path) : undefined;
    const chunks: Buffer[] = existing ? [existing] : [];
    const opened = fs.write(path, existing ?? Buffer.alloc(0));
    if (opened) {
      err(`${SHELL}: can't create ${target}: ${ERRNO_TEXT[opened] ?? opened}\n`);
      return undefined;
    }
    return {
      write: (chunk) => chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk),
      flush: () => {
        const result = fs.write(path, Buffer.concat(chunks));
        if (result) err(`${SHELL}: write error: ${ERRNO_TEXT[result] ?? result}\n`);
      },
    };
  }

  private expander(fds: Fds, signal: AbortSignal): Expander {
    return {
      fs: this.phone.fs,
      cwd: this.cwd,
      param: (name) => this.param(name),
      substitute: async (script) => {
        const chunks: Buffer[] = [];
        const child = this.fork();
        const out: Sink = (chunk) => chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        try {
          this.status = await child.run(script, { in: EMPTY_INPUT, out, err: fds.err }, signal);
        } catch (error) {
          if (!(error instanceof ExitRequest)) throw error;
          this.status = error.status;
        }
        return Buffer.concat(chunks).toString('utf8').replace(/\n+$/, '');
      },
    };
  }

  private param(name: string): string {
    switch (name) {
      case '?':
        return String(this.status);
      case '$':
        return String(this.pid);
      case '#':
        return '0';
      case '0':
        return SHELL;
      case '-':
        return 'hc';
      case '!':
      case '@':
      case '*':
        return '';
      default:
        if (/^\d+$/.test(name)) return '';
        return this.env.get(name) ?? '';
    }
  }

  resolve(path: string): string {
    if (path.startsWith('/')) return path;
    return this.cwd === '/' ? `/${path}` : `${this.cwd}/${path}`;
  }
}
