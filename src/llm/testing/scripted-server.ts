import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted reply; `hang` holds the request open until the server closes. */
export interface ScriptedReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  hang?: boolean;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

/** Works out the reply from the request (n counts requests from 0): for answers that depend on what was asked. */
export type ReplyFunction = (request: RecordedRequest, n: number) => ScriptedReply;

/** A local HTTP server that answers each request with the next reply of its script, or with a function's reply. */
export class ScriptedServer {
  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly requests: RecordedRequest[],
    private readonly hanging: ServerResponse[],
  ) {}

  static async start(script: ScriptedReply[] | ReplyFunction): Promise<ScriptedServer> {
    const replies = typeof script === 'function' ? [] : [...script];
    const requests: RecordedRequest[] = [];
    const hanging: ServerResponse[] = [];
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const recorded: RecordedRequest = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: text ? JSON.parse(text) : {} };
        requests.push(recorded);
        const next = typeof script === 'function' ? script(recorded, requests.length - 1) : replies.shift();
        const reply = next ?? { status: 500, body: { error: { message: 'the script has no more replies' } } };
        if (reply.hang) { hanging.push(response); return; }
        response.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        response.end(JSON.stringify(reply.body ?? {}));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return new ScriptedServer(server, `http://127.0.0.1:${port}`, requests, hanging);
  }

  async close(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

export function openAiCompletion(content: string, usage = { prompt_tokens: 120, completion_tokens: 30 }): unknown {
  return {
    id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'scripted-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

export function anthropicToolAnswer(name: string, input: unknown, usage = { input_tokens: 200, output_tokens: 40 }): unknown {
  return {
    id: 'msg_1', type: 'message', role: 'assistant', model: 'scripted-claude', stop_reason: 'tool_use', stop_sequence: null,
    content: [{ type: 'tool_use', id: 'toolu_1', name, input }],
    usage,
  };
}

export function anthropicTextAnswer(text: string, usage = { input_tokens: 200, output_tokens: 40 }): unknown {
  return {
    id: 'msg_2', type: 'message', role: 'assistant', model: 'scripted-claude', stop_reason: 'end_turn', stop_sequence: null,
    content: [{ type: 'text', text }],
    usage,
  };
}
