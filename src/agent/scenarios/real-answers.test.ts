// The planner and validator roles given answers as real models give them, through mobiletest's own providers, each
// against a local server that speaks and refuses as that provider's API does.
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { EventLog, readEvents } from '../../events/index.js';
import { LlmCallFailed, signalWithDeadline } from '../../llm/index.js';
import {
  capOf,
  inTurn,
  ollamaCompiling,
  SERVED_MODEL_NAMES,
  servedModel,
  type ServedModel,
  type ServedModelName,
  type ServedModelOptions,
} from '../../llm/testing/served-model.js';
import { askPlanner, askValidator, ModelAnswerTruncated, ModelRefused, plannerAnswerSchema, type ModelAccess } from '../roles/index.js';
import type { PlannerInput } from '../types.js';

const screen = [
  'app com.example.shop/.LoginActivity · screen 1080x2400',
  'e5 text "Welcome back"',
  'e7 input "Email" #email',
  'e8 input "Password" #password password',
  'e9 button "Log in" disabled',
].join('\n');
const screenRefs = new Set(['e5', 'e7', 'e8', 'e9']);
const input: PlannerInput = { goal: 'log in as alice', app: 'com.example.shop', screen, history: [], noEffect: [], constraints: [] };
const plan = { thought: 'Fill in the email first.', actions: [{ name: 'input_text', params: { target: 'e7', text: 'alice@example.com' } }] };
const offScreen = { thought: 'Tap the hidden button.', actions: [{ name: 'tap', params: { target: 'e999' } }] };

const served: ServedModel[] = [];
test.afterEach(async () => {
  await Promise.all(served.splice(0).map((model) => model.close()));
});

/** A served model and the role access to it. */
async function serve(
  name: ServedModelName,
  options: ServedModelOptions = {},
  access: Partial<ModelAccess> = {},
): Promise<{ model: ServedModel; access: ModelAccess }> {
  const model = await servedModel(name, options);
  served.push(model);
  return { model, access: { provider: model.provider, ...access } };
}

async function rejection(call: Promise<unknown>): Promise<unknown> {
  const outcome = await call.then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
  if (!outcome) throw new Error('the ask succeeded; a failure was expected');
  return outcome.error;
}

/** What the planner's request must hold for each model's server to take it (it refuses otherwise). */
const SENT: Record<ServedModelName, Record<string, unknown>> = {
  openai: { max_completion_tokens: 400, temperature: 0, response_format: { json_schema: { name: 'plan', strict: true } } },
  'openai-reasoning': { max_completion_tokens: 4096, response_format: { json_schema: { name: 'plan', strict: true } } },
  local: { max_tokens: 400, temperature: 0, response_format: { json_schema: { name: 'plan', strict: false } } },
  'claude-sonnet-4-5': { max_tokens: 400, temperature: 0, tool_choice: { type: 'tool', name: 'plan' } },
  'claude-opus-4-7': { max_tokens: 400, tool_choice: { type: 'tool', name: 'plan' } },
};

for (const name of SERVED_MODEL_NAMES) {
  test(`${name}: the planner's request is accepted and its answer used on the first call`, async () => {
    const { model, access } = await serve(name, { decide: () => ({ json: plan }) });
    expect(await askPlanner(access, input, { screenRefs })).toEqual(plan);
    expect(model.bodies()).toHaveLength(1);
    expect(model.bodies()[0]).toMatchObject(SENT[name]);
    if (name === 'openai-reasoning' || name === 'claude-opus-4-7') expect(model.bodies()[0]).not.toHaveProperty('temperature');
  });
}

test('reasoning_effort set for the planner reaches gpt-5-mini', async () => {
  const { model, access } = await serve('openai-reasoning', { decide: () => ({ json: plan }) }, { roles: { planner: { reasoningEffort: 'minimal' } } });
  await askPlanner(access, input, { screenRefs });
  expect(model.bodies()[0].reasoning_effort).toBe('minimal');
});

const FORMS = {
  'a ```json fence': `Here is my plan:\n\`\`\`json\n${JSON.stringify(plan, null, 2)}\n\`\`\``,
  'prose around it': `I will fill in the email. ${JSON.stringify(plan)} Then the password.`,
  'a <think> block first': `<think>The form is empty; the email comes first.</think>\n${JSON.stringify(plan)}`,
};
// Anthropic is asked by prompt here: a forced tool never comes back as text.
const TEXT_MODELS: Array<[ServedModelName, ServedModelOptions['output']]> = [
  ['openai', undefined],
  ['local', undefined],
  ['claude-sonnet-4-5', 'prompt'],
];

for (const [name, output] of TEXT_MODELS) {
  for (const [form, text] of Object.entries(FORMS)) {
    test(`${name}: JSON in ${form} is used on the first call, and the answer file keeps what the model wrote`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'mobiletest-answers-'));
      const log = await EventLog.open(join(dir, 'events.jsonl'), { testId: 't1' });
      const { model, access } = await serve(name, { output, decide: () => ({ text }) }, { log });
      expect(await askPlanner(access, input, { screenRefs })).toEqual(plan);
      await log.close();
      expect(model.bodies()).toHaveLength(1);
      const calls = (await readEvents(log.path)).events.flatMap((event) => (event.kind === 'llm_call' ? [event] : []));
      expect(calls).toHaveLength(1);
      expect(await readFile(join(dir, calls[0].answer_ref), 'utf8')).toBe(text);
    });
  }
}

