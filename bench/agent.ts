// `npm run bench -- agent`: what an agent step costs on the virtual phone's Shop, with a scripted
// planner answering over real HTTP. The tokens of each model call's whole request as sent (per role,
// with the billed input beside it; the planner prompt's system and screen parts), model calls
// on a first run and on a cached re-run, and the harness's own time per primitive. The phone runs in a
// process of its own, so the clock here counts the agent, the executor and the model client only.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { z } from 'zod';
import {
  AndroidDriver,
  DeviceObserver,
  EventLog,
  addDeviceCalls,
  createExecutor,
  llmUsage,
  meteredDriver,
  profileFor,
  readEvents,
  redactText,
  type ActionResult,
  type MobileEvent,
  type PrimitiveCall,
  type PrimitiveRunner,
  type UsageSource,
} from '../runner/index.js';
import { agentOn, type HarnessOptions } from '../src/agent/testing/agent-harness.js';
import { refOf, type Decide } from '../src/agent/testing/model-server.js';
import { SHOP_JOURNEY as JOURNEY, shopPlanner } from '../src/agent/testing/shop-model.js';
import { startPhoneProcess } from './phone-process.js';
import { ownCommandsMs } from './read-budget.js';
import { quantile } from './stats.js';

export const OFFLINE = 'log in with alice@example.com and "pass123"';
const RUNS = 5;
// Exact checks that the goal was reached (a text target alone would also match a near miss like "Cart, 2 items").
export const IN_CART: PrimitiveCall = { name: 'assert_text', params: { target: { id: 'cart_badge' }, equals: '1' } };
export const SIGNED_IN: PrimitiveCall = { name: 'assert_text', params: { target: { id: 'greeting' }, equals: 'Hi, Alice' } };
const STEP_TIMEOUT_MS = 60_000;

const TARGETS = { plannerRequestMedian: 1500, otherRequestMedian: 800, screenMax: 300, firstCalls: 6, cachedCalls: 0, overheadMs: 10 };
const ROLES = ['planner', 'locator', 'validator', 'debugger', 'query'];

/** One model call as its llm_call event and prompt file tell it. */
interface CallFigures {
  role: string;
  /** The whole request as sent (request_tokens); null when the event did not record it. */
  request: number | null;
  /** o200k tokens of the attached prompt file: the messages only, no schema, tools or images. */
  promptOnly: number;
  tokensIn: number;
  source: UsageSource;
}

/** One agent step measured from its own event log. */
interface StepFigures {
  calls: number;
  steps: number;
  path: string;
  cache: string;
  /** Every model call of the step. */
  llm: CallFigures[];
  /** Tokens of each planner prompt file, whole, its system message and its screen part. */
  prompts: Array<{ total: number; system: number; screen: number }>;
  wallMs: number;
  modelMs: number;
  actionMs: number;
  /** Device time the agent spends reading the screen between its actions (counted in overheadMs, shown apart). */
  lookMs: number;
  /** Hierarchy reads during the step: its primitives' and the agent's own between them. */
  reads: number;
  /** Time inside device calls: the primitives' and the agent's own reads between them. */
  deviceMs: number;
  /** What the step cannot do without: per primitive one read and its own commands, plus the model's time. */
  floorMs: number;
  /**
   * Harness time per primitive: the step's wall time (around `agent.step`) minus the time inside model
   * HTTP calls (llm_call duration_ms) minus the executor's own timings of the step's child actions
   * (action_end timings.total_ms, which hold the device calls, polling waits and the executor's
   * overhead already measured by `npm run bench -- primitives`), divided by the primitives run. What
   * is left is the agent's work: planning glue, screen reads between actions, cache, events, checks.
   */
  overheadMs: number;
}

class BenchFailed extends Error {
  override name = 'BenchFailed';
}

/** The executor and its log, in the shape the agent harness takes (a test's TestRunner). */
export class BenchRunner {
  constructor(
    readonly runner: PrimitiveRunner,
    readonly log: EventLog,
    readonly observer: TimedObserver,
  ) {}

