// Answers as real models give them, through mobiletest's own providers, each against a local server that speaks and
// refuses as that provider's API does (OpenAI's strict-schema rules and Anthropic's tool rules are the real checkers).
import { expect, test } from '@playwright/test';
import { signalWithDeadline } from './deadline.js';
import { LlmCallFailed } from './errors.js';
import { anthropicToolProblems, llamaCppGrammar, openAiStrictProblems, type JsonSchema } from './testing/conformance/index.js';
import {
  capOf,
  inTurn,
  ollamaCompiling,
  SERVED_MODEL_NAMES,
  servedModel,
  type ServedModel,
  type ServedModelName,
  type ServedModelOptions,
} from './testing/served-model.js';
import type { ModelAnswer, ModelRequest } from './types.js';

/** A cart with an optional note and a nested list of optional-quantity lines: strict mode must make both required-nullable. */
const cartSchema: JsonSchema = {
  type: 'object',
  properties: {
    empty: { type: 'boolean' },
    lines: {
      type: 'array',
      items: {
        type: 'object',
        properties: { name: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } },
        required: ['name'],
        additionalProperties: false,
      },
    },
    note: { type: 'string' },
  },
  required: ['empty', 'lines'],
  additionalProperties: false,
};
const cart = { empty: false, lines: [{ name: 'Desk lamp', quantity: 2 }] };
const request: ModelRequest = {
  role: 'validator',
  messages: [
    { role: 'system', content: 'You read a shop screen. Answer in JSON.' },
    { role: 'user', content: 'What does the cart hold?' },
  ],
  schema: cartSchema,
  schemaName: 'cart',
  maxTokens: 200,
  temperature: 0,
};

const served: ServedModel[] = [];
test.afterEach(async () => {
  await Promise.all(served.splice(0).map((model) => model.close()));
});

async function serve(name: ServedModelName, options: ServedModelOptions = {}): Promise<ServedModel> {
  const model = await servedModel(name, options);
  served.push(model);
  return model;
}

async function failed(call: Promise<ModelAnswer>): Promise<LlmCallFailed> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LlmCallFailed);
  return error as LlmCallFailed;
}

/** What each model's request must hold for its server to take it; the server refuses the request otherwise. */
const ACCEPTED: Record<ServedModelName, (body: Record<string, unknown>) => void> = {
  openai: (body) => {
    const format = body.response_format as { json_schema: { strict: boolean; schema: JsonSchema } };
    expect(format.json_schema.strict).toBe(true);
    expect(openAiStrictProblems(format.json_schema.schema)).toEqual([]);
    expect([body.max_completion_tokens, body.temperature]).toEqual([200, 0]);
  },
  'openai-reasoning': (body) => {
    expect(body.max_completion_tokens).toBe(200);
    expect(body).not.toHaveProperty('max_tokens');
    expect(body).not.toHaveProperty('temperature');
  },
  local: (body) => {
    expect(body.response_format).toMatchObject({ type: 'json_schema', json_schema: { strict: false } });
    expect([body.max_tokens, body.temperature]).toEqual([200, 0]);
  },
  'claude-sonnet-4-5': (body) => {
    const tools = body.tools as Array<Parameters<typeof anthropicToolProblems>[0]>;
    expect(anthropicToolProblems(tools[0])).toEqual([]);
    expect([body.max_tokens, body.temperature]).toEqual([200, 0]);
  },
  'claude-opus-4-7': (body) => {
    expect(body.max_tokens).toBe(200);
    expect(body).not.toHaveProperty('temperature');
  },
};

for (const name of SERVED_MODEL_NAMES) {
  test(`${name}: the request is one its server accepts, and the structured answer reads back in the original shape`, async () => {
    const model = await serve(name, { decide: () => ({ json: cart }) });
    const answer = await model.provider.complete(request);
    expect(answer.json).toEqual(cart);
    expect(answer.profile).toBe(model.profile.id);
    expect(model.bodies()).toHaveLength(1);
    ACCEPTED[name](model.bodies()[0]);
  });
}

test('reasoning_effort reaches a reasoning model, and never a model that refuses it', async () => {
  const reasoning = await serve('openai-reasoning');
  await reasoning.provider.complete({ ...request, reasoningEffort: 'low' });
  expect(reasoning.bodies()[0].reasoning_effort).toBe('low');
  // gpt-4o's server answers "Unrecognized request argument supplied: reasoning_effort" to a request that has one.
  const plain = await serve('openai');
  await plain.provider.complete({ ...request, reasoningEffort: 'low' });
  expect(plain.bodies()[0]).not.toHaveProperty('reasoning_effort');
});

