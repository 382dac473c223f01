// What a test's agent calls did, from their events: one step entry per call (what was asked, how it
// was served) and the test's totals (calls, plan cache outcomes, model calls, tokens, cost).
import {
  addDeviceCalls,
  llmUsage,
  summarizeDeviceCalls,
  type ActionStartEvent,
  type ActionTimings,
  type AgentEndEvent,
  type AgentPath,
  type AgentStartEvent,
  type MobileEvent,
} from '../../src/events/index.js';
import { addAgentTotals, NO_AGENT, UNFINISHED, type AgentTotals, type StepRecord } from './model.js';

/** The agent events of one log, indexed by the agent call's action_id. */
export class AgentEvents {
  private readonly ends = new Map<string, AgentEndEvent>();
  private readonly paths = new Map<string, AgentPath>();
  private readonly llmCalls = new Map<string, number>();
  private readonly children = new Map<string, ActionStartEvent[]>();
  private totalsSoFar: AgentTotals = { ...NO_AGENT, by_role: {} };

  constructor(events: readonly MobileEvent[]) {
    for (const event of events) this.add(event);
  }

  private add(event: MobileEvent): void {
    if (event.kind === 'agent_start') this.totalsSoFar.steps += 1;
    else if (event.kind === 'agent_end' && !this.ends.has(event.action_id)) {
      this.ends.set(event.action_id, event);
      if (event.cache === 'hit') this.totalsSoFar.cache_hits += 1;
      else if (event.cache === 'miss') this.totalsSoFar.cache_misses += 1;
      else if (event.cache === 'healed') this.totalsSoFar.cache_healed += 1;
    } else if (event.kind === 'agent_decision') this.paths.set(event.action_id, event.path);
    else if (event.kind === 'llm_call') {
      // Every model call counts, whichever part of a test made it; the events carry the tokens and price.
      const usage = llmUsage(event);
      const spend = { llm_calls: 1, tokens_in: usage.tokens_in, tokens_out: usage.tokens_out, request_tokens: usage.request_tokens, cost_usd: event.cost_usd };
      this.totalsSoFar = addAgentTotals(this.totalsSoFar, { ...NO_AGENT, ...spend, by_role: { [event.role]: spend } });
      if (event.action_id) this.llmCalls.set(event.action_id, (this.llmCalls.get(event.action_id) ?? 0) + 1);
    } else if (event.kind === 'action_start' && event.parent_action_id) {
      this.children.set(event.parent_action_id, [...(this.children.get(event.parent_action_id) ?? []), event]);
    }
  }

  totals(): AgentTotals {
    return { ...this.totalsSoFar };
  }

  /**
   * The step entry of an agent call: `ai.step` and the like, the text in `detail`, OK or FAIL from its
   * end, its time, and the device time and calls of the primitives it ran (`childTimings`).
   */
  step(
    start: AgentStartEvent,
    context: { location: string | null; lastTs: number; childTimings: (actionId: string) => ActionTimings | undefined },
  ): StepRecord {
    const end = this.ends.get(start.action_id);
    const children = this.children.get(start.action_id) ?? [];
    return {
      primitive: CALL_NAMES[start.call],
      target: null,
      detail: start.text,
      status: end ? (end.status === 'passed' ? 'OK' : 'FAIL') : UNFINISHED,
      duration_ms: Math.round(end ? end.duration_ms : Math.max(0, context.lastTs - start.ts)),
      device_ms: Math.round(children.reduce((sum, child) => sum + (context.childTimings(child.action_id)?.device_ms ?? 0), 0)),
      device_calls: summarizeDeviceCalls(addDeviceCalls(children.map((child) => context.childTimings(child.action_id)?.device_calls))),
      location: context.location,
      source: 'script',
      agent: {
        call: start.call,
        text: start.text,
        path: end?.path ?? this.paths.get(start.action_id) ?? null,
        cache: end?.cache ?? null,
        actions: end?.steps ?? children.length,
        llm_calls: end?.llm_calls ?? this.llmCalls.get(start.action_id) ?? 0,
        tokens: end ? end.tokens_in + end.tokens_out : 0,
        verification: end?.verification ?? null,
      },
    };
  }
}

/** The call as a spec writes it. */
const CALL_NAMES: Record<AgentStartEvent['call'], string> = { step: 'ai.step', expect: 'ai.expect', query: 'ai.query', wait_for: 'ai.waitFor' };
