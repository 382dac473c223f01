// Helpers for tests that drive the virtual phone through the real adb CLI with a private adb server.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from '@playwright/test';

export const ADB_MISSING = 'adb is not installed: apt-get install -y adb';

/** MOBILETEST_ADB names the adb binary to test with; otherwise adb is looked up on PATH. */
function findAdb(): string | undefined {
  const chosen = process.env.MOBILETEST_ADB;
  if (chosen !== undefined) return existsSync(chosen) ? chosen : undefined;
  try {
    return execFileSync('sh', ['-c', 'command -v adb'], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export const adbBinary = findAdb();
export const hasAdb = adbBinary !== undefined;

/** Call in a describe body or a test: skips without adb, and fails instead when MOBILETEST_REQUIRE_ADB=1 (as CI sets). */
export function needAdb(): void {
  if (hasAdb) return;
  if (process.env.MOBILETEST_REQUIRE_ADB === '1') throw new Error(`${ADB_MISSING} (MOBILETEST_REQUIRE_ADB=1 makes a missing adb a failure)`);
  test.skip(true, ADB_MISSING);
}

/** A loopback port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface AdbResult {
  code: number;
  stdout: Buffer;
  stderr: string;
  /** stdout as UTF-8. */
  text: string;
}

/**
 * An adb server of its own on a free port with its own HOME (so its RSA key and state never touch the
 * user's), for one test file. kill() in afterAll.
 */
export class PrivateAdb {
  private constructor(readonly port: number, private readonly home: string) {}

  static async start(): Promise<PrivateAdb> {
    const adb = new PrivateAdb(await freePort(), mkdtempSync(join(tmpdir(), 'mobiletest-adb-')));
    const started = await adb.run(['start-server'], { timeoutMs: 20_000 });
    if (started.code !== 0) throw new Error(`adb -P ${adb.port} start-server failed (${started.code}): ${started.stderr}`);
    return adb;
  }

  /** Runs `adb -P PORT ARGS`, stdin from input (or empty), and resolves with what it printed. */
  run(args: string[], options: { input?: Buffer | string; timeoutMs?: number } = {}): Promise<AdbResult> {
    return new Promise((resolve, reject) => {
      const child = spawn(adbBinary ?? 'adb', ['-P', String(this.port), ...args], {
        env: { ...process.env, HOME: this.home, ANDROID_SDK_HOME: this.home, ADB_VENDOR_KEYS: '' },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input ?? '');
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`adb ${args.join(' ')} did not finish in ${options.timeoutMs ?? 30_000} ms; stderr: ${Buffer.concat(err).toString()}`));
      }, options.timeoutMs ?? 30_000);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        const stdout = Buffer.concat(out);
        resolve({ code: code ?? -1, stdout, stderr: Buffer.concat(err).toString(), text: stdout.toString('utf8') });
      });
    });
  }

  /** Runs an adb command and throws with its output unless it exits 0. */
  async ok(args: string[], options: { input?: Buffer | string; timeoutMs?: number } = {}): Promise<AdbResult> {
    const result = await this.run(args, options);
    if (result.code !== 0) throw new Error(`adb ${args.join(' ')} exited ${result.code}\nstdout: ${result.text}\nstderr: ${result.stderr}`);
    return result;
  }

  /** Waits until `adb devices` lists serial in the wanted state. */
  async waitForState(serial: string, state: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < deadline) {
      last = (await this.run(['devices'])).text;
      if (last.split('\n').some((line) => line.trim() === `${serial}\t${state}`)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`adb did not list ${serial} as ${state} in ${timeoutMs} ms; last listing:\n${last}`);
  }

  async kill(): Promise<void> {
    await this.run(['kill-server'], { timeoutMs: 10_000 }).catch(() => undefined);
    rmSync(this.home, { recursive: true, force: true });
  }
}