test('a per-role model is sent only what it takes: gpt-5-mini under a gpt-4o provider, Opus 4.7 under Sonnet 4.5', async () => {
  // The servers refuse otherwise: "Unsupported value: 'temperature' does not support 0", "`temperature` is deprecated".
  const openai = await serve('openai');
  await openai.provider.complete({ ...request, model: 'gpt-5-mini' });
  expect(openai.bodies()[0]).toMatchObject({ model: 'gpt-5-mini', max_completion_tokens: 200 });
  expect(openai.bodies()[0]).not.toHaveProperty('temperature');
  const anthropic = await serve('claude-sonnet-4-5');
  await anthropic.provider.complete({ ...request, model: 'claude-opus-4-7' });
  expect(anthropic.bodies()[0]).toMatchObject({ model: 'claude-opus-4-7' });
  expect(anthropic.bodies()[0]).not.toHaveProperty('temperature');
});

test('a 400 about a parameter fails after one request, naming the role, the model and the setting', async () => {
  const unsupported = "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.";
  // An Azure deployment's name hides that it is a reasoning model; only its server knows.
  const model = await serve('openai', { model: 'shop-tests-deployment', decide: () => ({ status: 400, error: unsupported }) });
  const error = await failed(model.provider.complete({ ...request, role: 'planner' }));
  expect([error.kind, error.status, error.details.attempts]).toEqual(['http', 400, 1]);
  expect(error.message).toContain(unsupported);
  expect(error.message).toContain(
    'shop-tests-deployment does not take temperature: set `ai.roles.planner.temperature: null` in the config (or MOBILETEST_LLM_PLANNER_TEMPERATURE=none)',
  );
  expect(model.bodies()).toHaveLength(1);
});

/** The text forms models wrap JSON in. Anthropic is asked by prompt here: a forced tool never comes back as text. */
const fenced = `Here is the cart:\n\`\`\`json\n${JSON.stringify(cart, null, 2)}\n\`\`\``;
const prose = `The cart holds one line. ${JSON.stringify(cart)} That is all I can see.`;
const thinking = `<think>The cart badge says 2; the line is the desk lamp.</think>\n${JSON.stringify(cart)}`;
const TEXT_FORMS: Array<[ServedModelName, ServedModelOptions['output']]> = [
  ['openai', undefined],
  ['openai-reasoning', undefined],
  ['local', undefined],
  ['claude-sonnet-4-5', 'prompt'],
];

for (const [name, output] of TEXT_FORMS) {
  test(`${name}: JSON in a fence, in prose, or after a <think> block is read on the first answer`, async () => {
    const model = await serve(name, { output, decide: inTurn({ text: fenced }, { text: prose }, { text: thinking }) });
    const answers = [await model.provider.complete(request), await model.provider.complete(request), await model.provider.complete(request)];
    expect(answers.map((answer) => answer.json)).toEqual([cart, cart, cart]);
    expect(answers[2].thinking).toBe('The cart badge says 2; the line is the desk lamp.');
    expect(answers[2].text).toBe(thinking);
    expect(model.bodies()).toHaveLength(3);
  });
}

test('prose holding two JSON values gives the first as the answer and the second as an alternative', async () => {
  const emptyCart = { empty: true, lines: [] };
  const model = await serve('local', {
    decide: () => ({ text: `At first I thought ${JSON.stringify(emptyCart)}, but the badge says 2: ${JSON.stringify(cart)}` }),
  });
  const answer = await model.provider.complete(request);
  expect([answer.json, answer.alternatives]).toEqual([emptyCart, [cart]]);
});

test("an OpenAI refusal (content null, message.refusal set) fails as 'refusal' with the model's words, after one request", async () => {
  const model = await serve('openai', { decide: () => ({ refusal: "I'm sorry, I can't help with reading that screen." }) });
  const error = await failed(model.provider.complete(request));
  expect([error.kind, error.details.attempts, error.answer?.text]).toEqual(['refusal', 1, "I'm sorry, I can't help with reading that screen."]);
  expect(error.message).toContain("I'm sorry, I can't help with reading that screen.");
  expect(model.bodies()).toHaveLength(1);
});

