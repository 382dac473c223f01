import { expect, test } from '@playwright/test';
import { startSim } from '../../sim/index.js';
import { sharedPhone, type TestRunner } from '../../primitives/exec/testing/phone.js';
import { AgentStepFailed } from '../errors.js';
import { agentOn, type HarnessOptions } from '../testing/agent-harness.js';
import type { ModelTurn, TurnAnswer, Wire } from '../testing/model-server.js';
import { shopPlanner } from '../testing/shop-model.js';

// A planner model that answers badly, slowly or not at all: each bad answer is shown back and asked
// again, a transient HTTP error is retried, and what cannot be fixed ends the step with a clear kind.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));
/** Phrased so no offline rule takes it: the planner model must. */
const LOGIN = 'get past the sign-in form as alice@example.com with password "pass123"';
const SECRET = { secrets: ['pass123'] };
/** Signs in and finishes on the greeting: two planner turns when every answer is good. */
const login = shopPlanner({ doneWhen: { role: 'text', label: /^Hi, Alice$/ } });

async function loginForm(): Promise<TestRunner> {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  return exec;
}

/** The first planner turns get `bad` answers in order; every later one the good Shop planner's. */
function badFirst(bad: Array<(turn: ModelTurn) => TurnAnswer>): (turn: ModelTurn) => TurnAnswer {
  return (turn) => (turn.n < bad.length ? bad[turn.n](turn) : login(turn));
}

async function failure(promise: Promise<unknown>): Promise<AgentStepFailed> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AgentStepFailed);
  return error as AgentStepFailed;
}

const tapOn = (target: string, extra: Record<string, unknown> = {}): TurnAnswer => ({
  json: { thought: 'tap it', actions: [{ name: 'tap', params: { target, ...extra } }] },
});

const REASKED: Array<{ what: string; wire: Wire; answer: (turn: ModelTurn) => TurnAnswer; problem: RegExp }> = [
  { what: 'a ref that is not on the screen (e999)', wire: 'openai', answer: () => tapOn('e999'), problem: /e999/ },
  { what: 'a ref that is not on the screen (e999)', wire: 'anthropic', answer: () => tapOn('e999'), problem: /e999/ },
  {
    what: 'unknown fields',
    wire: 'openai',
    answer: () => ({ json: { thought: 'sign in', confidence: 0.9, actions: [{ name: 'tap', params: { target: 'Log in', force: true } }] } }),
    problem: /confidence|force/,
  },
  { what: 'text that is not JSON', wire: 'anthropic', answer: () => ({ text: 'I would tap the Email field first.' }), problem: /not JSON/ },
  { what: 'text that is not JSON', wire: 'openai', answer: () => ({ text: 'Sure! Tap Email, then type.' }), problem: /not JSON/ },
  {
    what: 'an action outside the set (swipe_left)',
    wire: 'openai',
    answer: () => ({ json: { thought: 'swipe', actions: [{ name: 'swipe_left', params: {} }] } }),
    problem: /swipe_left/,
  },
];

for (const { what, wire, answer, problem } of REASKED) {
  test(`${what} through ${wire} is shown back to the planner once, and the goal completes`, async () => {
    const exec = await loginForm();
    const h = await agentOn(exec, { wire, decide: badFirst([answer]) });
    try {
      const outcome = await h.agent.step(LOGIN, SECRET);
      expect(outcome.path).toBe('model');
      // The bad answer, its re-ask, the turn that finishes on the greeting, and the validator's check of that finish.
      expect(h.server?.requests).toHaveLength(4);
      expect(outcome.llmCalls).toBe(4);
      expect(outcome.verification).toMatchObject({ by: 'validator', held: true });
      const reask = JSON.stringify(h.server?.requests[1].body);
      expect(reask).toContain('That answer cannot be used');
      expect(reask).toMatch(problem);
      expect((await exec.run({ name: 'assert_visible', params: { target: 'Hi, Alice' } })).verdict).toBe('OK');
      // Nothing the bad answer asked for was run: only the good answer's sign-in.
      const ran = (await h.events()).flatMap((e) => (e.kind === 'action_start' && e.source === 'agent' ? [e.primitive] : []));
      expect(ran).toEqual(['input_text', 'input_text', 'tap']);
    } finally {
      await h.close();
    }
  });
}

