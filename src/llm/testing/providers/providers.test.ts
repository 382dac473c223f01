// The provider servers driven by the real SDKs: each refusal reaches the SDK as the API's own error, each answer
// reads back as the SDK exposes it, and usage grows with what was sent.
import Anthropic from '@anthropic-ai/sdk';
import { expect, test } from '@playwright/test';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import OpenAI from 'openai';
import {
  rejectsTemperature,
  startAnthropicServer,
  startOpenAiServer,
  type AnthropicServerOptions,
  type OpenAiServerOptions,
  type ProviderServer,
} from './index.js';

const servers: ProviderServer[] = [];
test.afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function openAi(options: Partial<OpenAiServerOptions> = {}, timeout = 10_000): Promise<{ client: OpenAI; server: ProviderServer }> {
  const server = await startOpenAiServer({ decide: () => ({ json: { ok: true } }), ...options });
  servers.push(server);
  return { server, client: new OpenAI({ apiKey: 'sk-test', baseURL: server.baseURL, maxRetries: 0, timeout }) };
}

async function anthropic(options: Partial<AnthropicServerOptions> = {}, timeout = 10_000): Promise<{ client: Anthropic; server: ProviderServer }> {
  const server = await startAnthropicServer({ decide: () => ({ json: { ok: true } }), ...options });
  servers.push(server);
  return { server, client: new Anthropic({ apiKey: 'sk-ant-test', baseURL: server.baseURL, maxRetries: 0, timeout }) };
}

/** The error a call rejects with; fails the test when it resolves. */
async function failure(call: Promise<unknown>): Promise<unknown> {
  const outcome = await call.then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
  if (!outcome) throw new Error('the call succeeded; a rejection was expected');
  return outcome.error;
}

async function openAiFailure(call: Promise<unknown>): Promise<InstanceType<typeof OpenAI.APIError>> {
  const error = await failure(call);
  expect(error).toBeInstanceOf(OpenAI.APIError);
  return error as InstanceType<typeof OpenAI.APIError>;
}

async function anthropicFailure(call: Promise<unknown>): Promise<InstanceType<typeof Anthropic.APIError>> {
  const error = await failure(call);
  expect(error).toBeInstanceOf(Anthropic.APIError);
  return error as InstanceType<typeof Anthropic.APIError>;
}

const user = [{ role: 'user' as const, content: 'Answer in JSON: is the cart empty?' }];
const cartSchema = { type: 'object', properties: { empty: { type: 'boolean' } }, required: ['empty'], additionalProperties: false };

/** A stand-in for OpenAI's strict rules, phrased as OpenAI phrases them: every object closes its properties. */
function closedObjects(schema: unknown, context: string[] = []): string[] {
  if (schema === null || typeof schema !== 'object') return [];
  const node = schema as { type?: unknown; additionalProperties?: unknown; properties?: Record<string, unknown> };
  const here =
    node.type === 'object' && node.additionalProperties !== false
      ? [`In context=(${context.map((part) => `'${part}'`).join(', ')}), 'additionalProperties' is required to be supplied and to be false.`]
      : [];
  return [...here, ...Object.entries(node.properties ?? {}).flatMap(([key, value]) => closedObjects(value, [...context, 'properties', key]))];
}