test("an Anthropic refusal (stop_reason 'refusal', the words in stop_details) fails as 'refusal' with the model's words", async () => {
  const model = await serve('claude-opus-4-7', { decide: () => ({ refusal: 'This request touches on a topic I cannot help with.' }) });
  const error = await failed(model.provider.complete(request));
  expect([error.kind, error.answer?.text, error.answer?.finish]).toEqual(['refusal', 'This request touches on a topic I cannot help with.', 'refusal']);
  expect(model.bodies()).toHaveLength(1);
});

for (const name of ['openai-reasoning', 'claude-sonnet-4-5'] as const) {
  test(`${name}: an answer cut at the cap fails as 'truncated', naming the cap, after one request`, async () => {
    const model = await serve(name, { decide: () => ({ truncated: JSON.stringify({ ...cart, note: 'a long note '.repeat(100) }) }) });
    const error = await failed(model.provider.complete(request));
    expect([error.kind, error.details.attempts]).toEqual(['truncated', 1]);
    expect(error.message).toContain('cut off at 200 tokens');
    expect(capOf(model.bodies()[0])).toBe(200);
  });
}

test.describe('a 503 storm', () => {
  const storm =
    (count: number, retryAfter: string): ServedModelOptions['decide'] =>
    (_request, n) =>
      n < count ? { status: 503, headers: { 'retry-after': retryAfter } } : { json: cart };

  for (const name of ['openai', 'claude-opus-4-7'] as const) {
    test(`${name}: with a deadline, five 503s and then an answer succeed after six requests`, async () => {
      const model = await serve(name, { decide: storm(5, '0') });
      const answer = await model.provider.complete(request, { signal: signalWithDeadline(undefined, 60_000) });
      expect(answer.json).toEqual(cart);
      expect(model.bodies()).toHaveLength(6);
    });
  }

  test('a retry-after past the deadline fails at once, saying so', async () => {
    const model = await serve('openai', { decide: storm(5, '30') });
    const error = await failed(model.provider.complete(request, { signal: signalWithDeadline(undefined, 10_000) }));
    expect([error.status, error.details.attempts]).toEqual([503, 1]);
    expect(error.message).toMatch(/the next try would wait \d+ ms, past the step's deadline \(\d+ ms left\)/);
    expect(model.bodies()).toHaveLength(1);
  });

  test('without a deadline, three attempts as before', async () => {
    const model = await serve('claude-sonnet-4-5', { decide: storm(5, '0') });
    const error = await failed(model.provider.complete(request));
    expect([error.status, error.details.attempts]).toEqual([503, 3]);
    expect(model.bodies()).toHaveLength(3);
  });
});

test.describe('as Ollama, compiling the schema with llama.cpp', () => {
  // The first call takes llama.cpp's converter out of node-llama-cpp's bundle.
  test.describe.configure({ timeout: 120_000 });

  test('a schema with optional and nested fields, as the local profile writes it, is accepted', async () => {
    const model = await serve('local', { rejectSchema: await ollamaCompiling(cartSchema), decide: () => ({ json: cart }) });
    expect((await model.provider.complete(request)).json).toEqual(cart);
    expect(model.bodies()).toHaveLength(1);
  });

  test("a boolean subschema, which crashes llama.cpp's converter, is written so Ollama compiles it", async () => {
    const loose: JsonSchema = { type: 'object', properties: { empty: { type: 'boolean' }, extra: true }, required: ['empty'] };
    expect(await llamaCppGrammar(loose)).toMatchObject({ ok: false, stage: 'convert' });
    const model = await serve('local', { rejectSchema: await ollamaCompiling(loose), decide: () => ({ json: { empty: true } }) });
    expect((await model.provider.complete({ ...request, schema: loose })).json).toEqual({ empty: true });
  });

  test('a schema Ollama cannot compile fails after one request (its 500 is not retried) and names the output setting to change', async () => {
    const model = await serve('local', { rejectSchema: { server: 'ollama', problem: () => 'unknown escape' }, decide: () => ({ json: cart }) });
    const error = await failed(model.provider.complete(request));
    expect(model.bodies()).toHaveLength(1);
    expect(error.status).toBe(500);
    expect(error.message).toContain('invalid JSON schema in format');
    expect(error.message).toMatch(/set MOBILETEST_LLM_OUTPUT \(or `ai.output` in the config\) to json-object, then prompt/);
  });
});
