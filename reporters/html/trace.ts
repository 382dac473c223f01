// One test's trace as the HTML viewer shows it: the steps of its events log in order, an agent
// call's primitives nested under it, and per step what the log holds about it (params, target,
// candidates, the screen before and after, the situation report, the verdict, timings, and for
// agent calls the decisions and model calls). Pure: files beside the log are read by the caller.
import {
  addDeviceCalls,
  llmUsage,
  summarizeDeviceCalls,
  type ActionStartEvent,
  type AgentDecisionEvent,
  type AgentEndEvent,
  type AgentStartEvent,
  type EventError,
  type Location,
  type MobileEvent,
  type ObservationEvent,
} from '../../src/events/index.js';
import { locationText, targetText } from '../results/evidence.js';
import { checkpointStep, endRecovery, recoveryStep } from './trace-stages.js';
import { UNFINISHED, type Trace, type TraceDecision, type TraceImage, type TraceScreen, type TraceStep } from './trace-model.js';

const SCREEN_SIZE = /\bscreen (\d+)x(\d+)\b/;
const CALL_NAMES: Record<AgentStartEvent['call'], string> = { step: 'ai.step', expect: 'ai.expect', query: 'ai.query', wait_for: 'ai.waitFor' };

export function buildTrace(events: readonly MobileEvent[], options: { rootDir: string }): Trace {
  const start = events.find((e) => e.kind === 'test_start');
  const t0 = start?.ts ?? events[0]?.ts ?? 0;
  const lastTs = events.reduce((max, e) => Math.max(max, e.ts), t0);
  const clock: StepClock = { t0, lastTs, rootDir: options.rootDir };
  const steps = new Map<string, TraceStep>();
  const roots: TraceStep[] = [];
  const testImages: TraceImage[] = [];
  let error: EventError | null = null;
  // Per device (a test may drive several), the last screen any of its steps recorded; per agent call the decisions waiting for the screen its next action meets.
  const lastScreens = new Map<string, TraceScreen>();
  const lastScreen = (device: string | undefined): TraceScreen | null => lastScreens.get(device ?? '') ?? null;
  const pending = new Map<string, TraceDecision[]>();
  const parents = new Map<string, string>();
  // The last screen each device showed with each signature, to find the one a verification was read on.
  const bySignature = new Map<string, TraceScreen>();
  // Per device, the recovery under way: a checkpoint it reaches again goes under it.
  const recovering = new Map<string, TraceStep>();
  const place = (step: TraceStep, device: string | undefined, parent?: TraceStep): void => {
    if (device !== undefined) step.device = device;
    steps.set(step.id, step);
    (parent ? parent.children : roots).push(step);
  };
  for (const event of events) {
    switch (event.kind) {
      case 'action_start':
      case 'agent_start': {
        if (steps.has(event.action_id)) break;
        const step = event.kind === 'action_start' ? primitiveStep(event, clock) : agentStep(event, clock);
        const parent = event.kind === 'action_start' && event.parent_action_id ? steps.get(event.parent_action_id) : undefined;
        if (parent && event.kind === 'action_start' && event.parent_action_id) parents.set(event.action_id, event.parent_action_id);
        place(step, event.device, parent);
        break;
      }
      case 'checkpoint': {
        const own = steps.get(event.action_id);
        const step = checkpointStep(event, own ?? blank(event, clock));
        // A checkpoint written by a step of its own marks that step; otherwise it is a step, under the replay that reached it again.
        if (own) Object.assign(own, { kind: step.kind, label: step.label, stage: step.stage, after: own.after ?? step.after });
        else place(step, event.device, event.replayed ? recovering.get(event.device ?? '') : undefined);
        break;
      }
      case 'recovery_start': {
        if (steps.has(event.action_id)) break;
        const step = recoveryStep(event, blank(event, clock));
        place(step, event.device);
        recovering.set(event.device ?? '', step);
        break;
      }
      case 'recovery_end':
        endRecovery(steps.get(event.action_id), event);
        recovering.delete(event.device ?? '');
        break;
      case 'observation': {
        const step = steps.get(event.action_id);
        if (!step) break;
        const screen = screenOf(event);
        step[event.phase] = screen;
        lastScreens.set(event.device ?? '', screen);
        bySignature.set(signatureKey(event.device, event.signature), screen);
        // A decision that chose actions was made on the screen its first action meets.
        const parent = parents.get(event.action_id);
        const waiting = event.phase === 'before' && parent ? pending.get(parent) : undefined;
        if (parent && waiting) {
          for (const decision of waiting) cite(decision, screen);
          pending.delete(parent);
        }
        break;
      }
      case 'candidates': {
        const step = steps.get(event.action_id);
        if (step) step.candidates = { target: targetText(event.target), ambiguous: event.ambiguous, chosen: event.chosen ?? null, list: event.candidates };
        break;
      }
      case 'situation': {
        const step = steps.get(event.action_id);
        if (step) step.situation = step.situation ? `${step.situation}\n${event.report}` : event.report;
        break;
      }
      case 'action_end': {
        const step = steps.get(event.action_id);
        // The first completion wins: the log keeps a duplicate only as a note.
        if (!step || step.timings) break;
        step.status = event.verdict;
        step.timings = {
          total_ms: round(event.timings.total_ms),
          device_ms: round(event.timings.device_ms),
          harness_ms: round(event.timings.harness_ms),
          device_calls: event.timings.device_calls ?? [],
          budget: summarizeDeviceCalls(event.timings.device_calls ?? []),
        };
        step.duration_ms = Math.round(event.timings.total_ms);
        step.error = event.error ?? null;
        step.gesture = event.gesture ?? null;
        break;
      }
      case 'agent_decision': {
        const agent = steps.get(event.action_id)?.agent;
        if (!agent) break;
        const decision = decisionOf(event);
        agent.decisions.push(decision);
        // A verdict is about the screen as last seen; a plan waits for the screen its first action meets.
        if (decision.actions.length > 0) pending.set(event.action_id, [...(pending.get(event.action_id) ?? []), decision]);
        else cite(decision, lastScreen(event.device));
        break;
      }
      case 'agent_end':
        endAgent(steps.get(event.action_id), event, (signature) => bySignature.get(signatureKey(event.device, signature)) ?? null);
        break;
      case 'llm_call': {
        const agent = event.action_id ? steps.get(event.action_id)?.agent : undefined;
        const usage = llmUsage(event);
        agent?.llm.push({
          role: event.role,
          model: event.model,
          profile: event.profile ?? null,
          request_tokens: usage.request_tokens,
          request_recorded: usage.request_recorded,
          tokens_in: usage.tokens_in,
          tokens_out: usage.tokens_out,
          usage_source: usage.usage_source,
          finish: event.finish ?? null,
          cost_usd: event.cost_usd,
          duration_ms: event.duration_ms,
          prompt_ref: event.prompt_ref,
          answer_ref: event.answer_ref,
          prompt: null,
          answer: null,
          pictures: event.image_refs ?? [],
        });
        break;
      }
      case 'attachment': {
        if (!event.content_type.startsWith('image/')) break;
        const owner = event.action_id ? steps.get(event.action_id) : undefined;
        (owner ? owner.images : testImages).push({ src: event.path, name: event.name });
        break;
      }
      case 'test_end':
        error = event.error ?? error;
        break;
      default:
        break;
    }
  }
  // A plan whose actions never ran was made on the screen its device showed last.
  for (const [id, waiting] of pending) for (const decision of waiting) cite(decision, lastScreen(steps.get(id)?.device));
  for (const step of steps.values()) {
    if (!step.agent) continue;
    // An agent call's tokens are its end's figure, or the sum of the model calls it logged.
    if (step.agent.tokens === 0) step.agent.tokens = step.agent.llm.reduce((sum, c) => sum + c.tokens_in + c.tokens_out, 0);
    step.agent.request_tokens = step.agent.llm.reduce((sum, c) => sum + c.request_tokens, 0);
    step.timings = agentTimings(step);
  }
  const trace: Trace = { device: start?.kind === 'test_start' ? (start.device ?? null) : null, steps: roots, images: testImages, error };
  if (start?.kind === 'test_start' && Object.keys(start.devices ?? {}).length > 1) trace.devices = { ...start.devices };
  if (start?.kind === 'test_start' && start.resume)
    trace.resume = { checkpoint: start.resume.checkpoint, run_id: start.resume.run_id ?? null, steps: start.resume.steps };
  return trace;
}

