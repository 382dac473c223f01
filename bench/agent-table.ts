// The table `bench agent` prints: per role the tokens of the whole requests (billed input beside them),
// the planner prompt's parts, model calls on first, cached and offline runs, the harness's overhead per
// primitive and each provider profile's planner requests, each against its target; then the wall time
// split and the verdicts.
import { MODEL_ROLES, redactText } from '../runner/index.js';
import { SHOP_JOURNEY as JOURNEY } from '../src/agent/testing/shop-model.js';
import { BenchFailed, OFFLINE, type CallFigures, type StepFigures } from './agent-measure.js';
import { quantile } from './stats.js';

export const RUNS = 5;
const TARGETS = { plannerRequestMedian: 1500, otherRequestMedian: 800, screenMax: 300, firstCalls: 6, cachedCalls: 0, overheadMs: 10 };
/** The model roles in the table's order; a role the log names beyond them is listed after. */
const ROLES: readonly string[] = MODEL_ROLES;

export interface Figures {
  first: StepFigures[];
  cached: StepFigures[];
  offline: StepFigures[];
  /** One first run per provider profile: what its planner requests weigh as each provider is sent them. */
  profiles: Array<{ name: string; run: StepFigures }>;
  /** The validator's calls for a model-judged check and a query after the goal. */
  checks: CallFigures[];
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

export async function report(f: Figures): Promise<void> {
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