  run(call: PrimitiveCall): Promise<ActionResult> {
    return this.runner.run(call);
  }

  async ok(call: PrimitiveCall): Promise<ActionResult> {
    const result = await this.runner.run(call);
    if (result.verdict !== 'OK') throw new BenchFailed(`${call.name} answered ${result.verdict}: ${result.failure?.name}: ${result.failure?.message}`);
    return result;
  }

  async events(): Promise<MobileEvent[]> {
    await this.log.flush();
    return (await readEvents(this.log.path)).events;
  }

  async eventsOf(actionId: string): Promise<MobileEvent[]> {
    return (await this.events()).filter((e) => 'action_id' in e && e.action_id === actionId);
  }
}

/** The observer, timing each screen read so the agent's own reads (outside any action) can be shown apart. */
class TimedObserver extends DeviceObserver {
  readonly looks: Array<{ at: number; ms: number }> = [];

  override async look(...args: Parameters<DeviceObserver['look']>): ReturnType<DeviceObserver['look']> {
    const at = Date.now();
    const start = performance.now();
    try {
      return await super.look(...args);
    } finally {
      this.looks.push({ at, ms: performance.now() - start });
    }
  }
}

export interface Bench {
  dir: string;
  driver: AndroidDriver;
  logs: EventLog[];
}

/** A fresh executor and log for one run, Shop relaunched with its state cleared (not measured). */
export async function freshShop(bench: Bench, name: string): Promise<BenchRunner> {
  const log = await EventLog.open(join(await mkdtemp(join(bench.dir, `${name}-`)), 'events.jsonl'), { testId: name });
  bench.logs.push(log);
  const observer = new TimedObserver(meteredDriver(bench.driver), { screenshots: false });
  const exec = new BenchRunner(createExecutor({ driver: bench.driver, observer, log, app: 'com.example.shop' }), log, observer);
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  return exec;
}

/** Runs one agent step and reads its figures from the log; `done` checks the goal was reached. */
export async function measure(
  exec: BenchRunner,
  goal: string,
  options: HarnessOptions,
  done: PrimitiveCall,
  timeoutMs = STEP_TIMEOUT_MS,
): Promise<StepFigures> {
  const h = await agentOn(exec, options);
  let outcome: Awaited<ReturnType<typeof h.agent.step>>;
  let wallMs: number;
  const looksBefore = exec.observer.looks.length;
  let reads: number;
  try {
    const start = performance.now();
    outcome = await h.agent.step(goal, { timeout: timeoutMs });
    wallMs = performance.now() - start;
    reads = exec.observer.looks.length - looksBefore;
  } finally {
    await h.close();
  }
  const check = await exec.run(done);
  if (check.verdict !== 'OK')
    throw new BenchFailed(`after "${redactText(goal)}", ${done.name} ${JSON.stringify(done.params)} answered ${check.verdict}: ${check.failure?.message}`);
  const events = await exec.events();
  const agentId = events.find((e) => e.kind === 'agent_start')?.action_id;
  if (!agentId) throw new BenchFailed('the step logged no agent_start');
  const children = new Set(events.flatMap((e) => (e.kind === 'action_start' && e.parent_action_id === agentId ? [e.action_id] : [])));
  const actionMs = events.reduce((sum, e) => sum + (e.kind === 'action_end' && children.has(e.action_id) ? e.timings.total_ms : 0), 0);
  const windows = events.flatMap((e) =>
    e.kind === 'action_start' && children.has(e.action_id)
      ? [{ from: e.ts, to: events.find((end) => end.kind === 'action_end' && end.action_id === e.action_id)?.ts ?? Infinity }]
      : [],
  );
  const lookMs = exec.observer.looks
    .slice(looksBefore)
    .filter((l) => !windows.some((w) => l.at >= w.from && l.at <= w.to))
    .reduce((sum, l) => sum + l.ms, 0);
  const calls = events.filter((e) => e.kind === 'llm_call');
  const modelMs = calls.reduce((sum, e) => sum + e.duration_ms, 0);
  const read = await readCalls(exec, calls);
  const llm = read.map(({ figures }) => figures);
  const prompts = read.filter(({ event }) => event.role === 'planner').map(({ prompt }) => prompt);
  const steps = Math.max(1, outcome.steps);
  const ends = events.flatMap((e) => (e.kind === 'action_end' && children.has(e.action_id) ? [e.timings] : []));
  const looks = exec.observer.looks.slice(looksBefore);
  const readMs = looks.length > 0 ? looks.reduce((sum, l) => sum + l.ms, 0) / looks.length : 0;
  const deviceMs = ends.reduce((sum, t) => sum + t.device_ms, 0) + lookMs;
  const floorMs = outcome.steps * readMs + ownCommandsMs(addDeviceCalls(ends.map((t) => t.device_calls))) + modelMs;
  return {
    calls: outcome.llmCalls,
    steps: outcome.steps,
    path: outcome.path,
    cache: outcome.cache,
    llm,
    prompts,
    wallMs,
    modelMs,
    actionMs,
    lookMs,
    reads,
    deviceMs,
    floorMs,
    overheadMs: (wallMs - modelMs - actionMs) / steps,
  };
}