/** Signatures are per device: two phones may show the same screen. */
const signatureKey = (device: string | undefined, signature: string): string => `${device ?? ''}\u0000${signature}`;

/** Where a log's steps sit in time (its test's start and its last event) and the root their locations are shown from. */
interface StepClock {
  t0: number;
  lastTs: number;
  rootDir: string;
}

function primitiveStep(event: ActionStartEvent, clock: StepClock): TraceStep {
  const target = targetText(event.target ?? event.params.target);
  return {
    ...blank(event, clock),
    kind: 'primitive',
    name: event.primitive,
    label: target ?? detailText(event.params),
    source: event.source,
    params: event.params,
  };
}

function agentStep(event: AgentStartEvent, clock: StepClock): TraceStep {
  return {
    ...blank(event, clock),
    kind: 'agent',
    name: CALL_NAMES[event.call],
    label: event.text,
    agent: { call: event.call, path: null, cache: null, reason: null, decisions: [], llm: [], tokens: 0, request_tokens: 0, verification: null },
  };
}

function blank(event: { action_id: string; ts: number; location?: Location }, { t0, lastTs, rootDir }: StepClock): TraceStep {
  const { ts } = event;
  return {
    id: event.action_id,
    kind: 'primitive',
    name: '',
    label: null,
    status: UNFINISHED,
    source: 'script',
    location: event.location ? locationText(event.location, rootDir) : null,
    start_ms: Math.max(0, ts - t0),
    // Until its end arrives, a step lasts to the log's last event (it was cut off there).
    duration_ms: Math.max(0, lastTs - ts),
    timings: null,
    params: {},
    candidates: null,
    before: null,
    after: null,
    situation: null,
    error: null,
    gesture: null,
    images: [],
    agent: null,
    children: [],
  };
}

