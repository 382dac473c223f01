import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { startSim } from '../../sim/index.js';
import { sharedPhone, signIn, type TestRunner } from '../../primitives/exec/testing/phone.js';
import { AgentStepFailed } from '../errors.js';
import { agentOn, cacheFileIn } from '../testing/agent-harness.js';
import { refOf, type ModelTurn, type TurnAnswer } from '../testing/model-server.js';

// ai.expect, ai.waitFor and ai.query on the signed-in Shop: rules where they can say, the validator
// and query models where they cannot, answers checked against the screen, and cached verdicts free.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));
let exec: TestRunner;

test.beforeAll(async () => {
  exec = await phone.session.executor();
  await signIn(exec);
});

async function failure(promise: Promise<unknown>): Promise<AgentStepFailed> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AgentStepFailed);
  return error as AgentStepFailed;
}

const judge = (verdict: 'pass' | 'fail', refs: string[], reason: string): TurnAnswer => ({ json: { verdict, refs, reason } });
/** A validator that passes citing the greeting, when it is on the screen it is shown. */
const greetingJudge = (turn: ModelTurn): TurnAnswer => {
  const greeting = refOf(turn.screen, 'text', /^Hi, Alice$/);
  return greeting ? judge('pass', [greeting], 'the greeting names Alice') : judge('fail', [], 'no greeting');
};
const GREETED = 'the home page greets the signed-in user by first name';

test('a rules check passes without a model, and a failing one is the product’s, saying what the screen showed', async () => {
  const h = await agentOn(exec);
  try {
    const outcome = await h.agent.expect('the screen shows Hi, Alice');
    expect(outcome).toMatchObject({ path: 'rules', llmCalls: 0 });
    expect(outcome.refs).toHaveLength(1);
    const error = await failure(h.agent.expect('the screen shows Welcome back', { timeout: 300 }));
    expect(error).toMatchObject({ kind: 'ExpectationNotMet', category: 'product' });
    expect(error.message).toContain('"Welcome back"');
    expect(error.message).toMatch(/The screen showed com\.example\.shop\/\.MainActivity showing "Shop", .*\.$/);
    // The failed assertion's own evidence comes with it, and the suggestion says whose call it is.
    expect(error.evidence).toContainEqual(expect.stringMatching(/^error: AssertionFailed during assert_\w+ "Welcome back"$/));
    expect(error.suggestion).toContain('if the app is right, reword the assertion; otherwise this is a defect in the app');
  } finally {
    await h.close();
  }
});

test('a fuzzy expectation is judged by the validator, citing the refs it rests on', async () => {
  const h = await agentOn(exec, { decide: greetingJudge });
  try {
    const outcome = await h.agent.expect(GREETED);
    expect(outcome).toMatchObject({ path: 'model', llmCalls: 1 });
    const { observation } = await phone.session.observer.look();
    const cited = observation.screen.elements.find((e) => e.ref === outcome.refs[0]);
    expect(cited?.label).toBe('Hi, Alice');
    expect(h.server?.requests[0].body.response_format).toMatchObject({ json_schema: { name: 'judge' } });
  } finally {
    await h.close();
  }
});

test('a verdict citing a ref that is not on the screen is asked again', async () => {
  const h = await agentOn(exec, { decide: (turn) => (turn.n === 0 ? judge('pass', ['e999'], 'I am sure') : greetingJudge(turn)) });
  try {
    const outcome = await h.agent.expect(GREETED);
    expect(outcome.llmCalls).toBe(2);
    expect(JSON.stringify(h.server?.requests[1].body)).toContain('e999');
    expect(outcome.refs).not.toContain('e999');
  } finally {
    await h.close();
  }
});

test('a fuzzy expectation offline fails as NeedsModel, saying how to set a model', async () => {
  const h = await agentOn(exec);
  try {
    const error = await failure(h.agent.expect(GREETED));
    expect(error).toMatchObject({ kind: 'NeedsModel', category: 'plan' });
    expect(error.message).toContain('MOBILETEST_LLM_PROVIDER');
  } finally {
    await h.close();
  }
});

