// mobile-mcp as an MCP client agent (Claude Desktop, Cursor) runs it, for the peer figure of the read
// budget: a child process on stdio, resolved from e2e/peers (its own npm project), told the phone's
// adb server through ANDROID_ADB_SERVER_PORT and an SDK folder whose platform-tools/adb is the real adb.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { PrivateAdbServer, adbBinary, adbMissingReason } from '../src/sim/index.js';

/** mobile-mcp's two ways of reaching an Android phone: its Go mobilecli binary (default) or adb shell commands. */
export type Robot = 'mobilecli' | 'legacy';

export const INSTALL_PEERS = 'npm install --prefix e2e/peers';

/** An element as mobile_list_elements_on_screen lists it in JSON. */
export interface McpElement {
  type: string;
  text?: string;
  label?: string;
  identifier?: string;
  coordinates: { x: number; y: number; width: number; height: number };
  focused?: boolean;
}

export interface ToolAnswer {
  text: string;
  isError: boolean;
}

export interface MobileMcp {
  /** Calls a tool with `device` set to the phone's serial; an error answer throws McpToolFailed. */
  call(tool: string, args?: Record<string, unknown>): Promise<ToolAnswer>;
  /** mobile_list_elements_on_screen in its JSON form. */
  elements(): Promise<McpElement[]>;
  /** The tools the server offers. */
  tools(): Promise<string[]>;
  close(): Promise<void>;
}

export class McpToolFailed extends Error {
  override name = 'McpToolFailed';
}

/** What a person reads on an element: its text, else its label. */
export const shown = (element: McpElement): string => element.text || element.label || '';

/** The element's centre, where an agent clicks it. */
export const centre = (element: McpElement): { x: number; y: number } => ({
  x: element.coordinates.x + (element.coordinates.width >> 1),
  y: element.coordinates.y + (element.coordinates.height >> 1),
});

/** mobile-mcp's entry script, from e2e/peers/node_modules; undefined when the peers project is not installed. */
export function findMobileMcp(): { server: string; mobilecli: string } | undefined {
  let dir = dirname(fileURLToPath(import.meta.url));
  // bench/ in the sources, dist/bench/ when built: look upwards for the peers project.
  while (!existsSync(join(dir, 'e2e', 'peers', 'package.json'))) {
    if (dirname(dir) === dir) return undefined;
    dir = dirname(dir);
  }
  const require = createRequire(join(dir, 'e2e', 'peers', 'package.json'));
  try {
    const root = dirname(require.resolve('@mobilenext/mobile-mcp/package.json'));
    const arch = process.arch === 'arm64' ? 'arm64' : 'amd64';
    const cli = require.resolve(`@mobilenext/mobilecli-linux-${arch}/package.json`, { paths: [root] });
    return { server: join(root, 'lib', 'index.js'), mobilecli: join(dirname(cli), `mobilecli-linux-${arch}`) };
  } catch {
    return undefined;
  }
}

/** A real adb server that knows the phone, and the SDK folder and HOME mobile-mcp is started with. */
export interface PeerLink {
  serial: string;
  env: Record<string, string>;
  /** `adb -s SERIAL shell COMMAND` through the same adb server, for the bench's own checks. */
  shell(command: string): Promise<string>;
  close(): Promise<void>;
}

/** Why the peer row cannot run here (adb or mobile-mcp missing), or undefined when it can. */
export function peerMissingReason(): string | undefined {
  const adb = adbMissingReason();
  if (adb) return adb;
  if (!findMobileMcp()) return `@mobilenext/mobile-mcp is not installed in e2e/peers: run \`${INSTALL_PEERS}\``;
  return undefined;
}

export async function linkPeer(phone: { port: number }): Promise<PeerLink> {
  const work = await mkdtemp(join(tmpdir(), 'mobiletest-peer-bench-'));
  const sdk = join(work, 'sdk');
  const home = join(work, 'home');
  await mkdir(join(sdk, 'platform-tools'), { recursive: true });
  await mkdir(home, { recursive: true });
  await symlink(adbBinary() ?? 'adb', join(sdk, 'platform-tools', 'adb'));
  let adb: PrivateAdbServer | undefined;
  try {
    adb = await PrivateAdbServer.start();
    const serial = await adb.connect(phone);
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env))
      if (value !== undefined && key !== 'ANDROID_SERIAL' && key !== 'ADB_SERVER_SOCKET') env[key] = value;
    Object.assign(env, { ANDROID_ADB_SERVER_PORT: String(adb.port), ANDROID_HOME: sdk, ANDROID_SDK_ROOT: sdk, HOME: home, ADB_VENDOR_KEYS: '' });
    const server = adb;
    return {
      serial,
      env,
      async shell(command) {
        return (await server.ok(['-s', serial, 'shell', command])).text;
      },
      async close() {
        await server.stop();
        await rm(work, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await adb?.stop();
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

export async function startMobileMcp(link: PeerLink, robot: Robot): Promise<MobileMcp> {
  const found = findMobileMcp();
  if (!found) throw new McpToolFailed(`@mobilenext/mobile-mcp is not installed in e2e/peers: run \`${INSTALL_PEERS}\``);
  // Telemetry off; shop:// deep links allowed (mobile_open_url takes http(s) only unless this documented switch is set).
  const env = {
    ...link.env,
    MOBILEMCP_DISABLE_TELEMETRY: '1',
    MOBILEMCP_ALLOW_UNSAFE_URLS: '1',
    ...(robot === 'legacy' ? { MOBILEMCP_LEGACY_ROBOT: '1' } : {}),
  };
  const transport = new StdioClientTransport({ command: process.execPath, args: [found.server], env, stderr: 'pipe' });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-4000);
  });
  const client = new Client({ name: 'mobiletest-bench', version: '1.0.0' });
  await client.connect(transport);
  const call = async (tool: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> => {
    const result = await client.callTool({ name: tool, arguments: { device: link.serial, ...args } }, undefined, { timeout: 120_000 });
    const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
    const text = content
      .filter((c) => c.type === 'text')
      .map((c) => c.text)
      .join('\n');
    if (result.isError === true)
      throw new McpToolFailed(
        `mobile-mcp (${robot}) ${tool} ${JSON.stringify(args)} answered an error: ${text}${stderr ? `\nits stderr ends: ${stderr.slice(-600)}` : ''}`,
      );
    return { text, isError: false };
  };
  return {
    call,
    async elements() {
      const answer = await call('mobile_list_elements_on_screen', { format: 'json' });
      try {
        return JSON.parse(answer.text.replace(/^Found these elements on screen: /, '')) as McpElement[];
      } catch {
        throw new McpToolFailed(`mobile-mcp (${robot}) mobile_list_elements_on_screen did not answer a JSON list: ${answer.text.slice(0, 300)}`);
      }
    },
    async tools() {
      return (await client.listTools()).tools.map((t) => t.name);
    },
    async close() {
      await client.close();
      // mobilecli's daemon outlives the server; it lives in this run's HOME, so stop that one.
      await promisify(execFile)(found.mobilecli, ['daemon', 'stop'], { env: link.env, timeout: 15_000 }).catch(() => undefined);
    },
  };
}
