// `ai.expect`, `ai.waitFor` and `ai.query`: rules first (assertion primitives), the validator or
// query model only for what the rules cannot say, and a cached answer when the screen is the same.
import type { Look, Observation } from '../observe/index.js';
import { bestMatches, locate, type PrimitiveCall } from '../primitives/index.js';
import type { CheckEntry } from './cache/index.js';
import type { AgentCallRecord } from './call.js';
import type { AgentOptions } from './context.js';
import { screenWords } from './debug/index.js';
import type { ExpectationCheck } from './offline/index.js';
import { askQuery, askValidator } from './roles/index.js';
import { screenPicture } from './picture.js';

export interface CheckVerdict {
  pass: boolean;
  refs: string[];
  reason: string;
  /** A failed rules check: the evidence lines of the assertion that failed it. */
  evidence?: string[];
}

/** A rules check to run, how long each of its assertions may wait, and what cuts it off. */
export interface RuleCheckInput {
  check: ExpectationCheck;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Runs a rules check: every assertion primitive must pass, then the count when there is one. */
export async function ruleCheck(record: AgentCallRecord, options: AgentOptions, { check, timeoutMs, signal }: RuleCheckInput): Promise<CheckVerdict> {
  const refs: string[] = [];
  for (const call of check.calls) {
    const timed = timeoutMs === undefined ? call : ({ ...call, params: { ...call.params, timeout_ms: timeoutMs } } as PrimitiveCall);
    const result = await record.run(timed, signal);
    if (result.element) refs.push(result.element.ref);
    if (result.verdict !== 'OK') {
      // The failure names what was missing; the report also needs what was there instead.
      const seen = result.after ?? result.before;
      const reason = result.failure?.message ?? `${call.name} answered ${result.verdict}`;
      return { pass: false, refs, reason: seen ? `${reason} The screen showed ${screenWords(seen)}.` : reason, evidence: result.failure?.evidence ?? [] };
    }
  }
  if (check.count) {
    const { observation } = await options.runner.observer.current({ signal });
    // Counted as the checks read targets: a lookalike label is not one more of them.
    const matches = bestMatches(locate(observation.screen, check.count.target, { for: 'read', lookalikes: false }));
    const seen = `${matches.length} ${JSON.stringify(check.count.target)} on screen${matches.length ? ` (${matches.map((m) => m.ref).join(', ')})` : ''}`;
    if (matches.length !== check.count.equals) return { pass: false, refs: matches.map((m) => m.ref), reason: `expected ${check.count.equals}, saw ${seen}` };
    return { pass: true, refs: matches.map((m) => m.ref), reason: seen };
  }
  return { pass: true, refs, reason: `checked by the offline rule "${check.rule}"` };
}

function refsOf(observation: Observation): Set<string> {
  return new Set(observation.screen.elements.map((e) => e.ref));
}

/** The validator's verdict on this screen, or the cached one when the screen's content is the same as when it was recorded. */
export async function modelCheck(
  record: AgentCallRecord,
  options: AgentOptions,
  input: { assertion: string; look: Look; cached?: CheckEntry; screen: string; signal?: AbortSignal },
): Promise<CheckVerdict | undefined> {
  const { observation } = input.look;
  if (input.cached && input.cached.content_key === observation.contentKey) {
    record.path = 'cache';
    record.cache = 'hit';
    const verdict = input.cached.answer as CheckVerdict;
    await record.decide({ role: 'cache', path: 'cache', reason: 'the screen is the one the verdict was recorded on', refs: verdict.refs });
    return verdict;
  }
  if (!options.models) return undefined;
  record.path = 'model';
  const shown = await screenPicture(options.runner, observation, input.signal);
  const answer = await askValidator(
    options.models,
    { assertion: input.assertion, screen: input.screen },
    { screenRefs: refsOf(observation), actionId: record.id, signal: input.signal, picture: shown?.picture },
  );
  const verdict = { pass: answer.verdict === 'pass', refs: answer.refs, reason: answer.reason };
  await record.decide({ role: 'validator', path: 'model', reason: answer.reason, refs: answer.refs, data: { verdict: answer.verdict } });
  return verdict;
}

/** The query model's answer on this screen, or the cached one for the same content. */
export async function modelQuery(
  record: AgentCallRecord,
  options: AgentOptions,
  input: { question: string; schema: Record<string, unknown>; look: Look; cached?: CheckEntry; screen: string; signal?: AbortSignal },
): Promise<{ answer: unknown; refs: string[] } | undefined> {
  const { observation } = input.look;
  if (input.cached && input.cached.content_key === observation.contentKey) {
    record.path = 'cache';
    record.cache = 'hit';
    await record.decide({ role: 'cache', path: 'cache', reason: 'the screen is the one the answer was recorded on' });
    return input.cached.answer as { answer: unknown; refs: string[] };
  }
  if (!options.models) return undefined;
  record.path = 'model';
  const shown = await screenPicture(options.runner, observation, input.signal);
  const answer = await askQuery(
    options.models,
    { question: input.question, screen: input.screen, schema: input.schema },
    { screenRefs: refsOf(observation), actionId: record.id, signal: input.signal, picture: shown?.picture },
  );
  await record.decide({ role: 'validator', path: 'model', reason: 'answered the query from the screen', refs: answer.refs });
  return answer;
}
