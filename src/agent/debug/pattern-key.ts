// A failure's pattern key: its name and message with what varies between runs masked (refs, numbers, labels, packages).
import { redactText } from '../../events/index.js';
import type { ActionFailureInfo } from '../../primitives/index.js';

const QUOTED = /"[^"\n]*"|“[^”\n]*”/g;
// A package or class name, with an activity after it when there is one (com.example.shop/.CartActivity).
const DOTTED = /\b[A-Za-z_][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\/\.?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)?/g;
const ACTIVITY = /(?<=\s|^)\.[A-Z][\w$]*/g;
const REF = /\be\d+\b/g;
const NUMBER = /\d+(?:[.,]\d+)*/g;

/** e.g. `TargetNotFound: No element matches "…"; closest: "…" (button e#) on <pkg>` */
export function patternKey(failure: Pick<ActionFailureInfo, 'name' | 'message'>): string {
  const masked = redactText(failure.message)
    .replace(QUOTED, '"…"')
    .replace(DOTTED, '<pkg>')
    .replace(ACTIVITY, '<pkg>')
    .replace(REF, 'e#')
    .replace(NUMBER, '#')
    .replace(/\s+/g, ' ')
    .trim();
  return `${failure.name}: ${masked}`;
}
