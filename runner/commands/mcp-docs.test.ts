// The client configurations docs/mcp.md gives (Claude Desktop, Cursor, VS Code) are valid JSON of each
// client's shape, name the CLI where the package installs it, and start a server that answers: each is
// run here as the client would run it, with only the install path and the device swapped for the test's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startMcpServer } from '../testing/mcp-client.js';
import { PACKAGE_ROOT } from '../testing/project.js';

interface ServerConfig {
  type?: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
}

const DOC = readFileSync(path.join(PACKAGE_ROOT, 'docs', 'mcp.md'), 'utf8');
const BIN = (JSON.parse(readFileSync(path.join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin.mobiletest;

/** The JSON block that follows the client's bold heading. */
function block(client: string): unknown {
  const at = DOC.indexOf(`**${client}**`);
  expect(at, `docs/mcp.md has a **${client}** section`).toBeGreaterThan(-1);
  const match = /```json\n([\s\S]*?)\n```/.exec(DOC.slice(at));
  expect(match, `a json block after **${client}**`).not.toBeNull();
  return JSON.parse(match![1]);
}

const CLIENTS: Array<{ client: string; entry: (config: Record<string, Record<string, ServerConfig>>) => ServerConfig }> = [
  { client: 'Claude Desktop', entry: (c) => c.mcpServers.mobiletest },
  { client: 'Cursor', entry: (c) => c.mcpServers.mobiletest },
  { client: 'VS Code', entry: (c) => c.servers.mobiletest },
];

for (const { client, entry } of CLIENTS) {
  test(`the ${client} config in docs/mcp.md starts a server that lists the tools and looks at the phone`, async () => {
    const server = entry(block(client) as Record<string, Record<string, ServerConfig>>);
    expect(server.command).toBe('node');
    if (client === 'VS Code') expect(server.type).toBe('stdio');
    const [cli, command, ...options] = server.args;
    // The path is where npm puts the package's bin script.
    expect(cli.endsWith(`node_modules/mobiletest/${BIN.replace(/^\.\//, '')}`), cli).toBe(true);
    expect(command).toBe('mcp');
    // The test's phone is the virtual one: any --device the block names is swapped for it.
    const device = options.indexOf('--device');
    if (device >= 0) options.splice(device, 2);
    const mcp = await startMcpServer([...options, '--device', 'sim'], { env: server.env, name: `${client} config` });
    try {
      const { tools } = await mcp.client.listTools();
      expect(tools.map((t) => t.name)).toEqual(['look', 'do', 'query', 'devices']);
      const look = await mcp.call('look');
      expect(look.isError, look.text).toBe(false);
      expect(look.text).toMatch(/^device 127\.0\.0\.1:\d+\napp /);
    } finally {
      await mcp.close();
    }
  });
}
