import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import { test } from '@playwright/test';
import { startSim, type Sim, type SimOptions } from '../../src/sim/index.js';

/** Whether the real adb binary is installed; CI sets MOBILETEST_REQUIRE_ADB=1 so it must be. */
export function requireAdb(): void {
  const missing = !!spawnSync('adb', ['version']).error;
  if (missing && process.env.MOBILETEST_REQUIRE_ADB === '1') {
    throw new Error('MOBILETEST_REQUIRE_ADB=1 but the adb binary is not on PATH: apt-get install -y adb');
  }
  test.skip(missing, 'adb is not installed (apt-get install -y adb); these tests drive the phone with the real adb CLI');
}

export interface AdbResult { stdout: string; stderr: string; code: number; bytes: Buffer }

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    }).on('error', reject);
  });
}

/** A private adb server (never the user's on 5037) and the adb CLI pointed at it. */
export class AdbCli {
  private constructor(readonly serverPort: number) {}

  static async start(): Promise<AdbCli> {
    const cli = new AdbCli(await freePort());
    await cli.run('start-server');
    return cli;
  }

  /** Runs `adb -P PORT ...args` as a user's script would and collects its output. */
  run(...args: string[]): Promise<AdbResult> {
    return new Promise((resolve, reject) => {
      const child = spawn('adb', ['-P', String(this.serverPort), ...args]);
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      child.stdout.on('data', (b: Buffer) => out.push(b));
      child.stderr.on('data', (b: Buffer) => err.push(b));
      child.on('error', reject);
      child.on('close', (code) => {
        const bytes = Buffer.concat(out);
        resolve({ stdout: bytes.toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), code: code ?? -1, bytes });
      });
    });
  }

  async stop(): Promise<void> {
    await this.run('kill-server');
  }
}

/** A phone reached through the adb CLI: `adb -s SERIAL shell ...` and friends. */
export class AdbPhone {
  constructor(readonly adb: AdbCli, readonly serial: string) {}

  async shell(command: string): Promise<string> {
    const result = await this.adb.run('-s', this.serial, 'shell', command);
    if (result.code !== 0) throw new Error(`adb shell ${command} exited ${result.code}: ${result.stderr || result.stdout}`);
    return result.stdout;
  }

  async dump(): Promise<string> {
    return (await this.adb.run('-s', this.serial, 'exec-out', 'uiautomator', 'dump', '/dev/tty')).stdout;
  }

  /** Centre of the first node whose text, content-desc or resource-id matches; throws with the screen's labels when absent. */
  async find(label: string | RegExp): Promise<{ x: number; y: number; node: string }> {
    const xml = await this.dump();
    const matches = (v: string) => (typeof label === 'string' ? v === label : label.test(v));
    for (const [node] of xml.matchAll(/<node [^>]*?\/?>/g)) {
      const attr = (name: string) => unescapeXml(new RegExp(` ${name}="([^"]*)"`).exec(node)?.[1] ?? '');
      if (![attr('text'), attr('content-desc'), attr('resource-id').replace(/^.*:id\//, '')].some(matches)) continue;
      const b = /bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/.exec(node);
      if (b) return { x: (+b[1] + +b[3]) >> 1, y: (+b[2] + +b[4]) >> 1, node };
    }
    const labels = [...xml.matchAll(/ (?:text|content-desc)="([^"]+)"/g)].map((m) => unescapeXml(m[1]));
    throw new Error(`No node labelled ${String(label)} on ${this.serial}; the screen shows: ${labels.join(' | ')}`);
  }

  async tap(label: string | RegExp): Promise<void> {
    const { x, y } = await this.find(label);
    await this.shell(`input tap ${x} ${y}`);
  }

  /** The labels a user would read on the screen, in dump order. */
  async labels(): Promise<string[]> {
    const xml = await this.dump();
    return [...xml.matchAll(/ (?:text|content-desc)="([^"]+)"/g)].map((m) => unescapeXml(m[1]));
  }
}

/**
 * A virtual phone connected to a private adb server, for one spec file: call in beforeAll, and
 * stop() in afterAll. Skips (or fails under MOBILETEST_REQUIRE_ADB=1) when adb is missing.
 */
export async function connectPhone(options: SimOptions = {}): Promise<{ sim: Sim; adb: AdbCli; phone: AdbPhone; stop(): Promise<void> }> {
  requireAdb();
  const sim = await startSim({ port: 0, ...options });
  const adb = await AdbCli.start();
  await adb.run('connect', `127.0.0.1:${sim.port}`);
  // `adb connect` returns before the handshake ends; the device is usable once adb says so.
  await adb.run('-s', sim.serial, 'wait-for-device');
  return { sim, adb, phone: new AdbPhone(adb, sim.serial), async stop() { await adb.stop(); await sim.stop(); } };
}

function unescapeXml(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}
