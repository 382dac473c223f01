// mobile-mcp as an MCP client (Claude Desktop, Cursor) runs it: a child process on stdio, told the
// adb server's port through ANDROID_ADB_SERVER_PORT. Its default robot is mobilecli, which keeps a
// daemon in HOME; the legacy robot (MOBILEMCP_LEGACY_ROBOT=1) calls adb shell commands itself.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { McpElement, Robot } from '../../bench/peer-mcp.js';
import type { PeerPhone } from './phone.js';

export type { McpElement, Robot };

const require = createRequire(import.meta.url);
const SERVER = join(dirname(require.resolve('@mobilenext/mobile-mcp/package.json')), 'lib', 'index.js');

export interface ToolAnswer {
  text: string;
  isError: boolean;
  images: Array<{ data: string; mimeType: string }>;
}

export interface MobileMcp {
  /** Calls a tool with `device` set to the phone's serial. */
  call(tool: string, args?: Record<string, unknown>): Promise<ToolAnswer>;
  /** mobile_list_elements_on_screen in its JSON form. */
  elements(): Promise<McpElement[]>;
  close(): Promise<void>;
}

/** The mobilecli binary mobile-mcp runs, from its platform package. */
function mobilecliPath(): string {
  const pkg = require.resolve(`@mobilenext/mobilecli-linux-${process.arch === 'arm64' ? 'arm64' : 'amd64'}/package.json`, { paths: [dirname(SERVER)] });
  return join(dirname(pkg), `mobilecli-linux-${process.arch === 'arm64' ? 'arm64' : 'amd64'}`);
}

export async function startMobileMcp(peer: PeerPhone, robot: Robot = 'mobilecli'): Promise<MobileMcp> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(peer.env)) if (value !== undefined) env[key] = value;
  env.MOBILEMCP_DISABLE_TELEMETRY = '1';
  if (robot === 'legacy') env.MOBILEMCP_LEGACY_ROBOT = '1';
  const transport = new StdioClientTransport({ command: process.execPath, args: [SERVER], env, stderr: 'pipe' });
  const client = new Client({ name: 'mobiletest-peers', version: '1.0.0' });
  await client.connect(transport);
  const call = async (tool: string, args: Record<string, unknown> = {}): Promise<ToolAnswer> => {
    const result = await client.callTool({ name: tool, arguments: { device: peer.serial, ...args } }, undefined, { timeout: 60_000 });
    const content = (result.content ?? []) as Array<{ type: string; text?: string; data?: string; mimeType?: string }>;
    return {
      text: content
        .filter((c) => c.type === 'text')
        .map((c) => c.text)
        .join('\n'),
      isError: result.isError === true,
      images: content.filter((c) => c.type === 'image').map((c) => ({ data: c.data ?? '', mimeType: c.mimeType ?? '' })),
    };
  };
  return {
    call,
    async elements() {
      const answer = await call('mobile_list_elements_on_screen', { format: 'json' });
      const json = answer.text.replace(/^Found these elements on screen: /, '');
      try {
        return JSON.parse(json) as McpElement[];
      } catch {
        throw new Error(`mobile_list_elements_on_screen did not answer a list: ${answer.text}`);
      }
    },
    async close() {
      await client.close();
      // mobilecli's daemon outlives the server; it lives in the test's HOME, so stop that one.
      await promisify(execFile)(mobilecliPath(), ['daemon', 'stop'], { env: peer.env, timeout: 15_000 }).catch(() => undefined);
    },
  };
}

/** What a person reads on an element: its text, else its label. */
export const shown = (element: McpElement): string => element.text || element.label || '';
