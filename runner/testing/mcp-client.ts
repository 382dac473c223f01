// `mobiletest mcp` spawned the way an MCP client spawns it, with the SDK's Client on its stdio: what the
// server's tests talk to. Answers come back as the text a model would read, each checked by the Client
// against the outputSchema its tool lists.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MOBILETEST_CLI } from './project.js';

export interface McpServerUnderTest {
  readonly client: Client;
  /** What the server wrote to stderr so far (its log). */
  stderr(): string;
  /** A tool call: the first text content and whether it is a tool error. */
  call(name: string, args?: Record<string, unknown>): Promise<{ text: string; isError: boolean }>;
  /** A tool call that must succeed, its JSON answer parsed; a tool error throws with its text. */
  json(name: string, args?: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** Starts `mobiletest mcp ARGS` (extra environment on top of this process's) and connects a client to it. */
export async function startMcpServer(args: string[], options: { env?: Record<string, string>; name?: string } = {}): Promise<McpServerUnderTest> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MOBILETEST_CLI, 'mcp', ...args],
    stderr: 'pipe',
    env: { ...process.env, ...options.env } as Record<string, string>,
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const client = new Client({ name: options.name ?? 'mobiletest-test', version: '1.0.0' });
  await client.connect(transport);
  // As clients do, list the tools first: from then on the SDK's Client checks every answer's
  // structuredContent against its tool's outputSchema, and a call whose answer does not match throws.
  await client.listTools();
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const first = result.content[0];
    return { text: first?.type === 'text' ? first.text : '', isError: result.isError === true };
  };
  return {
    client,
    stderr: () => stderr,
    call,
    async json(name, args = {}) {
      const { text, isError } = await call(name, args);
      if (isError) throw new Error(`${name} answered a tool error: ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    },
    close: () => client.close(),
  };
}
