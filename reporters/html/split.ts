// A test's trace split for the viewer: a light index of its steps (what the timeline and the failure
// summary need) loaded when the test opens, and the heavy details (screens, candidates, prompts,
// decisions) in chunks of consecutive steps loaded when a step is opened or scrolled near.
import {
  allSteps,
  type Trace,
  type TraceDecision,
  type TraceLlmCall,
  type TraceRecovery,
  type TraceScreen,
  type TraceStep,
  type TraceVerification,
} from './trace-model.js';

/** Steps per detail chunk: a chunk of a long test stays a few hundred KB, one script to load. */
export const CHUNK_STEPS = 50;

/** What only a step's detail shows: out of the index, which a long test loads whole. */
type DetailKeys = 'id' | 'source' | 'start_ms' | 'timings' | 'gesture' | 'before' | 'after' | 'candidates' | 'situation' | 'params';

export interface StepSummary extends Omit<TraceStep, DetailKeys | 'agent' | 'children' | 'recovery'> {
  /** Only on a recovery: with the places among the steps (depth first) of the step that failed and of the step run again after it. */
  recovery?: TraceRecovery & { failed_at: number | null; retried_at: number | null };
  /** Whether the step has a screenshot of its own (the failure summary shows the test's only when not). */
  shots: boolean;
  agent: (Omit<NonNullable<TraceStep['agent']>, 'decisions' | 'llm' | 'verification'> & { llm_calls: number }) | null;
  children: StepSummary[];
}

export interface StepDetail extends Pick<TraceStep, DetailKeys> {
  before: TraceScreen | null;
  after: TraceScreen | null;
  decisions: TraceDecision[];
  llm: TraceLlmCall[];
  /** With the screen it was read on. */
  verification: TraceVerification | null;
}

/** One device's lane of the timeline: its serial and its top-level steps placed in time. */
export interface TraceLane {
  role: string;
  serial: string;
  spans: Array<{ at: number; start_ms: number; duration_ms: number; status: string; kind: TraceStep['kind']; name: string; label: string | null }>;
}

export interface TraceIndex extends Omit<Trace, 'steps'> {
  steps: StepSummary[];
  /** Only in a test that drives several devices: one lane per device, and the time they span. */
  lanes?: { total_ms: number; devices: TraceLane[] };
  /** Every step, depth first, is detailed in chunk floor(i / chunk_steps). */
  chunk_steps: number;
  chunks: number;
}

export function splitTrace(trace: Trace, chunkSteps = CHUNK_STEPS): { index: TraceIndex; chunks: StepDetail[][] } {
  const every = allSteps(trace.steps);
  const details = every.map(detailOf);
  const chunks: StepDetail[][] = [];
  for (let i = 0; i < details.length; i += chunkSteps) chunks.push(details.slice(i, i + chunkSteps));
  const at = new Map(every.map((step, i) => [step.id, i]));
  const index: TraceIndex = {
    device: trace.device,
    images: trace.images,
    error: trace.error,
    steps: trace.steps.map((step) => summaryOf(step, { at, roots: trace.steps })),
    chunk_steps: chunkSteps,
    chunks: chunks.length,
  };
  if (trace.devices) {
    index.devices = trace.devices;
    index.lanes = lanesOf(trace, at);
  }
  if (trace.resume) index.resume = trace.resume;
  return { index, chunks };
}

/** Each device's top-level steps in time, for the timeline's lanes. */
function lanesOf(trace: Trace, at: ReadonlyMap<string, number>): NonNullable<TraceIndex['lanes']> {
  const every = allSteps(trace.steps);
  const total = every.reduce((max, step) => Math.max(max, step.start_ms + step.duration_ms), 0);
  const devices = Object.entries(trace.devices ?? {}).map(([role, serial]) => ({
    role,
    serial,
    spans: trace.steps
      .filter((step) => step.device === role)
      .map(({ id, start_ms, duration_ms, status, kind, name, label }) => ({ at: at.get(id) ?? 0, start_ms, duration_ms, status, kind, name, label })),
  }));
  return { total_ms: total, devices };
}

/** Where the steps sit depth first (by id), and the top-level steps, to place a recovery's failed and retried steps. */
interface Places {
  at: ReadonlyMap<string, number>;
  roots: readonly TraceStep[];
}

function summaryOf(step: TraceStep, places: Places): StepSummary {
  const { before, after, agent, children, kind, name, label, status, location, duration_ms, error, images } = step;
  const summary: StepSummary = {
    kind,
    name,
    label,
    status,
    location,
    duration_ms,
    error,
    images,
    shots: Boolean(before?.screenshot || after?.screenshot),
    agent: agent
      ? {
          call: agent.call,
          path: agent.path,
          cache: agent.cache,
          reason: agent.reason,
          tokens: agent.tokens,
          request_tokens: agent.request_tokens,
          llm_calls: agent.llm.length,
        }
      : null,
    children: children.map((child) => summaryOf(child, places)),
  };
  if (step.device !== undefined) summary.device = step.device;
  if (step.stage) summary.stage = step.stage;
  if (step.recovery) summary.recovery = { ...step.recovery, failed_at: placeOf(step.recovery.failed_id, places), retried_at: retriedAt(step, places) };
  return summary;
}

function placeOf(id: string | null, places: Places): number | null {
  return id === null ? null : (places.at.get(id) ?? null);
}

/** The first top-level step after a resumed recovery on its device: the failed step run again. */
function retriedAt(recovery: TraceStep, places: Places): number | null {
  if (recovery.recovery?.status !== 'resumed') return null;
  const after = places.roots.slice(places.roots.indexOf(recovery) + 1);
  const next = after.find((step) => step.device === recovery.device && (step.kind === 'primitive' || step.kind === 'agent'));
  return next ? placeOf(next.id, places) : null;
}

function detailOf(step: TraceStep): StepDetail {
  return {
    id: step.id,
    source: step.source,
    start_ms: step.start_ms,
    timings: step.timings,
    gesture: step.gesture,
    before: step.before,
    after: step.after,
    candidates: step.candidates,
    situation: step.situation,
    params: step.params,
    decisions: step.agent?.decisions ?? [],
    llm: step.agent?.llm ?? [],
    verification: step.agent?.verification ?? null,
  };
}
