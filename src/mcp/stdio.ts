// JSON-RPC over stdin/stdout. The SDK's transport reports a line it cannot read to onerror and sends
// nothing back; the client then waits forever. Here such a line gets the JSON-RPC error it is owed
// (parse error, or invalid request), and the server goes on reading the next line.
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import type { MobileMcpServer } from './server.js';

export interface StdioOptions {
  stdin?: Readable;
  stdout?: Writable;
  log?: (message: string) => void;
}

/** Serves `server` on stdio until stdin closes; resolves then. */
export async function serveStdio(mcp: MobileMcpServer, options: StdioOptions = {}): Promise<void> {
  const transport = new StdioServerTransport(options.stdin, options.stdout);
  transport.onerror = (error: Error) => {
    const unreadable = error instanceof SyntaxError;
    const notJsonRpc = error.name === 'ZodError';
    options.log?.(`mobiletest mcp: ${unreadable ? 'a request line is not JSON' : notJsonRpc ? 'a request is not a JSON-RPC message' : 'transport error'}: ${error.message.split('\n')[0]}`);
    if (!unreadable && !notJsonRpc) return;
    const message = unreadable
      ? `Parse error: the line is not JSON (${error.message}). Send one JSON-RPC 2.0 message per line.`
      : 'Invalid Request: the line is JSON but not a JSON-RPC 2.0 message ({"jsonrpc": "2.0", "id", "method", "params"}).';
    const code = unreadable ? ErrorCode.ParseError : ErrorCode.InvalidRequest;
    transport.send({ jsonrpc: '2.0', id: null, error: { code, message } } as never).catch(() => undefined);
  };
  const closed = new Promise<void>((resolve) => {
    (options.stdin ?? process.stdin).once('end', () => resolve());
  });
  await mcp.server.connect(transport);
  await closed;
}