test.describe('OpenAI server', () => {
  test('a reasoning model refuses max_tokens and a temperature other than 1; it takes max_completion_tokens and 1', async () => {
    const { client } = await openAi();
    const maxTokens = await openAiFailure(client.chat.completions.create({ model: 'gpt-5-mini', messages: user, max_tokens: 50 }));
    expect(maxTokens.status).toBe(400);
    expect(maxTokens.message).toBe("400 Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.");
    expect([maxTokens.type, maxTokens.param, maxTokens.code]).toEqual(['invalid_request_error', 'max_tokens', 'unsupported_parameter']);
    const temperature = await openAiFailure(client.chat.completions.create({ model: 'o3-mini', messages: user, temperature: 0 }));
    expect(temperature.message).toBe("400 Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.");
    expect([temperature.param, temperature.code]).toEqual(['temperature', 'unsupported_value']);
    const taken = await client.chat.completions.create({ model: 'o4-mini', messages: user, max_completion_tokens: 50, temperature: 1 });
    expect(taken.choices[0].finish_reason).toBe('stop');
  });

  test('a model that does not reason refuses reasoning_effort, and takes max_tokens and any temperature', async () => {
    const { client } = await openAi();
    const error = await openAiFailure(client.chat.completions.create({ model: 'gpt-4o-mini', messages: user, reasoning_effort: 'low' }));
    expect(error.message).toBe('400 Unrecognized request argument supplied: reasoning_effort');
    expect([error.param, error.code]).toEqual([null, null]);
    await client.chat.completions.create({ model: 'gpt-4o-mini', messages: user, max_tokens: 50, temperature: 0 });
  });

  test('a json_schema name must be 1 to 64 letters, digits, _ or -', async () => {
    const { client } = await openAi();
    const format = (name: string) => ({ type: 'json_schema' as const, json_schema: { name, schema: cartSchema } });
    const spaced = await openAiFailure(client.chat.completions.create({ model: 'gpt-4o', messages: user, response_format: format('cart state') }));
    expect(spaced.message).toContain("Invalid 'response_format.json_schema.name': string does not match pattern.");
    expect([spaced.param, spaced.code]).toEqual(['response_format.json_schema.name', 'invalid_value']);
    const long = await openAiFailure(client.chat.completions.create({ model: 'gpt-4o', messages: user, response_format: format('x'.repeat(65)) }));
    expect(long.message).toContain('string too long. Expected a string with maximum length 64, but got a string with length 65 instead.');
    await client.chat.completions.create({ model: 'gpt-4o', messages: user, response_format: format('cart_state-2') });
  });

  test('a strict schema is checked by the given rules and refused in OpenAI words; strict false is not checked', async () => {
    const { client } = await openAi({ checkStrictSchema: closedObjects });
    const open = { type: 'object', properties: { item: { type: 'object', properties: { name: { type: 'string' } } } }, additionalProperties: false };
    const error = await openAiFailure(
      client.chat.completions.create({
        model: 'gpt-4o',
        messages: user,
        response_format: { type: 'json_schema', json_schema: { name: 'cart', schema: open, strict: true } },
      }),
    );
    expect(error.message).toBe(
      "400 Invalid schema for response_format 'cart': In context=('properties', 'item'), 'additionalProperties' is required to be supplied and to be false.",
    );
    expect([error.param, error.code]).toEqual(['response_format', null]);
    await client.chat.completions.create({
      model: 'gpt-4o',
      messages: user,
      response_format: { type: 'json_schema', json_schema: { name: 'cart', schema: open, strict: false } },
    });
    await client.chat.completions.create({
      model: 'gpt-4o',
      messages: user,
      response_format: { type: 'json_schema', json_schema: { name: 'cart', schema: cartSchema, strict: true } },
    });
  });

  test('JSON mode needs the word json somewhere in the messages', async () => {
    const { client } = await openAi();
    const error = await openAiFailure(
      client.chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'Is the cart empty?' }],
        response_format: { type: 'json_object' },
      }),
    );
    expect(error.message).toBe("400 'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.");
    await client.chat.completions.create({
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: 'Reply in JSON.' },
        { role: 'user', content: 'Is the cart empty?' },
      ],
      response_format: { type: 'json_object' },
    });
  });

  test('each answer kind reads back as the SDK exposes it', async () => {
    const fenced = '```json\n{"empty": true}\n```';
    const answers = [
      { json: { empty: true } },
      { text: fenced },
      { refusal: "I can't help with that." },
      { truncated: 'The cart holds three items: a lamp, a rug and a chair.' },
    ];
    const { client } = await openAi({ decide: (_request, n) => answers[n] });
    const ask = () => client.chat.completions.create({ model: 'gpt-4o', messages: user, max_completion_tokens: 5 });
    const json = await ask();
    expect([json.choices[0].message.content, json.choices[0].message.refusal, json.choices[0].finish_reason]).toEqual(['{"empty":true}', null, 'stop']);
    expect((await ask()).choices[0].message.content).toBe(fenced);
    const refusal = await ask();
    expect([refusal.choices[0].message.content, refusal.choices[0].message.refusal, refusal.choices[0].finish_reason]).toEqual([
      null,
      "I can't help with that.",
      'stop',
    ]);
    const truncated = await ask();
    expect(truncated.choices[0].finish_reason).toBe('length');
    expect(truncated.choices[0].message.content).toBe('The cart holds three items');
    expect(truncated.usage?.completion_tokens).toBe(5);
  });

  test('failures reach the SDK with their status, envelope and headers; a hang times out', async () => {
    const answers = [{ status: 429, headers: { 'retry-after': '2' } }, { status: 500 }, { status: 503, error: 'Slow down.' }, { hang: true as const }];
    const { client } = await openAi({ decide: (_request, n) => answers[n] }, 500);
    const ask = () => client.chat.completions.create({ model: 'gpt-4o', messages: user });
    const limited = await openAiFailure(ask());
    expect(limited).toBeInstanceOf(OpenAI.RateLimitError);
    expect([limited.headers?.get('retry-after'), limited.type, limited.code]).toEqual(['2', 'tokens', 'rate_limit_exceeded']);
    expect(limited.message).toContain('Rate limit reached for gpt-4o');
    const broken = await openAiFailure(ask());
    expect([broken.status, broken.type, broken.message]).toEqual([
      500,
      'server_error',
      '500 The server had an error while processing your request. Sorry about that!',
    ]);
    expect((await openAiFailure(ask())).message).toBe('503 Slow down.');
    expect(await failure(ask())).toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
  });

  test('prompt_tokens counts the messages and grows by exactly the tokens of a bigger schema', async () => {
    const { client } = await openAi({ decide: () => ({ text: 'Three items.' }) });
    const format = (schema: Record<string, unknown>) => ({ type: 'json_schema' as const, json_schema: { name: 'cart', schema } });
    const bigger = {
      ...cartSchema,
      properties: { ...cartSchema.properties, items: { type: 'array', items: { type: 'string', description: 'One line of the cart, as shown on screen' } } },
    };
    const plain = await client.chat.completions.create({ model: 'gpt-4o', messages: user });
    const small = await client.chat.completions.create({ model: 'gpt-4o', messages: user, response_format: format(cartSchema) });
    const large = await client.chat.completions.create({ model: 'gpt-4o', messages: user, response_format: format(bigger) });
    expect(plain.usage?.prompt_tokens).toBe(3 + countTokens('user') + countTokens(user[0].content) + 3);
    expect(small.usage!.prompt_tokens - plain.usage!.prompt_tokens).toBe(countTokens(JSON.stringify(cartSchema)));
    expect(large.usage!.prompt_tokens - small.usage!.prompt_tokens).toBe(countTokens(JSON.stringify(bigger)) - countTokens(JSON.stringify(cartSchema)));
    expect(plain.usage?.completion_tokens).toBe(countTokens('Three items.'));
  });

  test('every request is recorded; a base URL without /v1 works; any other path is a 404', async () => {
    const { server } = await openAi();
    const bare = new OpenAI({ apiKey: 'sk-test', baseURL: server.url, maxRetries: 0 });
    await bare.chat.completions.create({ model: 'gpt-4o', messages: user });
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/chat/completions', body: { model: 'gpt-4o', messages: user } });
    expect(server.requests[0].headers.authorization).toBe('Bearer sk-test');
    const missing = await openAiFailure(bare.embeddings.create({ model: 'text-embedding-3-small', input: 'cart' }));
    expect([missing.status, missing.message]).toEqual([404, '404 Invalid URL (POST /embeddings)']);
  });

  test('as Ollama, a schema its compiler refuses is a 500 api_error; OpenAI-only rules are off', async () => {
    const { client } = await openAi({
      rejectSchema: { server: 'ollama', problem: (schema) => (JSON.stringify(schema).includes('"pattern"') ? 'pattern is not supported' : undefined) },
    });
    const schema = { type: 'object', properties: { sku: { type: 'string', pattern: '[0-9]+' } } };
    const error = await openAiFailure(
      client.chat.completions.create({ model: 'qwen2.5:7b', messages: user, response_format: { type: 'json_schema', json_schema: { name: 'cart', schema } } }),
    );
    expect([error.status, error.type, error.message]).toEqual([500, 'api_error', '500 invalid JSON schema in format']);
    await client.chat.completions.create({
      model: 'gpt-5',
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 10,
      response_format: { type: 'json_object' },
    });
  });

  test("as llama-server, a schema its converter cannot take is a 400 with the converter's words", async () => {
    const { client } = await openAi({
      rejectSchema: {
        server: 'llama-server',
        problem: (schema) => ('type' in (schema as object) ? undefined : `Unrecognized schema: ${JSON.stringify(schema)}`),
      },
    });
    const schema = { description: 'Arguments for the tool (JSON object)' };
    const error = await openAiFailure(
      client.chat.completions.create({ model: 'local', messages: user, response_format: { type: 'json_schema', json_schema: { name: 'args', schema } } }),
    );
    expect([error.status, error.type]).toEqual([400, 'invalid_request_error']);
    expect(error.message).toBe('400 JSON schema conversion failed:\nUnrecognized schema: {"description":"Arguments for the tool (JSON object)"}');
  });
});

