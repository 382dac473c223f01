import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { EventLog, readEvents } from '../../events/index.js';
import { AnthropicProvider, LlmCallFailed, OpenAiProvider, type Provider } from '../../llm/index.js';
import { ScriptedServer, anthropicToolAnswer, openAiCompletion, type RecordedRequest } from '../../llm/testing/scripted-server.js';
import { askDebugger, askLocator, askQuery, askValidator, InvalidModelAnswer, SCHEMA_NAMES, type ModelAccess } from './index.js';

// The Shop cart as the roles read it (refs e20..e26).
const screen = [
  'app com.example.shop/.CartActivity · screen 1080x2400',
  'e20 text "Your cart"',
  'e21 item "Noise Cancelling Headphones $199.99"',
  'e22 text "Subtotal $199.99"',
  'e23 input "Coupon code" #coupon',
  'e24 button "Apply"',
  'e25 button "Checkout"',
  'e26 button "Remove"',
].join('\n');
const screenRefs = new Set(['e20', 'e21', 'e22', 'e23', 'e24', 'e25', 'e26']);

const providers = {
  openai: {
    create: (url: string): Provider =>
      new OpenAiProvider({ model: 'scripted-model', apiKey: 'k-openai-1234', baseUrl: `${url}/v1`, retry: { baseDelayMs: 10, maxAttempts: 1 } }),
    body: (_tool: string, said: unknown): unknown => openAiCompletion(JSON.stringify(said)),
  },
  anthropic: {
    create: (url: string): Provider =>
      new AnthropicProvider({ model: 'scripted-claude', apiKey: 'k-anthropic-1234', baseUrl: url, retry: { baseDelayMs: 10, maxAttempts: 1 } }),
    body: (tool: string, said: unknown): unknown => anthropicToolAnswer(tool, said),
  },
};

let server: ScriptedServer | undefined;
test.afterEach(async () => {
  await server?.close();
  server = undefined;
});

const lastUser = (request: RecordedRequest): string => String((request.body.messages as Array<{ content: string }>).at(-1)?.content);