type LlmCall = Extract<MobileEvent, { kind: 'llm_call' }>;

/** Each model call's figures: its whole request and billed input from the event, its prompt file's tokens. */
async function readCalls(
  exec: BenchRunner,
  calls: LlmCall[],
): Promise<Array<{ event: LlmCall; prompt: ReturnType<typeof promptTokens>; figures: CallFigures }>> {
  return Promise.all(
    calls.map(async (event) => {
      const prompt = promptTokens(await readFile(join(dirname(exec.log.path), event.prompt_ref), 'utf8'));
      const usage = llmUsage(event);
      const figures: CallFigures = {
        role: event.role,
        request: usage.request_recorded ? usage.request_tokens : null,
        promptOnly: prompt.total,
        tokensIn: usage.tokens_in,
        source: usage.usage_source,
      };
      return { event, prompt, figures };
    }),
  );
}

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

/** Tokens (o200k) of an attached prompt, of its system message, and of its screen: the text after the last "Screen:" up to the next message. */
function promptTokens(prompt: string): { total: number; system: number; screen: number } {
  const system = /^--- system\n([\s\S]*?)\n--- /.exec(prompt)?.[1] ?? '';
  const at = prompt.lastIndexOf('Screen:\n');
  const rest = at < 0 ? '' : prompt.slice(at + 'Screen:\n'.length);
  const end = rest.indexOf('\n--- ');
  return { total: countTokens(prompt), system: countTokens(system), screen: countTokens(end < 0 ? rest : rest.slice(0, end)) };
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

interface Figures {
  first: StepFigures[];
  cached: StepFigures[];
  offline: StepFigures[];
  /** One first run per provider profile: what its planner requests weigh as each provider is sent them. */
  profiles: Array<{ name: string; run: StepFigures }>;
  /** The validator's calls for a model-judged check and a query after the goal. */
  checks: CallFigures[];
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
    figures.first.push(await measure(await freshShop(bench, `first${i}`), JOURNEY, { decide, cache: { file, mode: 'read-write' } }, IN_CART));
    figures.cached.push(await measure(await freshShop(bench, `cached${i}`), JOURNEY, { decide, cache: { file, mode: 'read-only' } }, IN_CART));
    figures.offline.push(await measure(await freshShop(bench, `offline${i}`), OFFLINE, {}, SIGNED_IN));
  }
  figures.checks = await measureChecks(bench);
  for (const [i, { name, options }] of PROFILES.entries()) {
    figures.profiles.push({ name, run: await measure(await freshShop(bench, `profile${i}`), JOURNEY, { ...options, decide: shopPlanner() }, IN_CART) });
  }
  return figures;
}

function median(values: number[]): number {
  return quantile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}

