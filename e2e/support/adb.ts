import { test } from '@playwright/test';
import { PrivateAdbServer, adbMissingReason, startSim, type Sim, type SimOptions } from '../../src/sim/index.js';

/** Skips the test without the real adb binary; fails it instead under MOBILETEST_REQUIRE_ADB=1 (as CI sets). */
export function requireAdb(): void {
  const reason = adbMissingReason();
  test.skip(!!reason, reason);
}

/** A phone reached through the adb CLI: `adb -s SERIAL shell ...` and friends. */
export class AdbPhone {
  constructor(
    readonly adb: PrivateAdbServer,
    readonly serial: string,
  ) {}

  async shell(command: string): Promise<string> {
    const result = await this.adb.run(['-s', this.serial, 'shell', command]);
    if (result.code !== 0) throw new Error(`adb shell ${command} exited ${result.code}: ${result.stderr || result.text}`);
    return result.text;
  }

  async dump(): Promise<string> {
    return (await this.adb.run(['-s', this.serial, 'exec-out', 'uiautomator', 'dump', '/dev/tty'])).text;
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
export async function connectPhone(options: SimOptions = {}): Promise<{ sim: Sim; adb: PrivateAdbServer; phone: AdbPhone; stop(): Promise<void> }> {
  requireAdb();
  const sim = await startSim({ port: 0, ...options });
  let adb: PrivateAdbServer | undefined;
  try {
    adb = await PrivateAdbServer.start();
    await adb.connect(sim);
  } catch (error) {
    await adb?.stop();
    await sim.stop();
    throw error;
  }
  const server = adb;
  return {
    sim,
    adb: server,
    phone: new AdbPhone(server, sim.serial),
    async stop() {
      await server.stop();
      await sim.stop();
    },
  };
}

function unescapeXml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