test('a verdict recorded in the cache answers again on the same screen with no model call', async () => {
  const file = await cacheFileIn();
  const first = await agentOn(exec, { decide: greetingJudge, cache: { file, mode: 'read-write' } });
  try {
    expect(await first.agent.expect(GREETED)).toMatchObject({ path: 'model', llmCalls: 1 });
  } finally {
    await first.close();
  }
  const again = await agentOn(exec, { decide: greetingJudge, cache: { file, mode: 'read-only' } });
  try {
    const outcome = await again.agent.expect(GREETED);
    expect(outcome).toMatchObject({ path: 'cache', cache: 'hit', llmCalls: 0 });
    expect(again.server?.requests).toHaveLength(0);
  } finally {
    await again.close();
  }
});

const CART = z.object({ items: z.number().int().min(0) });

test('ai.query reads typed data off the screen; an answer outside the schema is asked again', async () => {
  const answer = (value: unknown, turn: ModelTurn): TurnAnswer => ({ json: { answer: value, refs: [refOf(turn.screen, 'button', /^Cart/)] } });
  const h = await agentOn(exec, { decide: (turn) => answer(turn.n === 0 ? { items: 'none' } : { items: 0 }, turn) });
  try {
    const value = await h.agent.query('how many items are in the cart?', CART);
    expect(value).toEqual({ items: 0 });
    expect(h.server?.requests).toHaveLength(2);
    expect(JSON.stringify(h.server?.requests[1].body)).toContain('items');
  } finally {
    await h.close();
  }
});

test('ai.query whose answers never fit the schema fails as ModelFailed with the problems', async () => {
  const h = await agentOn(exec, { decide: () => ({ json: { answer: { items: -1 }, refs: [] } }) });
  try {
    const error = await failure(h.agent.query('how many items are in the cart?', CART));
    expect(error).toMatchObject({ kind: 'ModelFailed', category: 'plan' });
    expect(error.message).toMatch(/attempt 3: .*items/);
    expect(h.server?.requests).toHaveLength(3);
  } finally {
    await h.close();
  }
});

test('ai.waitFor asks the validator again when the screen changes, until the slow search results load', async () => {
  await exec.ok({ name: 'tap', params: { target: 'Search', expected: { visible: 'Search products' } } });
  await exec.ok({ name: 'input_text', params: { target: 'Search products', text: 'headphones' } });
  // Submitted by a raw key press, which (unlike the executor) does not wait for the spinner to go.
  await phone.session.driver.key('enter');
  const screens: string[] = [];
  const h = await agentOn(exec, {
    decide: (turn) => {
      screens.push(turn.screen);
      const results = refOf(turn.screen, 'text', /results for/);
      return results ? judge('pass', [results], 'results are listed') : judge('fail', [], 'still searching');
    },
  });
  try {
    const outcome = await h.agent.waitFor('the search results have loaded', { timeout: 8000 });
    expect(outcome.path).toBe('model');
    expect(outcome.llmCalls).toBeGreaterThanOrEqual(2);
    expect(outcome.llmCalls).toBe(screens.length);
    // Asked while searching and once the results showed; the polls in between, on an unchanged screen, cost nothing.
    expect(screens[0]).not.toContain('results for');
    expect(screens.at(-1)).toContain('results for');
    expect(outcome.llmCalls).toBeLessThanOrEqual(3);
  } finally {
    await h.close();
  }
});

test('ai.waitFor that never comes true fails as WaitTimedOut', async () => {
  const h = await agentOn(exec);
  try {
    const error = await failure(h.agent.waitFor('the screen shows Order confirmed', { timeout: 800 }));
    expect(error).toMatchObject({ kind: 'WaitTimedOut', category: 'product' });
    expect(error.message).toContain('"Order confirmed"');
  } finally {
    await h.close();
  }
});