function most(values: number[]): number {
  return Math.max(...values);
}

type Verdict = 'met' | 'MISSED' | 'NOT MEASURED';
type Row = [name: string, value: string, target: string, verdict: Verdict];

const judged = (met: boolean): Verdict => (met ? 'met' : 'MISSED');

/**
 * Per role, the median and max tokens of the whole requests, the billed input beside them. Calls whose
 * event has no request_tokens are shown apart as their prompt file only, which leaves out the schema,
 * tools and images, so those rows are never judged against a request target.
 */
function roleRows(calls: CallFigures[]): Row[] {
  const rows: Row[] = [];
  const roles = [...ROLES, ...new Set(calls.map((c) => c.role).filter((role) => !ROLES.includes(role)))];
  for (const role of roles) {
    const mine = calls.filter((c) => c.role === role);
    if (mine.length === 0) continue;
    const limit = role === 'planner' ? TARGETS.plannerRequestMedian : TARGETS.otherRequestMedian;
    const recorded = mine.filter((c) => c.request !== null);
    const unrecorded = mine.filter((c) => c.request === null);
    const billed = (some: CallFigures[]): string => {
      const sources = new Set(some.map((c) => c.source));
      return `billed in ${median(some.map((c) => c.tokensIn))} (${sources.size > 1 ? 'partly counted' : [...sources][0]})`;
    };
    if (recorded.length > 0) {
      const requests = recorded.map((c) => c.request ?? 0);
      rows.push(
        [`${role} request tokens, median`, `${median(requests)}, ${billed(recorded)}`, `<= ${limit}`, judged(median(requests) <= limit)],
        [`${role} request tokens, max`, String(most(requests)), '', 'met'],
      );
    }
    if (unrecorded.length > 0) {
      const prompts = unrecorded.map((c) => c.promptOnly);
      rows.push(
        [`${role} prompt only (request not recorded), median`, `${median(prompts)}, ${billed(unrecorded)}`, `request <= ${limit}`, 'NOT MEASURED'],
        [`${role} prompt only (request not recorded), max`, String(most(prompts)), '', 'met'],
      );
    }
  }
  return rows;
}

/** A provider profile's planner requests on one first run, as that provider is sent them and bills them. */
function profileRows(name: string, run: StepFigures): Row[] {
  const planner = run.llm.filter((c) => c.role === 'planner' && c.request !== null);
  if (planner.length === 0)
    return [[`${name}: planner request tokens, median`, 'no planner call recorded', `<= ${TARGETS.plannerRequestMedian}`, 'NOT MEASURED']];
  const requests = planner.map((c) => c.request ?? 0);
  const value = `${median(requests)} (max ${most(requests)}), billed in ${median(planner.map((c) => c.tokensIn))} (${planner[0].source}), ${run.calls} calls`;
  return [[`${name}: planner request tokens, median`, value, `<= ${TARGETS.plannerRequestMedian}`, judged(median(requests) <= TARGETS.plannerRequestMedian)]];
}