for (const name of ['openai', 'claude-sonnet-4-5'] as const) {
  test(`${name}: prose holding a plan with an off-screen ref, then a good one, uses the good one without a re-ask`, async () => {
    const output = name === 'claude-sonnet-4-5' ? 'prompt' : undefined;
    const text = `My first idea: ${JSON.stringify(offScreen)}. On second look: ${JSON.stringify(plan)}`;
    const { model, access } = await serve(name, { output, decide: () => ({ text }) });
    expect(await askPlanner(access, input, { screenRefs })).toEqual(plan);
    expect(model.bodies()).toHaveLength(1);
  });
}

test("an OpenAI refusal fails the planner with ModelRefused in the model's words, after one request", async () => {
  const words = "I'm sorry, but I can't help with logging into accounts.";
  const { model, access } = await serve('openai', { decide: () => ({ refusal: words }) });
  const error = await rejection(askPlanner(access, input, { screenRefs }));
  expect(error).toBeInstanceOf(ModelRefused);
  expect((error as ModelRefused).words).toBe(words);
  expect((error as ModelRefused).message).toBe(`the planner model (gpt-4o) refused: "${words}"`);
  expect(model.bodies()).toHaveLength(1);
});

test("an Anthropic refusal fails the validator with ModelRefused in the model's words, after one request", async () => {
  const words = 'This request appears to involve accessing an account without authorization.';
  const { model, access } = await serve('claude-opus-4-7', { decide: () => ({ refusal: words }) });
  const error = await rejection(askValidator(access, { assertion: 'the user is signed in', screen }, { screenRefs }));
  expect(error).toBeInstanceOf(ModelRefused);
  expect((error as ModelRefused).message).toBe(`the validator model (claude-opus-4-7) refused: "${words}"`);
  expect(model.bodies()).toHaveLength(1);
});

const long = JSON.stringify({ ...plan, thought: 'The form is empty. '.repeat(400) });

for (const [name, first] of [
  ['openai-reasoning', 4096],
  ['claude-sonnet-4-5', 400],
] as const) {
  test(`${name}: an answer cut at the cap is asked again once with twice the cap`, async () => {
    const { model, access } = await serve(name, { decide: inTurn({ truncated: long }, { json: plan }) });
    expect(await askPlanner(access, input, { screenRefs })).toEqual(plan);
    expect(model.bodies().map(capOf)).toEqual([first, first * 2]);
  });

  test(`${name}: an answer cut twice fails with ModelAnswerTruncated naming the setting to raise`, async () => {
    const { model, access } = await serve(name, { decide: () => ({ truncated: long }) });
    const error = await rejection(askPlanner(access, input, { screenRefs }));
    expect(error).toBeInstanceOf(ModelAnswerTruncated);
    const message = (error as Error).message;
    expect(message).toContain(`twice (${first}, then ${first * 2} tokens)`);
    expect(message).toContain(`\`ai.roles.planner.maxTokens: ${first * 4}\` in the config (or MOBILETEST_LLM_PLANNER_MAX_TOKENS=${first * 4})`);
    expect(model.bodies()).toHaveLength(2);
  });
}

test("OpenAI's 400 about temperature, for a model the name rule misses, fails after one request naming role, model and setting", async () => {
  const unsupported = "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.";
  const { model, access } = await serve('openai', { model: 'shop-tests-deployment', decide: () => ({ status: 400, error: unsupported }) });
  const error = await rejection(askPlanner(access, input, { screenRefs }));
  expect(error).toBeInstanceOf(LlmCallFailed);
  expect((error as LlmCallFailed).details.attempts).toBe(1);
  expect((error as Error).message).toContain('shop-tests-deployment does not take temperature: set `ai.roles.planner.temperature: null`');
  expect(model.bodies()).toHaveLength(1);
});

test.describe('a 429/503 storm', () => {
  const storm =
    (status: number, retryAfter: string): ServedModelOptions['decide'] =>
    (_request, n) =>
      n < 5 ? { status, headers: { 'retry-after': retryAfter } } : { json: plan };

  for (const [name, status] of [
    ['openai-reasoning', 429],
    ['claude-opus-4-7', 503],
  ] as const) {
    test(`${name}: within a step's deadline, five ${status}s then an answer: the planner's answer is used after six requests`, async () => {
      const { model, access } = await serve(name, { decide: storm(status, '0') });
      expect(await askPlanner(access, input, { screenRefs, signal: signalWithDeadline(undefined, 60_000) })).toEqual(plan);
      expect(model.bodies()).toHaveLength(6);
    });
  }

  test('a retry-after longer than the time the step has left fails at once, saying so', async () => {
    const { model, access } = await serve('local', { decide: storm(503, '30') });
    const error = await rejection(askPlanner(access, input, { screenRefs, signal: signalWithDeadline(undefined, 10_000) }));
    expect(error).toBeInstanceOf(LlmCallFailed);
    expect((error as Error).message).toMatch(/would wait \d+ ms, past the step's deadline/);
    expect(model.bodies()).toHaveLength(1);
  });

  test('without a deadline, the planner gives up after three attempts', async () => {
    const { model, access } = await serve('claude-sonnet-4-5', { decide: storm(503, '0') });
    const error = await rejection(askPlanner(access, input, { screenRefs }));
    expect((error as LlmCallFailed).details.attempts).toBe(3);
    expect(model.bodies()).toHaveLength(3);
  });
});

test("as Ollama, the planner's schema through the local profile compiles with llama.cpp and the plan is used", async () => {
  test.setTimeout(120_000);
  const { model, access } = await serve('local', { rejectSchema: await ollamaCompiling(plannerAnswerSchema()), decide: () => ({ json: plan }) });
  expect(await askPlanner(access, input, { screenRefs })).toEqual(plan);
  expect(model.bodies()).toHaveLength(1);
});
