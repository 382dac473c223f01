import { startRecordingServer, type RecordedRequest, type RecordingServer, type Reply } from './recording-server.js';

export type { RecordedRequest } from './recording-server.js';

/** One scripted reply; `hang` holds the request open until the server closes. */
export type ScriptedReply = Reply;

/** Works out the reply from the request (n counts requests from 0): for answers that depend on what was asked. */
export type ReplyFunction = (request: RecordedRequest, n: number) => ScriptedReply;

/** A local HTTP server that answers each request with the next reply of its script, or with a function's reply. */
export class ScriptedServer {
  private constructor(private readonly server: RecordingServer) {}

  get url(): string {
    return this.server.url;
  }
  get requests(): RecordedRequest[] {
    return this.server.requests;
  }

  static async start(script: ScriptedReply[] | ReplyFunction): Promise<ScriptedServer> {
    const replies = typeof script === 'function' ? [] : [...script];
    const next: ReplyFunction =
      typeof script === 'function' ? script : () => replies.shift() ?? { status: 500, body: { error: { message: 'the script has no more replies' } } };
    return new ScriptedServer(await startRecordingServer(next));
  }

  close(): Promise<void> {
    return this.server.close();
  }
}

export function openAiCompletion(content: string, usage = { prompt_tokens: 120, completion_tokens: 30 }): unknown {
  return {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    created: 1,
    model: 'scripted-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

export function anthropicToolAnswer(name: string, input: unknown, usage = { input_tokens: 200, output_tokens: 40 }): unknown {
  return {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    model: 'scripted-claude',
    stop_reason: 'tool_use',
    stop_sequence: null,
    content: [{ type: 'tool_use', id: 'toolu_1', name, input }],
    usage,
  };
}

export function anthropicTextAnswer(text: string, usage = { input_tokens: 200, output_tokens: 40 }): unknown {
  return {
    id: 'msg_2',
    type: 'message',
    role: 'assistant',
    model: 'scripted-claude',
    stop_reason: 'end_turn',
    stop_sequence: null,
    content: [{ type: 'text', text }],
    usage,
  };
}
