import { test, expect } from '@playwright/test';
import { AnthropicProvider, LlmCallFailed, type ModelRequest } from './index.js';
import { ScriptedServer, anthropicToolAnswer, type ScriptedReply } from './testing/scripted-server.js';

const apiKey = 'sk-ant-test-SECRET-9876543210';
const schema = { type: 'object', properties: { refs: { type: 'array', items: { type: 'string' } } }, required: ['refs'] };
const request: ModelRequest = {
  role: 'locator',
  messages: [
    { role: 'system', content: 'Locate.' },
    { role: 'user', content: 'the Log in button' },
  ],
  schema,
  schemaName: 'candidates',
  maxTokens: 256,
};

let server: ScriptedServer | undefined;
test.afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function provider(script: ScriptedReply[], retry = {}): Promise<AnthropicProvider> {
  server = await ScriptedServer.start(script);
  return new AnthropicProvider({ model: 'scripted-claude', apiKey, baseUrl: server.url, retry: { baseDelayMs: 10, ...retry } });
}

test('a structured answer is forced through one tool and read from its input', async () => {
  const model = await provider([{ body: anthropicToolAnswer('candidates', { refs: ['e3', 'e7'] }) }]);
  const answer = await model.complete(request);
  expect(answer.json).toEqual({ refs: ['e3', 'e7'] });
  expect(answer.usage).toEqual({ inputTokens: 200, outputTokens: 40 });
  const sent = server!.requests[0];
  expect(sent.url).toBe('/v1/messages');
  expect(sent.headers.authorization ?? sent.headers['x-api-key']).toContain(apiKey);
  expect(sent.body.system).toBe('Locate.');
  expect(sent.body.messages).toEqual([{ role: 'user', content: 'the Log in button' }]);
  expect(sent.body.max_tokens).toBe(256);
  expect(sent.body.tool_choice).toEqual({ type: 'tool', name: 'candidates' });
  expect(sent.body.tools).toEqual([{ name: 'candidates', description: 'Give the answer.', input_schema: schema }]);
});

test('an answer without the tool call fails clearly', async () => {
  const textOnly = {
    id: 'msg_2',
    type: 'message',
    role: 'assistant',
    model: 'scripted-claude',
    stop_reason: 'end_turn',
    stop_sequence: null,
    content: [{ type: 'text', text: 'I think e3.' }],
    usage: { input_tokens: 5, output_tokens: 5 },
  };
  const model = await provider([{ body: textOnly }]);
  const error = await model.complete(request).catch((caught: unknown) => caught);
  expect((error as LlmCallFailed).kind).toBe('bad-answer');
  expect((error as Error).message).toContain('did not call the candidates tool; it wrote: "I think e3."');
  expect((error as LlmCallFailed).answer).toMatchObject({ text: 'I think e3.', usage: { inputTokens: 5, outputTokens: 5 } });
});

test('a per-call model and temperature reach the wire', async () => {
  const model = await provider([{ body: anthropicToolAnswer('candidates', { refs: [] }) }]);
  await model.complete({ ...request, model: 'claude-bigger', temperature: 0.4 });
  expect(server!.requests[0].body).toMatchObject({ model: 'claude-bigger', temperature: 0.4, max_tokens: 256 });
});

test('a 429 then a 200 is retried', async () => {
  const model = await provider(
    [
      { status: 429, headers: { 'retry-after': '0' }, body: { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } } },
      { body: anthropicToolAnswer('candidates', { refs: ['e1'] }) },
    ],
    { baseDelayMs: 600_000, maxDelayMs: 600_000 },
  );
  const answer = await model.complete(request);
  expect(answer.json).toEqual({ refs: ['e1'] });
  expect(server!.requests).toHaveLength(2);
});

test('a 529 overload three times fails with the status and without the API key', async () => {
  const overloaded: ScriptedReply = { status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: `overloaded, key ${apiKey}` } } };
  const model = await provider([overloaded, overloaded, overloaded]);
  const error = await model.complete(request).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(LlmCallFailed);
  expect((error as LlmCallFailed).status).toBe(529);
  expect((error as Error).message).not.toContain(apiKey);
  expect(server!.requests).toHaveLength(3);
});

test('a server that never answers fails as a timeout', async () => {
  const model = await provider([{ hang: true }], { timeoutMs: 300, maxAttempts: 1 });
  const error = await model.complete(request).catch((caught: unknown) => caught);
  expect((error as LlmCallFailed).kind).toBe('timeout');
  expect(server!.requests).toHaveLength(1);
});