/** The SDK's types no longer list `temperature`; the API still reads it, so it is added to the body as sent. */
function withTemperature(params: Anthropic.MessageCreateParamsNonStreaming, temperature: number): Anthropic.MessageCreateParamsNonStreaming {
  const body = { ...params, temperature };
  return body;
}

const tool = {
  name: 'cart_state',
  description: 'Say what the cart holds.',
  input_schema: { type: 'object' as const, properties: { empty: { type: 'boolean' } }, required: ['empty'] },
};
const forced = { tools: [tool], tool_choice: { type: 'tool' as const, name: 'cart_state' } };

test.describe('Anthropic server', () => {
  test('max_tokens is required', async () => {
    const { client } = await anthropic();
    const body = { model: 'claude-sonnet-4-6', messages: user } as unknown as Anthropic.MessageCreateParamsNonStreaming;
    const error = await anthropicFailure(client.messages.create(body));
    expect([error.status, error.type, error.apiMessage]).toEqual([400, 'invalid_request_error', 'max_tokens: Field required']);
    expect(error.requestID).toMatch(/^req_/);
  });

  test('Opus 4.7 and later refuse temperature, earlier models take it, and it must lie in 0..1', async () => {
    expect(['claude-opus-4-7', 'claude-opus-4-8', 'claude-opus-5', 'claude-opus-5-1-20270101'].map(rejectsTemperature)).toEqual([true, true, true, true]);
    expect(['claude-opus-4-6', 'claude-opus-4-1-20250805', 'claude-opus-4-20250514', 'claude-sonnet-5'].map(rejectsTemperature)).toEqual([
      false,
      false,
      false,
      false,
    ]);
    const { client } = await anthropic();
    const deprecated = await anthropicFailure(client.messages.create(withTemperature({ model: 'claude-opus-4-7', max_tokens: 100, messages: user }, 0)));
    expect(deprecated.apiMessage).toBe('`temperature` is deprecated for this model.');
    await client.messages.create(withTemperature({ model: 'claude-opus-4-6', max_tokens: 100, messages: user }, 0));
    const range = await anthropicFailure(client.messages.create(withTemperature({ model: 'claude-sonnet-4-6', max_tokens: 100, messages: user }, 1.2)));
    expect(range.apiMessage).toBe('temperature: range: 0..1');
  });

  test('tool schemas go through the given rules; tool_choice must name a listed tool', async () => {
    const { client } = await anthropic({
      checkTool: (candidate) => ((candidate.input_schema as { type?: string }).type === 'object' ? [] : ['input_schema.type must be object']),
    });
    const loose = { ...tool, input_schema: { type: 'array' } } as unknown as Anthropic.Tool;
    const invalid = await anthropicFailure(client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 100, messages: user, tools: [tool, loose] }));
    expect(invalid.apiMessage).toMatch(/^tools\.1\.custom\.input_schema: JSON schema is invalid\. It must match JSON Schema draft 2020-12/);
    const unnamed = await anthropicFailure(
      client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 100, messages: user, tools: [tool], tool_choice: { type: 'tool', name: 'checkout' } }),
    );
    expect(unnamed.apiMessage).toBe("Tool 'checkout' not found in provided tools");
  });

  test('each answer kind reads back as the SDK exposes it', async () => {
    const answers = [{ json: { empty: true } }, { text: '<think>look</think>{"empty": true}' }, { refusal: 'This request was declined.' }, { truncated: {} }];
    const { client } = await anthropic({ decide: (_request, n) => answers[n] });
    const ask = () => client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 64, messages: user, ...forced });
    const json = await ask();
    expect(json.stop_reason).toBe('tool_use');
    expect(json.content[0]).toMatchObject({ type: 'tool_use', name: 'cart_state', input: { empty: true } });
    const text = await ask();
    expect([text.stop_reason, text.content[0].type === 'text' && text.content[0].text]).toEqual(['end_turn', '<think>look</think>{"empty": true}']);
    const refusal = await ask();
    expect([refusal.stop_reason, refusal.content, refusal.stop_details?.explanation]).toEqual(['refusal', [], 'This request was declined.']);
    const truncated = await ask();
    expect([truncated.stop_reason, truncated.usage.output_tokens]).toEqual(['max_tokens', 64]);
    expect(truncated.content[0]).toMatchObject({ type: 'tool_use', input: {} });
  });

  test('failures reach the SDK in Anthropic shapes with their headers; a hang times out', async () => {
    const answers = [{ status: 429, headers: { 'retry-after': '7' } }, { status: 529 }, { status: 500 }, { hang: true as const }];
    const { client } = await anthropic({ decide: (_request, n) => answers[n] }, 500);
    const ask = () => client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 64, messages: user });
    const limited = await anthropicFailure(ask());
    expect(limited).toBeInstanceOf(Anthropic.RateLimitError);
    expect([limited.headers?.get('retry-after'), limited.type]).toEqual(['7', 'rate_limit_error']);
    const overloaded = await anthropicFailure(ask());
    expect([overloaded.status, overloaded.type, overloaded.apiMessage]).toEqual([529, 'overloaded_error', 'Overloaded']);
    expect((await anthropicFailure(ask())).type).toBe('api_error');
    expect(await failure(ask())).toBeInstanceOf(Anthropic.APIConnectionTimeoutError);
  });

  test('input_tokens counts system, messages and tools, and grows with the tool schema', async () => {
    const { client, server } = await anthropic();
    const system = 'You check carts.';
    const small = await client.messages.create({ model: 'claude-sonnet-4-6', max_tokens: 64, system, messages: user, ...forced });
    const wider = {
      ...tool,
      input_schema: { ...tool.input_schema, properties: { ...tool.input_schema.properties, items: { type: 'array', items: { type: 'string' } } } },
    };
    const large = await client.messages.create({
      model: 'claude-sonnet-4-6',
      max_tokens: 64,
      system,
      messages: user,
      tools: [wider],
      tool_choice: forced.tool_choice,
    });
    expect(small.usage.input_tokens).toBe(countTokens(system) + countTokens(user[0].content) + countTokens(JSON.stringify([tool])));
    expect(large.usage.input_tokens - small.usage.input_tokens).toBe(countTokens(JSON.stringify([wider])) - countTokens(JSON.stringify([tool])));
    expect(small.usage.output_tokens).toBe(countTokens('{"ok":true}'));
    expect(server.requests[0]).toMatchObject({ method: 'POST', path: '/v1/messages', body: { system, tool_choice: forced.tool_choice } });
    // This SDK sends the key as a bearer token, with the API version it was built for.
    expect(server.requests[0].headers).toMatchObject({ authorization: 'Bearer sk-ant-test', 'anthropic-version': expect.any(String) });
  });
});
