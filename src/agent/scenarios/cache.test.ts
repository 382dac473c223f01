import { readFile, writeFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { startSim } from '../../sim/index.js';
import { launchShop, sharedPhone, type TestRunner } from '../../primitives/exec/testing/phone.js';
import type { CacheFile, GoalEntry } from '../cache/index.js';
import { agentOn, cacheFileIn } from '../testing/agent-harness.js';
import type { ModelTurn, TurnAnswer } from '../testing/model-server.js';
import { SHOP_JOURNEY, shopPlanner } from '../testing/shop-model.js';

// The plan cache as CI meets it: a green run recorded once replays with no model call, and a cached
// step whose target is gone hands over to the model, which heals the entry.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));

async function freshShop(): Promise<TestRunner> {
  const exec = await phone.session.executor();
  await launchShop(exec);
  return exec;
}

async function cartShowsOne(exec: TestRunner): Promise<void> {
  expect((await exec.run({ name: 'assert_visible', params: { target: 'Cart, 1 item' } })).verdict).toBe('OK');
}

async function readCache(file: string): Promise<{ text: string; entry: GoalEntry; json: CacheFile }> {
  const text = await readFile(file, 'utf8');
  const json = JSON.parse(text) as CacheFile;
  const entries = Object.values(json.entries);
  expect(entries).toHaveLength(1);
  return { text, entry: entries[0] as GoalEntry, json };
}

/** A model that must not be asked: it answers give_up, so a call shows up as a failed step too. */
const unused = (turn: ModelTurn): TurnAnswer => ({
  json: { thought: `not expected: ${turn.schema}`, actions: [{ name: 'give_up', params: { reason: 'the cache should have answered' } }] },
});

/** Records the journey with the Shop planner into a new cache file; its path. */
async function recordJourney(): Promise<string> {
  const file = await cacheFileIn();
  const exec = await freshShop();
  const h = await agentOn(exec, { decide: shopPlanner(), cache: { file, mode: 'read-write' } });
  try {
    const outcome = await h.agent.step(SHOP_JOURNEY);
    expect(outcome).toMatchObject({ path: 'model', cache: 'miss' });
    expect(outcome.llmCalls).toBeGreaterThan(0);
  } finally {
    await h.close();
  }
  return file;
}

test('a recorded journey replays from the cache with no model call, and the file holds semantic targets, no password', async () => {
  const file = await recordJourney();
  const { text, entry } = await readCache(file);
  expect(entry).toMatchObject({ kind: 'step', text: SHOP_JOURNEY.replace('pass123', '•••'), app: 'com.example.shop' });
  expect(entry.steps.length).toBeGreaterThanOrEqual(5);
  const targets = entry.steps.map((s) => (s.call.params as { target?: unknown }).target).filter((t) => t !== undefined);
  expect(targets.length).toBeGreaterThanOrEqual(4);
  expect(JSON.stringify(targets)).not.toMatch(/"e\d+"/);
  // The password is stored masked, in the goal's text and key as in the typed step; replay takes it from the live goal.
  expect(text).not.toContain('pass123');
  expect(entry.steps.some((s) => s.secret !== undefined)).toBe(true);
  // What showed the goal done, kept so a replay checks it without a model.
  expect(entry.verify).toEqual({ kind: 'shows', elements: [{ role: 'button', label: 'Cart, 1 item', states: [] }] });

  const exec = await freshShop();
  const h = await agentOn(exec, { decide: unused, cache: { file, mode: 'read-only' } });
  try {
    const outcome = await h.agent.step(SHOP_JOURNEY);
    expect(outcome).toMatchObject({ path: 'cache', cache: 'hit', llmCalls: 0 });
    expect(outcome.verification).toMatchObject({ by: 'cache', held: true, check: 'button "Cart, 1 item" on the screen' });
    expect(h.server?.requests).toHaveLength(0);
    await cartShowsOne(exec);
    expect((await h.events()).find((e) => e.kind === 'agent_end')).toMatchObject({ status: 'passed', path: 'cache', cache: 'hit', llm_calls: 0 });
  } finally {
    await h.close();
  }
  // Read-only: the file is as it was.
  expect(await readFile(file, 'utf8')).toBe(text);
});

test('a cached step whose target is gone stops the replay there; the model finishes the goal and the entry is rewritten', async () => {
  const file = await recordJourney();
  const { json, entry } = await readCache(file);
  const key = Object.keys(json.entries)[0];
  // The app renamed its "Log in" button: the cached tap on it no longer fits the screen.
  const at = entry.steps.findIndex((s) => JSON.stringify(s.call.params).includes('Log in'));
  expect(at, JSON.stringify(entry.steps)).toBeGreaterThanOrEqual(0);
  const renamed = JSON.parse(JSON.stringify(entry.steps[at].call.params).replaceAll('Log in', 'Sign me in')) as Record<string, unknown>;
  const edited: GoalEntry = { ...entry, steps: entry.steps.map((s, i) => (i === at ? { ...s, call: { ...s.call, params: renamed } as typeof s.call } : s)) };
  await writeFile(file, JSON.stringify({ ...json, entries: { [key]: edited } }, null, 2));

  const exec = await freshShop();
  const turns: ModelTurn[] = [];
  const plan = shopPlanner();
  const h = await agentOn(exec, {
    decide: (turn) => {
      turns.push(turn);
      return plan(turn);
    },
    cache: { file, mode: 'read-write' },
  });
  try {
    const outcome = await h.agent.step(SHOP_JOURNEY);
    expect(outcome).toMatchObject({ path: 'model', cache: 'healed' });
    expect(outcome.llmCalls).toBe(h.server?.requests.length);
    expect(outcome.llmCalls).toBeGreaterThan(0);
    // The model is told why it takes over, and starts from the login form the replay left.
    expect(turns[0].user).toContain(`a cached plan stopped at step ${at + 1}`);
    await cartShowsOne(exec);
    const decisions = (await h.events()).flatMap((e) => (e.kind === 'agent_decision' && e.role === 'cache' ? [e.reason] : []));
    expect(decisions.join('\n')).toContain('the agent takes over from the live screen');
  } finally {
    await h.close();
  }
  const healed = await readCache(file);
  expect(healed.text).not.toContain('Sign me in');
  expect(healed.entry.steps.some((s) => JSON.stringify(s.call.params).includes('Log in'))).toBe(true);
  expect(JSON.stringify(healed.entry.steps)).not.toContain('pass123');
});

test('a replay that runs whole but does not reach what the recording showed fails without a model, saying what is missing', async () => {
  const file = await recordJourney();
  const { json, entry } = await readCache(file);
  const key = Object.keys(json.entries)[0];
  const edited: GoalEntry = { ...entry, verify: { kind: 'shows', elements: [{ role: 'button', label: 'Cart, 2 items', states: [] }] } };
  await writeFile(file, JSON.stringify({ ...json, entries: { [key]: edited } }, null, 2));
  const exec = await freshShop();
  const h = await agentOn(exec, { cache: { file, mode: 'read-only' } });
  try {
    const error = await h.agent.step(SHOP_JOURNEY).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ kind: 'GoalNotVerified' });
    expect((error as Error).message).toContain(
      'a cached plan replayed whole, but button "Cart, 2 items" on the screen does not hold: button "Cart, 2 items" is not on',
    );
    await cartShowsOne(exec);
  } finally {
    await h.close();
  }
});
