// For the drivers' tests: a private real adb server per test file, and the virtual phone joined to it.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test } from '@playwright/test';

const ADB_MISSING = 'adb is not installed: apt-get install -y adb';

async function adbInstalled(): Promise<boolean> {
  try {
    await promisify(execFile)(process.env.MOBILETEST_ADB ?? 'adb', ['version']);
    return true;
  } catch {
    return false;
  }
}

/** In a beforeAll: skips without the adb binary, and fails instead when MOBILETEST_REQUIRE_ADB=1 (as CI sets). */
export async function needAdb(): Promise<void> {
  if (await adbInstalled()) return;
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

/**
 * A real adb server of its own on a free port, with its own HOME (its key never touches the user's) and
 * scanning only port 5555 for emulators, so phones other tests start do not show up in it.
 */
export class PrivateAdbServer {
  private constructor(readonly port: number, private readonly home: string) {}

  static async start(): Promise<PrivateAdbServer> {
    const server = new PrivateAdbServer(await freePort(), mkdtempSync(join(tmpdir(), 'mobiletest-adb-')));
    const started = await server.adb(['start-server']);
    if (started.code !== 0) throw new Error(`adb -P ${server.port} start-server failed (${started.code}): ${started.output}`);
    return server;
  }

  /** Runs `adb -P PORT ...args` asynchronously (the phone answers from this same process). */
  adb(args: string[]): Promise<{ code: number; output: string }> {
    return new Promise((resolve, reject) => {
      const env: NodeJS.ProcessEnv = { ...process.env, HOME: this.home, ANDROID_SDK_HOME: this.home, ADB_VENDOR_KEYS: '', ADB_LOCAL_TRANSPORT_MAX_PORT: '5555' };
      delete env.ADB_SERVER_SOCKET;
      delete env.ANDROID_SERIAL;
      const child = spawn(process.env.MOBILETEST_ADB ?? 'adb', ['-P', String(this.port), ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => out.push(chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        resolve({ code: code ?? -1, output: Buffer.concat(out).toString('utf8') });
      });
    });
  }

  /** `adb connect` to a phone's device port, then waits until adb lists it as `device` (connect returns before the handshake ends). */
  async connect(phone: { port: number }): Promise<string> {
    const serial = `127.0.0.1:${phone.port}`;
    await this.adb(['connect', serial]);
    const deadline = Date.now() + 15_000;
    let listing = '';
    while (Date.now() < deadline) {
      listing = (await this.adb(['devices'])).output;
      if (listing.split('\n').some((line) => line.trim() === `${serial}\tdevice`)) return serial;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`adb did not list ${serial} as a device within 15 s; it lists:\n${listing}`);
  }

  async kill(): Promise<void> {
    await this.adb(['kill-server']).catch(() => undefined);
    rmSync(this.home, { recursive: true, force: true });
  }
}