async function report(f: Figures): Promise<void> {
  const prompts = f.first.flatMap((r) => r.prompts);
  if (prompts.length === 0) throw new BenchFailed('no planner prompt was logged on a first run');
  const calls = [...f.first.flatMap((r) => r.llm), ...f.checks];
  const screens = prompts.map((p) => p.screen);
  const firstCalls = f.first.map((r) => r.calls);
  const cachedCalls = f.cached.map((r) => r.calls);
  const offlineCalls = f.offline.map((r) => r.calls);
  const over = (runs: StepFigures[]) => median(runs.map((r) => r.overheadMs));
  const rows: Row[] = [
    ...roleRows(calls),
    ['  planner prompt file (messages), median', String(median(prompts.map((p) => p.total))), '', 'met'],
    ['  of which system message, median', String(median(prompts.map((p) => p.system))), '', 'met'],
    ['  of which screen, median', String(median(screens)), '', 'met'],
    ['  of which screen, max', String(most(screens)), `<= ${TARGETS.screenMax}`, judged(most(screens) <= TARGETS.screenMax)],
    [
      'model calls, first run (max)',
      `${most(firstCalls)} (runs: ${firstCalls.join(' ')})`,
      `<= ${TARGETS.firstCalls}`,
      judged(most(firstCalls) <= TARGETS.firstCalls),
    ],
    [
      'model calls, cached re-run (max)',
      `${most(cachedCalls)} (${f.cached.map((r) => `${r.path}/${r.cache}`)[0]})`,
      `= ${TARGETS.cachedCalls}`,
      judged(most(cachedCalls) === TARGETS.cachedCalls),
    ],
    ['model calls, offline rules (max)', String(most(offlineCalls)), '= 0', judged(most(offlineCalls) === 0)],
    ['overhead/primitive, first run', `${over(f.first).toFixed(1)} ms`, `<= ${TARGETS.overheadMs} ms`, judged(over(f.first) <= TARGETS.overheadMs)],
    ['overhead/primitive, cached run', `${over(f.cached).toFixed(1)} ms`, `<= ${TARGETS.overheadMs} ms`, judged(over(f.cached) <= TARGETS.overheadMs)],
    ['overhead/primitive, offline rules', `${over(f.offline).toFixed(1)} ms`, `<= ${TARGETS.overheadMs} ms`, judged(over(f.offline) <= TARGETS.overheadMs)],
    ...f.profiles.flatMap(({ name, run }) => profileRows(name, run)),
  ];
  const silent = ROLES.filter((role) => !calls.some((c) => c.role === role));
  console.log(`\nAgent step on the virtual phone's Shop (phone in its own process, scripted planner over HTTP), ${RUNS} runs each:`);
  // The goals' password was registered as a secret by the agent: it is masked here as everywhere.
  console.log(`goal: ${redactText(JOURNEY)}`);
  console.log(`offline goal: ${redactText(OFFLINE)}`);
  console.log(`${planner(prompts.length, f.first)}`);
  console.log(
    'request tokens: o200k tokens of the whole request as sent (messages, schema or tools, images), from the llm_call events; billed in: tokens_in as the provider reported it (provider) or mobiletest counted it (counted)',
  );
  if (silent.length > 0) console.log(`no model calls on first runs: ${silent.join(', ')}`);
  console.log(`\n${'figure'.padEnd(66)} ${'value'.padEnd(44)} target`);
  for (const [name, value, target] of rows) console.log(`${name.padEnd(66)} ${value.padEnd(44)} ${target}`);
  console.log('\nwall time per step, median: model calls / child actions / agent (of which its screen reads between actions, device time)');
  for (const [name, runs] of [
    ['first run', f.first],
    ['cached run', f.cached],
    ['offline rules', f.offline],
  ] as const) {
    console.log(
      `  ${name.padEnd(14)} ${ms(median(runs.map((r) => r.wallMs)))} = ${ms(median(runs.map((r) => r.modelMs)))} / ${ms(median(runs.map((r) => r.actionMs)))} / ${ms(median(runs.map((r) => r.wallMs - r.modelMs - r.actionMs)))} (${ms(median(runs.map((r) => r.lookMs))).trim()}), ${median(runs.map((r) => r.steps))} primitives; without those reads ${median(runs.map((r) => (r.wallMs - r.modelMs - r.actionMs - r.lookMs) / Math.max(1, r.steps))).toFixed(1)} ms/primitive`,
    );
  }
  console.log('\nverdicts:');
  for (const [name, value, target, verdict] of rows) if (target) console.log(`  ${verdict.padEnd(12)} ${name.trim()}: ${value} (target ${target})`);
}

function planner(count: number, first: StepFigures[]): string {
  return `${count} planner calls over ${first.length} first runs; paths: first ${first.map((r) => r.path)[0]}, ${median(first.map((r) => r.steps))} primitives per run`;
}

function ms(value: number): string {
  return `${value.toFixed(0)} ms`.padStart(8);
}
