// llama.cpp's GBNF parser through node-llama-cpp, in one child process per test worker.
//
// `llama.createGrammar({ grammar })` needs no model: node-llama-cpp's AddonGrammar constructor calls
// `llama_grammar_init_impl(nullptr /* vocab */, grammar, root, …)`, which runs llama.cpp's `llama_grammar_parser`
// (syntax, escapes, undefined rules) and its left-recursion check, and throws "Failed to parse grammar" when it
// returns null. llama.cpp writes *why* with fprintf(stderr) ("parse: error parsing grammar: unknown escape at …"),
// which no JavaScript logger sees; so the Llama instance lives in a child process whose stderr we read.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { cachedFile, cacheFolder } from './tool-cache.js';

/** Written to the child's stderr after each grammar, so its native messages can be matched to the grammar. */
const MARK = '@@mobiletest-grammar-done ';

// Loads the prebuilt CPU binary that npm installed; never builds, never downloads.
const CHILD = `
import { createInterface } from 'node:readline';
const { getLlama, LlamaLogLevel } = await import(process.env.MOBILETEST_NODE_LLAMA_CPP);
const logs = [];
let llama;
try {
  llama = await getLlama({ build: 'never', gpu: false, usePrebuiltBinaries: true, skipDownload: true, progressLogs: false,
    logLevel: LlamaLogLevel.warn, logger: (_level, message) => logs.push(message.trim()) });
} catch (error) {
  process.stdout.write(JSON.stringify({ fatal: String(error?.message ?? error) }) + '\\n');
  process.exit(1);
}
process.stdout.write(JSON.stringify({ ready: true }) + '\\n');
for await (const line of createInterface({ input: process.stdin })) {
  const { id, grammar } = JSON.parse(line);
  logs.length = 0;
  let error;
  try { await llama.createGrammar({ grammar }); } catch (e) { error = String(e?.message ?? e); }
  // llama.cpp logs why it failed through a callback that reaches JavaScript a few event-loop turns later.
  for (let turn = 0; error && logs.length === 0 && turn < 40; turn++) await new Promise((resolve) => setTimeout(resolve, 5));
  process.stderr.write('\\n${MARK}' + id + '\\n');
  process.stdout.write(JSON.stringify({ id, error, logs }) + '\\n');
}
process.exit(0);
`;

interface Reply {
  id?: number;
  ready?: boolean;
  fatal?: string;
  error?: string;
  logs?: string[];
}

class GrammarParserProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private stdout = '';
  private stderr = '';
  private readonly replies: Reply[] = [];
  private waiting?: () => void;
  private exited?: string;

  /** True once the child has ended (it crashed, or could not load llama.cpp). */
  get ended(): boolean {
    return this.exited !== undefined;
  }
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();

  /** Starts the child from a script file: node-llama-cpp tests its binary in a fork that reuses our exec arguments, so `-e code` would run twice. */
  static async start(): Promise<GrammarParserProcess> {
    const folder = await cacheFolder(`grammar-parser-${createHash('sha256').update(CHILD).digest('hex').slice(0, 16)}`);
    return new GrammarParserProcess(await cachedFile(folder, 'parse-grammar.mjs', async () => CHILD));
  }

  private constructor(script: string) {
    const entry = pathToFileURL(createRequire(import.meta.url).resolve('node-llama-cpp')).href;
    // Without the test runner's NODE_OPTIONS: its module loader hides node-llama-cpp's prebuilt binary packages.
    const { NODE_OPTIONS: _runnerLoader, ...env } = process.env;
    this.child = spawn(process.execPath, [script], {
      env: { ...env, MOBILETEST_NODE_LLAMA_CPP: entry },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.setEncoding('utf8').on('data', (text: string) => {
      this.stdout += text;
      let end: number;
      while ((end = this.stdout.indexOf('\n')) >= 0) {
        const line = this.stdout.slice(0, end);
        this.stdout = this.stdout.slice(end + 1);
        if (line.trim()) this.replies.push(JSON.parse(line) as Reply);
      }
      this.wake();
    });
    this.child.stderr.setEncoding('utf8').on('data', (text: string) => {
      this.stderr += text;
      this.wake();
    });
    this.child.on('exit', (code, signal) => {
      this.exited = `llama.cpp's grammar parser process ended (${signal ?? `exit code ${code}`}): ${this.stderr.trim().slice(-2000)}`;
      this.wake();
    });
    // The worker may end while the child idles: do not hold it open.
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) (stream as unknown as { unref?: () => void }).unref?.();
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.();
  }

  private async until<T>(found: () => T | undefined): Promise<T> {
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      if (this.exited) throw new Error(this.exited);
      await new Promise<void>((resolve) => (this.waiting = resolve));
    }
  }

  /** Waits for the child's Llama instance; throws what getLlama said when it cannot load. */
  async ready(): Promise<void> {
    const reply = await this.until(() => this.replies.find((r) => r.ready || r.fatal));
    if (reply.fatal) throw new Error(`node-llama-cpp could not load llama.cpp (no build, no download): ${reply.fatal}`);
  }

  /** Parses one grammar; grammars go one at a time so each one's stderr is told apart. */
  parse(grammar: string): Promise<{ ok: true } | { ok: false; error: string }> {
    const result = this.queue.then(async () => {
      await this.ready();
      const id = this.nextId++;
      this.child.stdin.write(JSON.stringify({ id, grammar }) + '\n');
      const reply = await this.until(() => this.replies.find((r) => r.id === id));
      const native = await this.until(() => {
        const at = this.stderr.indexOf(`${MARK}${id}\n`);
        if (at < 0) return undefined;
        const text = this.stderr.slice(0, at);
        this.stderr = this.stderr.slice(at + MARK.length + String(id).length + 1);
        return text;
      });
      this.replies.splice(this.replies.indexOf(reply), 1);
      if (!reply.error) return { ok: true as const };
      // llama.cpp prints the reason, a blank line, then the whole grammar: keep the reason.
      const reason = native
        .trim()
        .split(/\n\s*\n/)[0]
        ?.trim();
      const said = [reason, ...(reply.logs ?? [])].filter(Boolean).join('; ');
      return { ok: false as const, error: said || reply.error };
    });
    this.queue = result.catch(() => undefined);
    return result;
  }
}

let parser: Promise<GrammarParserProcess> | undefined;

/** Parses GBNF with llama.cpp's grammar parser (one Llama instance per test worker, in its child process). */
export async function parseGbnf(grammar: string): Promise<{ ok: true } | { ok: false; error: string }> {
  let current = parser ? await parser.catch(() => undefined) : undefined;
  if (!current || current.ended) {
    parser = GrammarParserProcess.start();
    current = await parser;
  }
  return current.parse(grammar);
}
