// A test's trace split for the viewer: a light index of its steps (what the timeline and the failure
// summary need) loaded when the test opens, and the heavy details (screens, candidates, prompts,
// decisions) in chunks of consecutive steps loaded when a step is opened or scrolled near.
import { allSteps, type Trace, type TraceDecision, type TraceLlmCall, type TraceScreen, type TraceStep, type TraceVerification } from './trace-model.js';

/** Steps per detail chunk: a chunk of a long test stays a few hundred KB, one script to load. */
export const CHUNK_STEPS = 50;

/** What only a step's detail shows: out of the index, which a long test loads whole. */
type DetailKeys = 'id' | 'source' | 'start_ms' | 'timings' | 'gesture' | 'before' | 'after' | 'candidates' | 'situation' | 'params';

export interface StepSummary extends Omit<TraceStep, DetailKeys | 'agent' | 'children'> {
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

export interface TraceIndex extends Omit<Trace, 'steps'> {
  steps: StepSummary[];
  /** Every step, depth first, is detailed in chunk floor(i / chunk_steps). */
  chunk_steps: number;
  chunks: number;
}

export function splitTrace(trace: Trace, chunkSteps = CHUNK_STEPS): { index: TraceIndex; chunks: StepDetail[][] } {
  const details = allSteps(trace.steps).map(detailOf);
  const chunks: StepDetail[][] = [];
  for (let i = 0; i < details.length; i += chunkSteps) chunks.push(details.slice(i, i + chunkSteps));
  return {
    index: {
      device: trace.device,
      images: trace.images,
      error: trace.error,
      steps: trace.steps.map(summaryOf),
      chunk_steps: chunkSteps,
      chunks: chunks.length,
    },
    chunks,
  };
}

function summaryOf(step: TraceStep): StepSummary {
  const { before, after, agent, children, kind, name, label, status, location, duration_ms, error, images } = step;
  return {
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
    children: children.map(summaryOf),
  };
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
