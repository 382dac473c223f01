// `npm run bench -- agent`: what an agent step costs on the virtual phone's Shop, with a scripted
// planner answering over real HTTP. The tokens of each model call's whole request as sent (per role,
// with the billed input beside it; the planner prompt's system and screen parts), model calls
// on a first run and on a cached re-run, and the harness's own time per primitive. The phone runs in a
// process of its own, so the clock here counts the agent, the executor and the model client only.
// Each step is measured by agent-measure.ts; the table is printed by agent-table.ts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { AndroidDriver, profileFor, redactText } from '../runner/index.js';
import { agentOn, type HarnessOptions } from '../src/agent/testing/agent-harness.js';
import { refOf, type Decide } from '../src/agent/testing/model-server.js';
import { SHOP_JOURNEY as JOURNEY, shopPlanner } from '../src/agent/testing/shop-model.js';
import {
  BenchFailed,
  IN_CART,
  OFFLINE,
  SIGNED_IN,
  STEP_TIMEOUT_MS,
  freshShop,
  measure,
  readCalls,
  type Bench,
  type CallFigures,
  type LlmCall,
} from './agent-measure.js';
import { RUNS, report, type Figures } from './agent-table.js';
import { startPhoneProcess } from './phone-process.js';

/** A check the rules do not cover and a query, on the cart after the goal: the validator's requests, with its answers scripted. */
const FUZZY = 'the cart holds exactly the headphones the user picked';
const CART = z.object({ items: z.number().int(), product: z.string().optional() });

function withValidator(plan: Decide): Decide {
  return (turn) => {
    const cart = refOf(turn.screen, 'button', /^Cart, 1 item$/);
    if (turn.schema === 'judge')
      return { json: cart ? { reason: 'the cart badge shows 1 item', verdict: 'pass', refs: [cart] } : { reason: 'no cart badge', verdict: 'fail', refs: [] } };
    if (turn.schema === 'query') return { json: { answer: { items: cart ? 1 : 0 }, refs: cart ? [cart] : [] } };
    return plan(turn);
  };
}

/** The goal, then one model-judged check and one query: the validator's request sizes (query runs as the validator). */
async function measureChecks(bench: Bench): Promise<CallFigures[]> {
  const exec = await freshShop(bench, 'checks');
  const h = await agentOn(exec, { decide: withValidator(shopPlanner()) });
  try {
    await h.agent.step(JOURNEY, { timeout: STEP_TIMEOUT_MS });
    await h.agent.expect(FUZZY);
    const { items } = await h.agent.query('how many items the cart holds', CART);
    if (items !== 1) throw new BenchFailed(`the query read ${items} items in the cart, not 1`);
  } finally {
    await h.close();
  }
  const calls = (await exec.events()).filter((e): e is LlmCall => e.kind === 'llm_call' && e.role !== 'planner');
  if (calls.length < 2) throw new BenchFailed(`the check and the query made ${calls.length} model calls, not 2`);
  return (await readCalls(exec, calls)).map(({ figures }) => figures);
}

export async function benchAgent(): Promise<void> {
  const phone = await startPhoneProcess();
  const bench: Bench = {
    dir: await mkdtemp(join(tmpdir(), 'mobiletest-bench-agent-')),
    driver: await AndroidDriver.connect({ port: phone.serverPort }),
    logs: [],
  };
  try {
    await report(await runAll(bench));
  } catch (error) {
    console.error(`\nbench agent FAILED: ${redactText(error instanceof Error ? `${error.name}: ${error.message}` : String(error))}`);
    process.exitCode = 1;
  } finally {
    await Promise.all(bench.logs.map((log) => log.close()));
    await bench.driver.close();
    await phone.stop();
    await rm(bench.dir, { recursive: true, force: true });
  }
}

/** The providers whose requests are weighed: each its wire and profile, against a server that answers and rejects as it does. */
const PROFILES: Array<{ name: string; options: HarnessOptions }> = [
  {
    name: 'OpenAI gpt-4o-mini (strict schema)',
    options: { wire: 'openai', model: 'gpt-4o-mini', profile: profileFor({ provider: 'openai', model: 'gpt-4o-mini' }) },
  },
  { name: 'OpenAI gpt-5-mini (reasoning)', options: { wire: 'openai', model: 'gpt-5-mini', profile: profileFor({ provider: 'openai', model: 'gpt-5-mini' }) } },
  {
    name: 'Anthropic claude-opus-4-7 (tool)',
    options: { wire: 'anthropic', model: 'claude-opus-4-7', profile: profileFor({ provider: 'anthropic', model: 'claude-opus-4-7' }) },
  },
  {
    name: 'Gemini (its schema subset)',
    options: { wire: 'openai', model: 'gemini-2.5-flash', profile: profileFor({ provider: 'gemini', model: 'gemini-2.5-flash' }) },
  },
  {
    name: 'local server (grammar schema)',
    options: { wire: 'openai', model: 'qwen2.5', profile: profileFor({ provider: 'local', model: 'qwen2.5', baseUrl: 'http://localhost:8080/v1' }) },
  },
];

async function runAll(bench: Bench): Promise<Figures> {
  const figures: Figures = { first: [], cached: [], offline: [], profiles: [], checks: [] };
  for (let i = 0; i < RUNS; i++) {
    // Each first run records into a cache of its own; the re-run after it reads that cache only.
    const file = join(await mkdtemp(join(bench.dir, 'cache-')), '__mobiletest__', 'spec.test.ts.cache.json');
    const decide = shopPlanner();
    figures.first.push(
      await measure(await freshShop(bench, `first${i}`), { goal: JOURNEY, options: { decide, cache: { file, mode: 'read-write' } }, done: IN_CART }),
    );
    figures.cached.push(
      await measure(await freshShop(bench, `cached${i}`), { goal: JOURNEY, options: { decide, cache: { file, mode: 'read-only' } }, done: IN_CART }),
    );
    figures.offline.push(await measure(await freshShop(bench, `offline${i}`), { goal: OFFLINE, options: {}, done: SIGNED_IN }));
  }
  figures.checks = await measureChecks(bench);
  for (const [i, { name, options }] of PROFILES.entries()) {
    figures.profiles.push({
      name,
      run: await measure(await freshShop(bench, `profile${i}`), { goal: JOURNEY, options: { ...options, decide: shopPlanner() }, done: IN_CART }),
    });
  }
  return figures;
}
