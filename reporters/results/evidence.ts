// What a test's events log says about it: the device, one step per primitive call and per agent
// call, the model's cost, and the failure the executor or the fixture recorded.
import path from 'node:path';
import {
  summarizeDeviceCalls,
  type ActionEndEvent,
  type ActionStartEvent,
  type AgentStartEvent,
  type Location,
  type MobileEvent,
} from '../../src/events/index.js';
import { AgentEvents } from './agent.js';
import { eventFailure, NO_EVENT_FAILURE, type EventFailure } from './event-failure.js';
import { NO_AGENT, UNFINISHED, type AgentTotals, type StepRecord } from './model.js';
import { stagesOf, type Stages } from './stages.js';

export interface Evidence extends Stages {
  device: string | null;
  steps: StepRecord[];
  llm_calls: number;
  tokens: number;
  agent: AgentTotals;
  /** Why it failed, from test_end's error, else from the action that failed. */
  failure: EventFailure;
}

export const NO_EVIDENCE: Evidence = { device: null, steps: [], llm_calls: 0, tokens: 0, agent: { ...NO_AGENT }, failure: NO_EVENT_FAILURE };

export interface EvidenceOptions {
  /** Spec locations are made relative to this folder. */
  rootDir: string;
}

export function summarizeEvents(events: readonly MobileEvent[], options: EvidenceOptions): Evidence {
  const ends = new Map<string, ActionEndEvent>();
  let device: string | null = null;
  let llmCalls = 0;
  let tokens = 0;
  let lastTs = 0;
  for (const event of events) {
    lastTs = Math.max(lastTs, event.ts);
    if (event.kind === 'action_end' && !ends.has(event.action_id)) ends.set(event.action_id, event);
    else if (event.kind === 'test_start' && event.device) device = event.device;
    else if (event.kind === 'llm_call') {
      llmCalls += 1;
      tokens += event.tokens_in + event.tokens_out;
    }
  }
  const agent = new AgentEvents(events);
  const context = { rootDir: options.rootDir, lastTs };
  // In log order, so an agent call's entry comes just before the primitives it ran.
  const starts = events.filter((event): event is ActionStartEvent | AgentStartEvent => event.kind === 'action_start' || event.kind === 'agent_start');
  const recoveries = new Set(events.flatMap((event) => (event.kind === 'recovery_start' ? [event.action_id] : [])));
  const team = events.some((event) => event.kind === 'test_start' && Object.keys(event.devices ?? {}).length > 1);
  const steps = starts.map((start) => {
    const step =
      start.kind === 'action_start'
        ? toStep(start, ends.get(start.action_id), context)
        : agent.step(start, {
            location: start.location ? locationText(start.location, options.rootDir) : null,
            lastTs,
            childTimings: (id) => ends.get(id)?.timings,
          });
    if (team && start.device) step.device = start.device;
    if (start.kind === 'action_start' && start.parent_action_id && recoveries.has(start.parent_action_id)) step.replayed = true;
    return step;
  });
  const byId = new Map(starts.map((start, i) => [start.action_id, steps[i]]));
  return {
    device,
    steps,
    llm_calls: llmCalls,
    tokens,
    agent: agent.totals(),
    failure: eventFailure(events, { ends, starts, steps }),
    ...stagesOf(events, byId),
  };
}

function toStep(start: ActionStartEvent, end: ActionEndEvent | undefined, context: { rootDir: string; lastTs: number }): StepRecord {
  const target = targetText(start.target ?? start.params.target);
  return {
    primitive: start.primitive,
    target,
    detail: target === null ? detailText(start.params) : null,
    status: end?.verdict ?? UNFINISHED,
    // Whole milliseconds: the executor times with a sub-millisecond clock.
    duration_ms: Math.round(end ? end.timings.total_ms : Math.max(0, context.lastTs - start.ts)),
    device_ms: Math.round(end ? end.timings.device_ms : 0),
    device_calls: summarizeDeviceCalls(end?.timings.device_calls ?? []),
    location: start.location ? locationText(start.location, context.rootDir) : null,
    source: start.source,
  };
}

/** A target as a person would write it: the string itself, or `text="Log in" role=button`. */
export function targetText(target: unknown): string | null {
  if (typeof target === 'string') return target;
  if (typeof target !== 'object' || target === null) return null;
  const parts = Object.entries(target).map(([key, value]) => {
    if (typeof value === 'string') return `${key}=${JSON.stringify(value)}`;
    if (typeof value === 'object' && value !== null) return `${key}=(${targetText(value) ?? ''})`;
    return `${key}=${String(value)}`;
  });
  return parts.length > 0 ? parts.join(' ') : null;
}

// Typed text stays out of the detail even when masked: the target names the field instead.
const NOT_DETAIL = new Set(['target', 'text', 'value']);

/** The string parameters of a step without a target, e.g. `accept` for handle_dialog. */
function detailText(params: Record<string, unknown>): string | null {
  const values = Object.entries(params)
    .filter(([key, value]) => !NOT_DETAIL.has(key) && typeof value === 'string')
    .map(([, value]) => value as string);
  return values.length > 0 ? values.join(' ') : null;
}

export function locationText(location: Location, rootDir: string): string {
  return `${relativeFile(location.file, rootDir)}:${location.line}`;
}

/** A spec path relative to the rootDir with forward slashes, so reports read the same on every OS. */
export function relativeFile(file: string, rootDir: string): string {
  const relative = path.isAbsolute(file) ? path.relative(rootDir, file) : file;
  return relative.split(path.sep).join('/');
}