for (const [kind, wire] of Object.entries(providers)) {
  test.describe(kind, () => {
    async function model(tool: string, answers: unknown[]): Promise<ModelAccess> {
      server = await ScriptedServer.start((_request, n) => ({ body: wire.body(tool, answers[Math.min(n, answers.length - 1)]) }));
      return { provider: wire.create(server.url) };
    }

    test('validator: a verdict citing refs on the screen; a cited ref that is not there is asked about again', async () => {
      const access = await model(SCHEMA_NAMES.validator, [
        { reason: 'The subtotal shows one item.', verdict: 'pass', refs: ['e22', 'e9'] },
        { reason: 'The subtotal shows one item.', verdict: 'pass', refs: ['e21', 'e22'] },
      ]);
      const answer = await askValidator(access, { assertion: 'the cart holds 1 item', screen }, { screenRefs });
      expect(answer).toEqual({ reason: 'The subtotal shows one item.', verdict: 'pass', refs: ['e21', 'e22'] });
      expect(lastUser(server!.requests[1])).toContain('- refs[1]: ref e9 is not on the screen; refs on screen are e20..e26');
      expect(server!.requests[0].body.max_tokens).toBe(200);
    });

    test('validator: a verdict outside pass/fail and a missing field are both named', async () => {
      const access = await model(SCHEMA_NAMES.validator, [
        { verdict: 'maybe', refs: [] },
        { reason: 'r', verdict: 'fail', refs: [] },
      ]);
      const answer = await askValidator(access, { assertion: 'the cart is empty', screen }, { screenRefs });
      expect(answer.verdict).toBe('fail');
      const reask = lastUser(server!.requests[1]);
      expect(reask).toContain('- reason: missing');
      expect(reask).toContain('- verdict: should be one of pass, fail; got string "maybe"');
    });

    test('locator: candidates ranked among those offered; a ref not offered is asked about again', async () => {
      const candidates = [
        { ref: 'e24', label: 'Apply', score: 0.5 },
        { ref: 'e25', label: 'Checkout', score: 0.5 },
      ];
      const access = await model(SCHEMA_NAMES.locator, [
        { candidates: [{ ref: 'e26', confidence: 0.9 }] },
        {
          candidates: [
            { ref: 'e25', confidence: 0.9 },
            { ref: 'e24', confidence: 0.1 },
          ],
        },
      ]);
      const answer = await askLocator(access, { target: 'the button that pays', screen, candidates }, { screenRefs });
      expect(answer.candidates.map((c) => c.ref)).toEqual(['e25', 'e24']);
      expect(lastUser(server!.requests[1])).toContain('- candidates[0].ref: e26 is not one of the candidates (e24, e25)');
    });

    test('debugger: category and decision from their closed sets', async () => {
      const access = await model(SCHEMA_NAMES.debugger, [
        { reason: 'r', category: 'network', decision: 'retry' },
        { reason: 'The Checkout button did nothing twice.', category: 'product', decision: 'stop' },
      ]);
      const failed = {
        call: { name: 'tap' as const, params: { target: 'Checkout' } },
        verdict: 'FAIL' as const,
        report: 'nothing changed',
        failure: 'NoEffect: the screen did not change',
      };
      const answer = await askDebugger(access, { goal: 'check out', failed, window: [], screen }, { screenRefs });
      expect(answer).toEqual({ reason: 'The Checkout button did nothing twice.', category: 'product', decision: 'stop' });
      expect(lastUser(server!.requests[1])).toContain('- category: should be one of environment, execution, locator, plan, product; got string "network"');
    });

    test("query: the answer follows the caller's schema, its refs the screen; three misses end in InvalidModelAnswer", async () => {
      const schema = {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { subtotal: { type: 'number' } },
        required: ['subtotal'],
        additionalProperties: false,
      };
      const access = await model(SCHEMA_NAMES.query, [
        { answer: { subtotal: '$199.99' }, refs: ['e22'] },
        { answer: { subtotal: 199.99 }, refs: ['e22'] },
      ]);
      const answer = await askQuery(access, { question: 'what is the subtotal?', screen, schema }, { screenRefs });
      expect(answer).toEqual({ answer: { subtotal: 199.99 }, refs: ['e22'] });
      expect(lastUser(server!.requests[1])).toContain('- answer.subtotal: should be number, got string "$199.99"');
      expect(server!.requests[0].body.max_tokens).toBe(400);
      await server!.close();

      const stubborn = await model(SCHEMA_NAMES.query, [{ answer: { total: 1 }, refs: ['e22'] }]);
      const error = await askQuery({ ...stubborn, repairs: 1 }, { question: 'what is the subtotal?', screen, schema }, { screenRefs }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(InvalidModelAnswer);
      expect((error as InvalidModelAnswer).problems).toContain('attempt 2: answer.subtotal: missing');
      expect(server!.requests).toHaveLength(2);
    });

    test('a server error is not re-asked: it fails as the provider reported it, and the call is still logged', async () => {
      server = await ScriptedServer.start([{ status: 400, body: { error: { message: 'bad request' } } }]);
      const log = await EventLog.open(join(await mkdtemp(join(tmpdir(), 'mobiletest-roles-')), 'events.jsonl'));
      const error = await askValidator({ provider: wire.create(server.url), log }, { assertion: 'x', screen }, { screenRefs }).catch(
        (caught: unknown) => caught,
      );
      await log.close();
      expect(error).toBeInstanceOf(LlmCallFailed);
      expect(server.requests).toHaveLength(1);
      const calls = (await readEvents(log.path)).events.filter((e) => e.kind === 'llm_call');
      expect(calls).toMatchObject([{ role: 'validator', tokens_in: 0, tokens_out: 0 }]);
    });
  });
}