test('three unusable answers fail the step as ModelFailed, listing each problem', async () => {
  const exec = await loginForm();
  const h = await agentOn(exec, {
    decide: badFirst([() => tapOn('e999'), () => ({ text: 'not json' }), () => ({ json: { thought: 'x', actions: [{ name: 'swipe_left', params: {} }] } })]),
  });
  try {
    const error = await failure(h.agent.step(LOGIN, SECRET));
    expect(error).toMatchObject({ kind: 'ModelFailed', category: 'plan' });
    expect(error.message).toContain('gave no usable answer in 3 attempt(s)');
    expect(error.message).toMatch(/attempt 1: .*e999/);
    expect(error.message).toMatch(/attempt 2: .*not JSON/);
    expect(error.message).toMatch(/attempt 3: .*swipe_left/);
    expect(error.message).not.toContain('pass123');
    expect(h.server?.requests).toHaveLength(3);
    const end = (await h.events()).find((e) => e.kind === 'agent_end');
    expect(end).toMatchObject({ status: 'failed', llm_calls: 3, error: { name: 'ModelFailed', category: 'plan' } });
  } finally {
    await h.close();
  }
});

test('a 429 with retry-after 0 is retried and the goal completes; only answers count as model calls', async () => {
  const exec = await loginForm();
  const limited: TurnAnswer = {
    reply: { status: 429, headers: { 'retry-after': '0' }, body: { error: { message: 'Rate limit reached', type: 'rate_limit' } } },
  };
  const h = await agentOn(exec, { decide: (turn) => (turn.n === 0 ? limited : login(turn)) });
  try {
    const outcome = await h.agent.step(LOGIN, SECRET);
    expect(outcome.path).toBe('model');
    // The 429, two planner turns, and the validator's check of the finish.
    expect(h.server?.requests).toHaveLength(4);
    expect(outcome.llmCalls).toBe(3);
    expect((await h.events()).filter((e) => e.kind === 'llm_call')).toHaveLength(3);
  } finally {
    await h.close();
  }
});

test('a model server that never answers fails the step as ModelFailed (environment) after the timeout, naming it', async () => {
  test.setTimeout(20_000);
  const exec = await loginForm();
  const h = await agentOn(exec, { decide: () => ({ reply: { hang: true } }), retry: { timeoutMs: 300, maxAttempts: 1 } });
  try {
    const error = await failure(h.agent.step(LOGIN, SECRET));
    expect(error).toMatchObject({ kind: 'ModelFailed', category: 'environment' });
    expect(error.message).toContain('no answer within 300 ms');
    expect(error.message).toContain('check that the model server is up and reachable');
    expect(error.message).not.toContain('pass123');
    expect(h.server?.requests).toHaveLength(1);
  } finally {
    await h.close();
  }
});

for (const wire of ['openai', 'anthropic'] as const) {
  test(`a model that refuses through ${wire} ends the step as ModelRefused (refusal) in its own words, asked once`, async () => {
    const exec = await loginForm();
    const words = 'I cannot help with signing in to accounts.';
    const h = await agentOn(exec, { wire, decide: () => ({ refusal: words }) });
    try {
      const error = await failure(h.agent.step(LOGIN, SECRET));
      expect(error).toMatchObject({ kind: 'ModelRefused', category: 'refusal' });
      expect(error.message).toContain(words);
      expect(error.suggestion).toContain('declined');
      expect(h.server?.requests).toHaveLength(1);
      const end = (await h.events()).find((e) => e.kind === 'agent_end');
      expect(end).toMatchObject({ status: 'failed', error: { name: 'ModelRefused', category: 'refusal' } });
    } finally {
      await h.close();
    }
  });
}

test('a budget of two calls stops a five-call goal as BudgetExceeded before a third request is sent', async () => {
  const exec = await loginForm();
  const options: HarnessOptions = { decide: shopPlanner(), budget: { maxCalls: 2 } };
  const h = await agentOn(exec, options);
  try {
    const error = await failure(
      h.agent.step('log in as alice@example.com with password "pass123", search for headphones and add the first result to the cart'),
    );
    expect(error).toMatchObject({ kind: 'BudgetExceeded' });
    expect(error.message).toContain('2 calls used of at most 2');
    expect(h.server?.requests).toHaveLength(2);
  } finally {
    await h.close();
  }
});
