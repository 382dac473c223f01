// One agent step on the virtual phone's Shop, measured from its own event log: the tokens of each model
// call's whole request as sent (with the billed input beside it; the planner prompt's system and screen
// parts), its model calls, primitives and screen reads, and the harness's own time per primitive.
// `bench agent` and its read budget (agent-reads.ts) run their goals through it.
import { mkdtemp, readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import {
  type AndroidDriver,
  DeviceObserver,
  EventLog,
  addDeviceCalls,
  createExecutor,
  llmUsage,
  meteredDriver,
  readEvents,
  redactText,
  type ActionResult,
  type MobileEvent,
  type PrimitiveCall,
  type PrimitiveRunner,
  type UsageSource,
} from '../runner/index.js';
import { agentOn, type HarnessOptions } from '../src/agent/testing/agent-harness.js';
import { ownCommandsMs } from './read-budget.js';

export const OFFLINE = 'log in with alice@example.com and "pass123"';
// Exact checks that the goal was reached (a text target alone would also match a near miss like "Cart, 2 items").
export const IN_CART: PrimitiveCall = { name: 'assert_text', params: { target: { id: 'cart_badge' }, equals: '1' } };
export const SIGNED_IN: PrimitiveCall = { name: 'assert_text', params: { target: { id: 'greeting' }, equals: 'Hi, Alice' } };
export const STEP_TIMEOUT_MS = 60_000;

/** One model call as its llm_call event and prompt file tell it. */
export interface CallFigures {
  role: string;
  /** The whole request as sent (request_tokens); null when the event did not record it. */
  request: number | null;
  /** o200k tokens of the attached prompt file: the messages only, no schema, tools or images. */
  promptOnly: number;
  tokensIn: number;
  source: UsageSource;
}

/** One agent step measured from its own event log. */
export interface StepFigures {
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

export class BenchFailed extends Error {
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

/** One agent step to measure: its goal, the harness it runs in, and the check that it was reached. */
export interface MeasuredStep {
  goal: string;
  options: HarnessOptions;
  /** Checks the goal was reached (a text target alone would also match a near miss). */
  done: PrimitiveCall;
  timeoutMs?: number;
}

/** Runs one agent step and reads its figures from the log; `done` checks the goal was reached. */
export async function measure(exec: BenchRunner, { goal, options, done, timeoutMs = STEP_TIMEOUT_MS }: MeasuredStep): Promise<StepFigures> {
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

export type LlmCall = Extract<MobileEvent, { kind: 'llm_call' }>;

/** Each model call's figures: its whole request and billed input from the event, its prompt file's tokens. */
export async function readCalls(
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

/** Tokens (o200k) of an attached prompt, of its system message, and of its screen: the text after the last "Screen:" up to the next message. */
function promptTokens(prompt: string): { total: number; system: number; screen: number } {
  const system = /^--- system\n([\s\S]*?)\n--- /.exec(prompt)?.[1] ?? '';
  const at = prompt.lastIndexOf('Screen:\n');
  const rest = at < 0 ? '' : prompt.slice(at + 'Screen:\n'.length);
  const end = rest.indexOf('\n--- ');
  return { total: countTokens(prompt), system: countTokens(system), screen: countTokens(end < 0 ? rest : rest.slice(0, end)) };
}
