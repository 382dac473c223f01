import { test, expect } from '@playwright/test';
import { AccountedProvider, Budget, LlmCallFailed, OpenAiProvider, type ModelRequest } from './index.js';
import { ScriptedServer, openAiCompletion, type ScriptedReply } from './testing/scripted-server.js';

const apiKey = 'sk-test-SECRET-0123456789';
const schema = { type: 'object', properties: { action: { type: 'string' } }, required: ['action'], additionalProperties: false };
const request: ModelRequest = {
  role: 'planner',
  messages: [
    { role: 'system', content: 'Plan.' },
    { role: 'user', content: 'log in' },
  ],
  schema,
  schemaName: 'next_action',
};

let server: ScriptedServer | undefined;
test.afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function provider(script: ScriptedReply[], retry = {}): Promise<OpenAiProvider> {
  server = await ScriptedServer.start(script);
  return new OpenAiProvider({ model: 'scripted-model', apiKey, baseUrl: `${server.url}/v1`, retry: { baseDelayMs: 10, ...retry } });
}

test('a JSON answer is asked for with the schema and parsed', async () => {
  const model = await provider([{ body: openAiCompletion('{"action":"tap"}') }]);
  const answer = await model.complete(request);
  expect(answer.json).toEqual({ action: 'tap' });
  expect(answer.usage).toEqual({ inputTokens: 120, outputTokens: 30 });
  expect(answer.model).toBe('scripted-model');
  const sent = server!.requests[0];
  expect(sent.url).toBe('/v1/chat/completions');
  expect(sent.headers.authorization).toBe(`Bearer ${apiKey}`);
  expect(sent.body.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'next_action', schema, strict: false } });
});

test('a per-call model, temperature and cap reach the wire (a server of its own: the schema as it is, max_tokens)', async () => {
  const model = await provider([{ body: openAiCompletion('{"action":"tap"}') }]);
  await model.complete({ ...request, model: 'bigger-model', temperature: 0.2, maxTokens: 77 });
  const sent = server!.requests[0].body;
  expect(sent.model).toBe('bigger-model');
  expect(sent).toMatchObject({ temperature: 0.2, max_tokens: 77, response_format: { json_schema: { strict: false } } });
});

test('an answer that is not JSON fails clearly, and its tokens are still counted', async () => {
  const model = await provider([{ body: openAiCompletion('Sure! I will tap Log in.') }]);
  const budget = new Budget({});
  const error = await new AccountedProvider(model, budget).complete(request).catch((caught: unknown) => caught);
  expect((error as LlmCallFailed).answer?.text).toBe('Sure! I will tap Log in.');
  expect(budget.ledger.forRole('planner')).toMatchObject({ calls: 1, inputTokens: 120, outputTokens: 30 });
});

test('an answer that is not JSON fails clearly', async () => {
  const model = await provider([{ body: openAiCompletion('Sure! I will tap Log in.') }]);
  const error = await model.complete(request).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(LlmCallFailed);
  expect((error as LlmCallFailed).kind).toBe('bad-answer');
  expect((error as Error).message).toContain('not JSON');
});

test('a 429 then a 200 is retried, honouring retry-after, and counted once', async () => {
  // The backoff is far longer than the test timeout: the test only passes if retry-after: 0 is honoured.
  const model = await provider(
    [{ status: 429, headers: { 'retry-after': '0' }, body: { error: { message: 'rate limited' } } }, { body: openAiCompletion('{"action":"tap"}') }],
    { baseDelayMs: 600_000, maxDelayMs: 600_000 },
  );
  const budget = new Budget({ maxCalls: 5 });
  const answer = await new AccountedProvider(model, budget).complete(request);
  expect(answer.json).toEqual({ action: 'tap' });
  expect(server!.requests).toHaveLength(2);
  expect(budget.ledger.forRole('planner')).toEqual({ calls: 1, inputTokens: 120, outputTokens: 30, costUsd: 0 });
});

test('a 500 three times fails with the status and without the API key', async () => {
  const echo: ScriptedReply = { status: 500, body: { error: { message: `internal error for key ${apiKey}` } } };
  const model = await provider([echo, echo, echo, { body: openAiCompletion('{"action":"tap"}') }], { maxAttempts: 3 });
  const error = await model.complete(request).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(LlmCallFailed);
  expect((error as LlmCallFailed).status).toBe(500);
  expect((error as Error).message).toContain('after 3 attempt(s)');
  expect((error as Error).message).not.toContain(apiKey);
  expect(JSON.stringify(error)).not.toContain(apiKey);
  expect(server!.requests).toHaveLength(3);
});

test('a 400 is not retried', async () => {
  const model = await provider([{ status: 400, body: { error: { message: 'bad schema' } } }, { body: openAiCompletion('{"action":"tap"}') }]);
  const error = await model.complete(request).catch((caught: unknown) => caught);
  expect((error as LlmCallFailed).status).toBe(400);
  expect(server!.requests).toHaveLength(1);
});

test('a server that never answers times out per attempt and fails as a timeout', async () => {
  const model = await provider([{ hang: true }, { hang: true }], { timeoutMs: 300, maxAttempts: 2 });
  const error = await model.complete(request).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(LlmCallFailed);
  expect((error as LlmCallFailed).kind).toBe('timeout');
  expect((error as Error).message).toContain('no answer within 300 ms');
  expect(server!.requests).toHaveLength(2);
});
