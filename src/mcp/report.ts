// The answer to `do`: the situation report's fields plus the status and the expected check, compact
// (elements as one short line each) so a model reads it in few tokens.
import { redactText } from '../events/index.js';
import type { ElementSummary, SituationReport } from '../observe/index.js';
import type { ActionResult, PrimitiveCall } from '../primitives/index.js';
import type { DoAnswer } from './outputs.js';

/** Elements listed per field; the rest are counted. */
export const MAX_LISTED = 25;
/**
 * Longest free text (a failure message, a crash reason, a typed param) an answer carries. A message may
 * quote what the client sent, and a client may send a 200 000-character text: the answer stays short.
 */
export const MAX_TEXT_CHARS = 2000;

/** `text`, secrets masked, cut at MAX_TEXT_CHARS saying how much was left out. */
export function boundedText(text: string): string {
  // Masked before the cut: a cut through a secret would leave a start the redaction no longer knows.
  const masked = redactText(text);
  if (masked.length <= MAX_TEXT_CHARS) return masked;
  // Not between the two halves of a surrogate pair (an emoji).
  const high = masked.charCodeAt(MAX_TEXT_CHARS - 1);
  const end = high >= 0xd800 && high <= 0xdbff ? MAX_TEXT_CHARS - 1 : MAX_TEXT_CHARS;
  return `${masked.slice(0, end)}… (${masked.length - end} more characters)`;
}

/** A copy of `value` with every string in it bounded (trace params, which hold what the client typed). */
export function boundedDeep<T>(value: T): T {
  if (typeof value === 'string') return boundedText(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => boundedDeep(item)) as T;
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, boundedDeep(item)])) as T;
  }
  return value;
}

function line(e: ElementSummary): string {
  return `${e.ref} ${e.role}${e.label ? ` "${e.label}"` : ''}`;
}

function listed(items: string[]): string[] {
  return items.length > MAX_LISTED ? [...items.slice(0, MAX_LISTED), `… ${items.length - MAX_LISTED} more`] : items;
}

function expectedVerdict(call: PrimitiveCall, result: ActionResult): DoAnswer['expected'] {
  const asked = 'expected' in call.params && (call.params as { expected?: unknown }).expected !== undefined;
  if (!asked) return 'none';
  if (result.verdict === 'OK') return 'met';
  return result.failure?.name === 'ExpectationFailed' ? 'not met' : 'not checked';
}

export function doAnswer(device: string, call: PrimitiveCall, result: ActionResult): DoAnswer {
  const report: SituationReport | undefined = result.report;
  const crashed = report?.crash ?? (result.failure?.name === 'AppCrashed' ? { reason: result.failure.message } : undefined);
  const anr = report?.anr ?? (result.failure?.name === 'AppNotResponding' ? { reason: result.failure.message } : undefined);
  const answer: DoAnswer = {
    device,
    primitive: call.name,
    status: result.verdict,
    expected: expectedVerdict(call, result),
    screen_changed: report?.screen_changed ?? false,
    new_elements: listed((report?.new_elements ?? []).map(line)),
    disappeared_elements: listed((report?.disappeared_elements ?? []).map(line)),
    activity_changed: report?.activity_changed ?? null,
    crash: crashed !== undefined,
    anr: anr !== undefined,
    stuck: report?.stuck !== undefined,
    keyboard: report?.keyboard ? report.keyboard.shown : null,
    popup: report?.popup ? { package: report.popup.package, title: report.popup.title, ...(report.popup.ref ? { ref: report.popup.ref } : {}) } : null,
  };
  if (crashed) answer.crash_reason = boundedText(crashed.reason);
  if (anr) answer.anr_reason = boundedText(anr.reason);
  const changed = report?.changed_elements ?? [];
  if (changed.length > 0) answer.changed_elements = listed(changed.map((c) => boundedText(`${line(c)}: ${c.from} → ${c.to}`)));
  if (report?.toast) answer.toast = boundedText(report.toast);
  if (result.output?.text !== undefined) answer.output = boundedText(result.output.text);
  if (result.failure) {
    const { name, category, message, suggestion } = result.failure;
    answer.failure = { name, category, message: boundedText(message), ...(suggestion ? { suggestion: boundedText(suggestion) } : {}) };
  }
  return answer;
}
