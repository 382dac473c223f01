// What every agent call of one test shares: the device, the models (if any), the cache, the limits.
import type { EventLog } from '../events/index.js';
import { signalWithDeadline, type TokenLedger } from '../llm/index.js';
import type { SituationReport } from '../observe/index.js';
import type { ActionResult, PrimitiveCall, PrimitiveRunner } from '../primitives/index.js';
import type { PlanCache } from './cache/index.js';
import type { FailurePatterns } from './debug/index.js';
import type { ModelAccess } from './roles/index.js';
import type { HistoryEntry } from './types.js';

export interface AgentLimits {
  /** Primitives one `ai.step` may run before it stops (default 20). */
  maxSteps: number;
  /** Times the planner may be asked again after a failed action (default 3). */
  maxReplans: number;
}

export const DEFAULT_LIMITS: AgentLimits = { maxSteps: 20, maxReplans: 3 };

export interface AgentOptions {
  runner: PrimitiveRunner;
  /** The test's evidence log: agent events, model prompts and answers. */
  log?: EventLog;
  /** The app under test. */
  app?: string;
  /** The configured model; without it agent steps use the offline rules only. */
  models?: ModelAccess;
  /** The ledger the models' provider records into, for per-call figures. */
  ledger?: TokenLedger;
  /** The spec's plan cache; without it nothing is replayed or recorded. */
  cache?: PlanCache;
  /** The test's title path, which scopes cache keys. */
  scope?: string[];
  limits?: Partial<AgentLimits>;
  /** Failures seen before, so a known one costs no debugger call. */
  patterns?: FailurePatterns;
  /** Aborts everything in flight (the test ended). */
  signal?: AbortSignal;
}

/** How a past action reads in a prompt: the call with secret text masked, its verdict, what changed, why it failed. */
export function historyEntry(call: PrimitiveCall, result: ActionResult): HistoryEntry {
  const masked = call.name === 'input_text' && call.params.secret ? { ...call, params: { ...call.params, text: '•••' } } : call;
  return {
    call: masked,
    verdict: result.verdict,
    report: result.report ? briefReport(result.report) : 'not observed',
    ...(result.failure ? { failure: clipped(`${result.failure.name}: ${result.failure.message}`) } : {}),
  };
}

/**
 * What an action changed, in a few words: the planner sees the whole screen anyway, so the elements that
 * came and went are counts, and only what changed in place (a switch, a field, a badge) is named.
 */
export function briefReport(report: SituationReport): string {
  const parts: string[] = [];
  if (report.crash) parts.push(`CRASH ${report.crash.package}: ${report.crash.reason}`);
  if (report.anr) parts.push(`ANR ${report.anr.package}`);
  if (report.activity_changed) parts.push(`now ${report.activity_changed.to.split('/').pop()}`);
  if (report.popup?.appeared) parts.push(`popup "${report.popup.title}"`);
  if (report.toast) parts.push(`toast "${report.toast}"`);
  if (report.keyboard?.changed) parts.push(report.keyboard.shown ? 'keyboard shown' : 'keyboard hidden');
  for (const c of report.changed_elements.slice(0, 3)) parts.push(`${c.ref} → ${c.to}`);
  const counts = [
    report.new_elements.length ? `${report.new_elements.length} new` : '',
    report.disappeared_elements.length ? `${report.disappeared_elements.length} gone` : '',
  ].filter(Boolean);
  if (counts.length && !report.activity_changed) parts.push(counts.join(', '));
  if (report.stuck) parts.push(`same frame ${report.stuck.frames}×`);
  return parts.length ? parts.join('; ') : report.screen_changed ? 'screen changed' : 'nothing changed';
}

/** A failure's message can run long and quote the screen, which the prompt shows once anyway: its first sentence is enough. */
function clipped(text: string, limit = 140): string {
  const sentence = /^.{20,}?[.;](?=\s|$)/s.exec(text)?.[0] ?? text;
  return sentence.length <= limit ? sentence : `${sentence.slice(0, limit - 1)}…`;
}

/** Combines the test's signal with an optional per-call timeout. */
export function callSignal(signal: AbortSignal | undefined, timeoutMs: number | undefined): AbortSignal | undefined {
  // The deadline rides with the signal, so a model call's retries back off only while the step has time.
  return signalWithDeadline(signal, timeoutMs);
}
