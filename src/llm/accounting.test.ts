import { test, expect } from '@playwright/test';
import { AccountedProvider, Budget, BudgetExceeded, OpenAiProvider, type ModelRequest } from './index.js';
import { ScriptedServer, openAiCompletion } from './testing/scripted-server.js';

const ask = (role: ModelRequest['role'], maxTokens?: number): ModelRequest => ({ role, messages: [{ role: 'user', content: 'go' }], maxTokens });

let server: ScriptedServer | undefined;
test.afterEach(async () => { await server?.close(); server = undefined; });

async function accounted(budget: Budget, replies: number): Promise<AccountedProvider> {
  server = await ScriptedServer.start(Array.from({ length: replies }, () => ({ body: openAiCompletion('ok', { prompt_tokens: 100, completion_tokens: 20 }) })));
  return new AccountedProvider(new OpenAiProvider({ model: 'm', apiKey: 'k-test', baseUrl: server.url, retry: { baseDelayMs: 10 } }), budget);
}

test('token usage is recorded per role', async () => {
  const budget = new Budget({});
  const model = await accounted(budget, 3);
  await model.complete(ask('planner'));
  await model.complete(ask('planner'));
  await model.complete(ask('validator'));
  expect(budget.ledger.byRole()).toEqual({
    planner: { calls: 2, inputTokens: 200, outputTokens: 40 },
    validator: { calls: 1, inputTokens: 100, outputTokens: 20 },
  });
  expect(budget.ledger.total()).toEqual({ calls: 3, inputTokens: 300, outputTokens: 60 });
});

test('a call over the call budget is refused before it reaches the server', async () => {
  const budget = new Budget({ maxCalls: 2 });
  const model = await accounted(budget, 5);
  await model.complete(ask('planner'));
  await model.complete(ask('planner'));
  const error = await model.complete(ask('planner')).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(BudgetExceeded);
  expect((error as BudgetExceeded).limit).toBe('calls');
  expect(server!.requests).toHaveLength(2);
});

test('a call whose answer could go over the token budget is refused before it is made', async () => {
  const budget = new Budget({ maxTokens: 300 });
  const model = await accounted(budget, 5);
  await model.complete(ask('planner', 100));
  const error = await model.complete(ask('planner', 200)).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(BudgetExceeded);
  expect((error as Error).message).toContain('120 tokens used of at most 300');
  expect(server!.requests).toHaveLength(1);
});
