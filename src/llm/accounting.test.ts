import { test, expect } from '@playwright/test';
import { AccountedProvider, Budget, BudgetExceeded, OpenAiProvider, TokenLedger, type ModelRequest } from './index.js';
import { ScriptedServer, openAiCompletion } from './testing/scripted-server.js';

const ask = (role: ModelRequest['role'], maxTokens?: number): ModelRequest => ({ role, messages: [{ role: 'user', content: 'go' }], maxTokens });

let server: ScriptedServer | undefined;
test.afterEach(async () => {
  await server?.close();
  server = undefined;
});

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
    planner: { calls: 2, inputTokens: 200, outputTokens: 40, costUsd: 0 },
    validator: { calls: 1, inputTokens: 100, outputTokens: 20, costUsd: 0 },
  });
  expect(budget.ledger.total()).toEqual({ calls: 3, inputTokens: 300, outputTokens: 60, costUsd: 0 });
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

test('with prices, each answer carries its cost and the ledger sums it per role', async () => {
  const budget = new Budget({}, new TokenLedger({ inputPerMillion: 2.5, outputPerMillion: 10 }));
  const model = await accounted(budget, 2);
  const answer = await model.complete(ask('planner'));
  await model.complete(ask('locator'));
  // 100 in at $2.50/M + 20 out at $10/M = $0.00045 per call.
  expect(answer.costUsd).toBeCloseTo(0.00045, 10);
  expect(budget.ledger.forRole('locator').costUsd).toBeCloseTo(0.00045, 10);
  expect(budget.ledger.total().costUsd).toBeCloseTo(0.0009, 10);
});

test('a spent money budget refuses the next call', async () => {
  const budget = new Budget({ maxCostUsd: 0.0005 }, new TokenLedger({ inputPerMillion: 2.5, outputPerMillion: 10 }));
  const model = await accounted(budget, 3);
  await model.complete(ask('planner'));
  await model.complete(ask('planner'));
  const error = await model.complete(ask('planner')).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(BudgetExceeded);
  expect((error as BudgetExceeded).limit).toBe('cost');
  expect((error as Error).message).toContain('$0.0009 spent of at most $0.0005');
  expect(server!.requests).toHaveLength(2);
});
