import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the server received it: the body parsed as JSON ({} when empty or not JSON; `text` keeps it raw). */
export interface RecordedRequest {
  method: string;
  /** The path with its query string, as sent. */
  url: string;
  /** The path without the query string. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  text: string;
}

/** One HTTP reply; `hang` holds the request open until the server closes. */
export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  hang?: boolean;
}

/** Works out the reply from the request (n counts requests from 0). */
export type Respond = (request: RecordedRequest, n: number) => Reply;

/** A local HTTP server on 127.0.0.1 that records every request and answers with `respond`. */
export interface RecordingServer {
  /** http://127.0.0.1:PORT, without a trailing slash. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

function parse(text: string): Record<string, unknown> {
  try {
    const value: unknown = text ? JSON.parse(text) : {};
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Starts a recording server on a free port; the caller closes it. */
export async function startRecordingServer(respond: Respond): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const url = request.url ?? '';
      const recorded: RecordedRequest = { method: request.method ?? '', url, path: url.split('?')[0], headers: request.headers, body: parse(text), text };
      requests.push(recorded);
      let reply: Reply;
      try {
        reply = respond(recorded, requests.length - 1);
      } catch (error) {
        // A fault in the test's own answer function shows up as a 500 naming it, not as a crashed runner.
        reply = {
          status: 500,
          body: { error: { message: `the test server's answer function threw: ${error instanceof Error ? error.message : String(error)}` } },
        };
      }
      if (reply.hang) {
        hanging.push(response);
        return;
      }
      response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      response.end(JSON.stringify(reply.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
