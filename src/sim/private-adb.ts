// The real adb CLI against an adb server of its own, for tests and benchmarks that drive the virtual phone.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const ADB_MISSING = 'adb is not installed: apt-get install -y adb';

export interface AdbResult {
  /** Exit code; -1 when adb died of a signal. */
  code: number;
  stdout: Buffer;
  /** stdout as UTF-8. */
  text: string;
  stderr: string;
}

export interface AdbRunOptions {
  /** What adb reads on stdin; empty when omitted. */
  input?: Buffer | string;
  /** adb is killed, and run() rejects, after this long; default 30 s. */
  timeoutMs?: number;
}

export interface PrivateAdbServerOptions {
  /** Let the server find phones on every emulator port (5555..5585); by default only 5555, so phones other tests start there stay out. */
  scanEmulatorPorts?: boolean;
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The adb binary: MOBILETEST_ADB (a path or a name), else `adb` on PATH; looked up without a child process. */
export function adbBinary(): string | undefined {
  const name = process.env.MOBILETEST_ADB || 'adb';
  if (name.includes('/')) return executable(name) ? name : undefined;
  return (process.env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, name))
    .find(executable);
}

/**
 * Why tests that need the real adb CLI cannot run: undefined when adb is installed. Throws instead when
 * MOBILETEST_REQUIRE_ADB=1 (as CI sets), so a missing adb fails there rather than skipping.
 */
export function adbMissingReason(): string | undefined {
  if (adbBinary() !== undefined) return undefined;
  if (process.env.MOBILETEST_REQUIRE_ADB === '1') throw new Error(`${ADB_MISSING} (MOBILETEST_REQUIRE_ADB=1 makes a missing adb a failure)`);
  return ADB_MISSING;
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
 * A real adb server on a free port with its own HOME, so its RSA key and state never touch the user's.
 * Every call is asynchronous: the virtual phone answers from the same process. stop() when done.
 */
export class PrivateAdbServer {
  private constructor(
    readonly port: number,
    private readonly home: string,
    private readonly options: PrivateAdbServerOptions,
  ) {}

  static async start(options: PrivateAdbServerOptions = {}): Promise<PrivateAdbServer> {
    const server = new PrivateAdbServer(await freePort(), await mkdtemp(join(tmpdir(), 'mobiletest-adb-')), options);
    try {
      await server.ok(['start-server'], { timeoutMs: 20_000 });
    } catch (error) {
      await rm(server.home, { recursive: true, force: true });
      throw error;
    }
    return server;
  }

  /** Runs `adb -P PORT ...args` and resolves with what it printed, whatever its exit code. */
  run(args: string[], options: AdbRunOptions = {}): Promise<AdbResult> {
    const timeoutMs = options.timeoutMs ?? 30_000;
    return new Promise((resolve, reject) => {
      const child = spawn(adbBinary() ?? 'adb', ['-P', String(this.port), ...args], { env: this.env(), stdio: ['pipe', 'pipe', 'pipe'] });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
      child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
      child.stdin.on('error', () => undefined);
      child.stdin.end(options.input ?? '');
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`adb -P ${this.port} ${args.join(' ')} did not finish in ${timeoutMs} ms; stderr: ${Buffer.concat(err).toString()}`));
      }, timeoutMs);
      child.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        const stdout = Buffer.concat(out);
        resolve({ code: code ?? -1, stdout, text: stdout.toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
      });
    });
  }

  /** Runs an adb command and throws with its output unless it exits 0. */
  async ok(args: string[], options: AdbRunOptions = {}): Promise<AdbResult> {
    const result = await this.run(args, options);
    if (result.code !== 0) throw new Error(`adb -P ${this.port} ${args.join(' ')} exited ${result.code}\nstdout: ${result.text}\nstderr: ${result.stderr}`);
    return result;
  }

  /** `adb connect` to a phone's device port, then waits until adb lists it as `device` (connect returns before the handshake ends). */
  async connect(sim: { port: number }): Promise<string> {
    const serial = `127.0.0.1:${sim.port}`;
    const connected = await this.run(['connect', serial]);
    try {
      await this.waitForState(serial, 'device');
    } catch (error) {
      throw new Error(`${(error as Error).message}\nadb connect ${serial} said: ${connected.text}${connected.stderr}`, { cause: error });
    }
    return serial;
  }

  /** Waits until `adb devices` lists serial in the wanted state. */
  async waitForState(serial: string, state: string, timeoutMs = 15_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let listing = '';
    while (Date.now() < deadline) {
      listing = (await this.run(['devices'])).text;
      if (listing.split('\n').some((line) => line.trim() === `${serial}\t${state}`)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`adb -P ${this.port} did not list ${serial} as ${state} in ${timeoutMs} ms; it lists:\n${listing}`);
  }

  async stop(): Promise<void> {
    await this.run(['kill-server'], { timeoutMs: 10_000 }).catch(() => undefined);
    await rm(this.home, { recursive: true, force: true });
  }

  private env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: this.home, ANDROID_SDK_HOME: this.home, ADB_VENDOR_KEYS: '' };
    // Either would point adb at another server or device than this one's.
    delete env.ADB_SERVER_SOCKET;
    delete env.ANDROID_SERIAL;
    if (!this.options.scanEmulatorPorts) env.ADB_LOCAL_TRANSPORT_MAX_PORT = '5555';
    return env;
  }
}