function endAgent(step: TraceStep | undefined, event: AgentEndEvent, seenWith: (signature: string) => TraceScreen | null): void {
  if (!step?.agent || step.status !== UNFINISHED) return;
  step.status = event.status === 'passed' ? 'OK' : 'FAIL';
  step.duration_ms = Math.round(event.duration_ms);
  step.error = event.error ?? null;
  Object.assign(step.agent, { path: event.path, cache: event.cache, reason: event.reason, tokens: event.tokens_in + event.tokens_out });
  if (!event.verification) return;
  const seen = seenWith(event.verification.signature);
  step.agent.verification = { ...event.verification, refs: [...event.verification.refs], seen };
  if (seen) for (const ref of event.verification.refs) if (!seen.cited.includes(ref)) seen.cited.push(ref);
}

function decisionOf(event: AgentDecisionEvent): TraceDecision {
  return {
    role: event.role,
    path: event.path,
    reason: event.reason,
    actions: event.actions ?? [],
    refs: event.refs ?? [],
    data: event.data ?? null,
    screen: null,
  };
}

function cite(decision: TraceDecision, screen: TraceScreen | null): void {
  if (!screen || decision.screen) return;
  decision.screen = screen;
  for (const ref of decision.refs) if (!screen.cited.includes(ref)) screen.cited.push(ref);
}

/** An agent call's time split: device time of the primitives it ran, its model calls, and the rest (harness). */
function agentTimings(step: TraceStep): TraceStep['timings'] {
  const device = step.children.reduce((sum, child) => sum + (child.timings?.device_ms ?? 0), 0);
  const model = step.agent?.llm.reduce((sum, call) => sum + call.duration_ms, 0) ?? 0;
  const calls = addDeviceCalls(step.children.map((child) => child.timings?.device_calls));
  return {
    total_ms: step.duration_ms,
    device_ms: round(device),
    model_ms: round(model),
    harness_ms: round(Math.max(0, step.duration_ms - device - model)),
    device_calls: calls,
    budget: summarizeDeviceCalls(calls),
  };
}

function screenOf(event: ObservationEvent): TraceScreen {
  const size = SCREEN_SIZE.exec(event.screen_text.split('\n', 1)[0] ?? '');
  return {
    text: event.screen_text,
    width: size ? Number(size[1]) : null,
    height: size ? Number(size[2]) : null,
    screenshot: event.screenshot ?? null,
    hierarchy: event.hierarchy ?? null,
    cited: [],
    app: event.package ? `${event.package}${event.activity ? `/${event.activity}` : ''}` : null,
  };
}

// Typed text stays out of a label even when masked: the target names the field instead.
const NOT_DETAIL = new Set(['target', 'text', 'value']);

function detailText(params: Record<string, unknown>): string | null {
  const values = Object.entries(params)
    .filter(([key, value]) => !NOT_DETAIL.has(key) && typeof value === 'string')
    .map(([, value]) => value as string);
  return values.length > 0 ? values.join(' ') : null;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
