// After a failed action: whose fault it is and what to do next — a known pattern, the rules, or the
// debugger model, in that order, so a failure seen before costs no call.
import { screenText } from '../observe/index.js';
import { describeTarget, locate, type ActionResult, type PrimitiveCall, type Target } from '../primitives/index.js';
import type { AgentCallRecord } from './call.js';
import { historyEntry, type AgentOptions } from './context.js';
import { attribute, type Attribution } from './debug/index.js';
import type { GoalOutcome } from './recorder.js';
import { askDebugger, askLocator } from './roles/index.js';

/** An action that did not pass, and the call that ran it. */
export interface FailedCall {
  call: PrimitiveCall;
  failed: ActionResult;
}

export interface RecoveryInput {
  goal: string;
  call: PrimitiveCall;
  failed: ActionResult;
  /** Earlier actions of this call, oldest first. */
  window: Array<{ call: PrimitiveCall; result: ActionResult }>;
}

/** Attributes a failed action and records the decision. */
export async function attributeFailure(options: AgentOptions, record: AgentCallRecord, input: RecoveryInput): Promise<Attribution> {
  const { failed } = input;
  const known = options.patterns?.lookup(failed);
  const ruled = known ?? attribute({ goal: input.goal, failed, window: input.window.map((w) => w.result) });
  let attribution: Attribution;
  let path: 'rules' | 'model' = 'rules';
  if (ruled) attribution = ruled;
  else if (options.models) {
    const screen = failed.after ?? failed.before;
    const answer = await askDebugger(
      options.models,
      {
        goal: input.goal,
        failed: historyEntry(input.call, failed),
        window: input.window.slice(-6).map((w) => historyEntry(w.call, w.result)),
        screen: screen ? screenText(screen.screen) : '(not observed)',
      },
      { screenRefs: new Set(screen?.screen.elements.map((e) => e.ref) ?? []), actionId: record.id, signal: options.signal },
    );
    attribution = { ...answer, evidence: [`failure: ${failed.failure?.name ?? failed.verdict}`] };
    options.patterns?.remember(failed, attribution);
    path = 'model';
  } else {
    const category = failed.failure?.category ?? 'execution';
    attribution = { category, decision: 'stop', reason: failed.failure?.message ?? `${failed.primitive} answered ${failed.verdict}`, evidence: [] };
  }
  await record.decide({
    role: 'debugger',
    path,
    reason: attribution.reason,
    data: {
      category: attribution.category,
      decision: attribution.decision,
      evidence: attribution.evidence,
      ...(attribution.pattern ? { pattern: attribution.pattern } : {}),
    },
  });
  return attribution;
}

/**
 * The goal's end after an attributed failure: the debugger's category and reason, its evidence plus the
 * failed primitive's, and the primitive's own suggestion when the debugger agrees whose fault it is.
 */
export function attributedFailure(attribution: Attribution, input: FailedCall): Extract<GoalOutcome, { ok: false }> {
  const { failed } = input;
  const failure = failed.failure;
  const target = (input.call.params as { target?: Target }).target;
  const step = `failed step: ${failed.primitive}${target === undefined ? '' : ` ${describeTarget(target)}`} answered ${failed.verdict}${failure ? ` (${failure.name})` : ''}`;
  const agrees = failure?.suggestion !== undefined && failure.category === attribution.category;
  return {
    ok: false,
    kind: 'ActionFailed',
    category: attribution.category,
    reason: attribution.reason,
    suggestion: agrees ? (failure.suggestion as string) : attribution.reason,
    evidence: [...attribution.evidence, step, ...(failure?.evidence ?? [])],
  };
}

/**
 * The rule locator found several equal candidates: the locator role picks one, and the call is
 * retried on that ref. Undefined when there is no model or no candidate it is sure of.
 */
export async function disambiguate(options: AgentOptions, record: AgentCallRecord, { call, failed }: FailedCall): Promise<PrimitiveCall | undefined> {
  const target = (call.params as { target?: Target }).target;
  const screen = failed.before?.screen;
  if (!options.models || failed.failure?.name !== 'TargetAmbiguous' || target === undefined || !screen) return undefined;
  const located = locate(screen, target);
  if (located.status === 'not_found') return undefined;
  const candidates = located.candidates.slice(0, 5).map((c) => ({ ref: c.element.ref, label: c.element.label, score: c.score }));
  const answer = await askLocator(
    options.models,
    { target, screen: screenText(screen), candidates },
    {
      screenRefs: new Set(candidates.map((c) => c.ref)),
      actionId: record.id,
      signal: options.signal,
    },
  );
  const best = [...answer.candidates].sort((a, b) => b.confidence - a.confidence)[0];
  await record.decide({
    role: 'locator',
    path: 'model',
    reason: best ? `picked ${best.ref} (confidence ${best.confidence})` : 'no candidate',
    refs: answer.candidates.map((c) => c.ref),
  });
  if (!best || best.confidence < 0.5) return undefined;
  return { ...call, params: { ...call.params, target: best.ref } } as PrimitiveCall;
}
