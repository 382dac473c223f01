// JSON-RPC over stdin/stdout. The SDK's transport reports a line it cannot read to onerror and sends
// nothing back; the client then waits forever. Here such a line gets the JSON-RPC error it is owed
// (parse error, or invalid request), and the server goes on reading the next line. A line over the
// size limit never reaches the transport (see line-limit.ts).
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { LineLimit, MAX_REQUEST_BYTES } from './line-limit.js';
import type { MobileMcpServer } from './server.js';

export interface StdioOptions {
  stdin?: Readable;
  stdout?: Writable;
  log?: (message: string) => void;
  /** Longest request line, in bytes (default 1 MiB). */
  maxRequestBytes?: number;
}

/** Serves `server` on stdio until stdin closes; resolves then. */
export async function serveStdio(mcp: MobileMcpServer, options: StdioOptions = {}): Promise<void> {
  const stdin = options.stdin ?? process.stdin;
  const limit = options.maxRequestBytes ?? MAX_REQUEST_BYTES;
  const lines = new LineLimit(limit, (bytes) => {
    options.log?.(`mobiletest mcp: dropped a request of ${bytes} bytes (limit ${limit})`);
    transport
      .send({
        jsonrpc: '2.0',
        id: null,
        error: {
          code: ErrorCode.InvalidRequest,
          message: `Invalid Request: the request is ${bytes} bytes, over the limit of ${limit} bytes; it was not read. Send smaller requests.`,
        },
      } as never)
      .catch(() => undefined);
  });
  stdin.pipe(lines);
  const transport = new StdioServerTransport(lines, options.stdout);
  transport.onerror = (error: Error) => {
    const unreadable = error instanceof SyntaxError;
    const notJsonRpc = error.name === 'ZodError';
    options.log?.(
      `mobiletest mcp: ${unreadable ? 'a request line is not JSON' : notJsonRpc ? 'a request is not a JSON-RPC message' : 'transport error'}: ${error.message.split('\n')[0]}`,
    );
    if (!unreadable && !notJsonRpc) return;
    const message = unreadable
      ? `Parse error: the line is not JSON (${error.message}). Send one JSON-RPC 2.0 message per line.`
      : 'Invalid Request: the line is JSON but not a JSON-RPC 2.0 message ({"jsonrpc": "2.0", "id", "method", "params"}).';
    const code = unreadable ? ErrorCode.ParseError : ErrorCode.InvalidRequest;
    transport.send({ jsonrpc: '2.0', id: null, error: { code, message } } as never).catch(() => undefined);
  };
  const closed = new Promise<void>((resolve) => {
    lines.once('end', () => resolve());
  });
  await mcp.server.connect(transport);
  await closed;
}
