// Rule checks for `ai.expect`: one ordered table of assertion phrasings, each mapped to assertion primitives.
import { validateCall } from '../../primitives/index.js';
import { countOf, isQuoted, needsModel, normalise, targetOf, valueOf, VALUE } from './phrase.js';
import type { CountCheck, ExpectationCheck, NeedsModel } from './types.js';

type Built = { calls: unknown[]; count?: CountCheck } | undefined;

interface ExpectRule {
  rule: string;
  pattern: RegExp;
  build: (groups: string[]) => Built;
}

const V = VALUE;
const BE = String.raw`(?:is|are|should\s+be|must\s+be|stays|remains)`;

/** An unquoted subject holding a verb of its own is a second clause ("Wi-Fi is on and Dark theme"). */
const CLAUSE = /\b(?:is|are|should|must)\b/i;

function subjectOf(raw: string): string | undefined {
  return !isQuoted(raw) && CLAUSE.test(raw) ? undefined : targetOf(raw);
}

function withTarget(raw: string, make: (target: string) => unknown[]): Built {
  const target = subjectOf(raw);
  return target === undefined ? undefined : { calls: make(target) };
}

const visible = (raw: string) => withTarget(raw, (target) => [{ name: 'assert_visible', params: { target } }]);
const notVisible = (raw: string) => withTarget(raw, (target) => [{ name: 'assert_not_visible', params: { target } }]);

/** Each state word as the assert_state it means; "off" is a switch that is not checked. */
const STATES: Record<string, { state: string; value: boolean }> = {
  on: { state: 'checked', value: true },
  off: { state: 'checked', value: false },
  checked: { state: 'checked', value: true },
  ticked: { state: 'checked', value: true },
  unchecked: { state: 'checked', value: false },
  enabled: { state: 'enabled', value: true },
  disabled: { state: 'enabled', value: false },
  selected: { state: 'selected', value: true },
  unselected: { state: 'selected', value: false },
  focused: { state: 'focused', value: true },
};
const STATE_WORDS = Object.keys(STATES).join('|');

function stateCheck(raw: string, not: string | undefined, word: string): Built {
  const { state, value } = STATES[word.toLowerCase()];
  return withTarget(raw, (target) => [{ name: 'assert_state', params: { target, state, value: not === undefined ? value : !value } }]);
}

/** "The screen shows X" is a visibility check, never a text check on an element called "the screen". */
const WHOLE_SCREEN = /^(?:the\s+)?(?:screen|page|app|view)$/i;

function textCheck(raw: string, key: 'contains' | 'equals', rawValue: string): Built {
  const value = valueOf(rawValue);
  if (!value || WHOLE_SCREEN.test(raw.trim()) || (!isQuoted(rawValue) && CLAUSE.test(rawValue))) return undefined;
  return withTarget(raw, (target) => [{ name: 'assert_text', params: { target, [key]: value } }]);
}

function count(rawNumber: string, raw: string): Built {
  const n = countOf(rawNumber);
  const target = subjectOf(raw);
  if (n === undefined || target === undefined) return undefined;
  if (n === 0) return { calls: [{ name: 'assert_not_visible', params: { target } }] };
  return { calls: [{ name: 'assert_visible', params: { target } }], count: { target, equals: n } };
}

const SHOWN = String.raw`(?:visible|shown|displayed|present|on\s+(?:the\s+)?screen)`;
const HIDDEN = String.raw`(?:hidden|gone|not\s+visible|not\s+shown|not\s+displayed|not\s+present|not\s+on\s+(?:the\s+)?screen|invisible)`;
const SCREEN = String.raw`(?:the\s+)?(?:screen|page|app|view)`;

/** Ordered: "the screen shows X" before "X shows Y", visibility before states so "on the screen" is not "on". */
const EXPECT_RULES: ExpectRule[] = [
  {
    rule: 'there are none',
    pattern: new RegExp(String.raw`^there\s+(?:is|are)\s+no\s+${V}(?:\s+on\s+(?:the\s+)?screen)?$`, 'i'),
    build: ([t]) => notVisible(t),
  },
  {
    rule: 'there are N',
    pattern: new RegExp(String.raw`^there\s+(?:is|are)\s+(?:exactly\s+)?(\d+|[a-z]+)\s+${V}(?:\s+on\s+(?:the\s+)?screen)?$`, 'i'),
    build: ([n, t]) => count(n, t),
  },
  { rule: 'screen shows', pattern: new RegExp(String.raw`^${SCREEN}\s+(?:shows|displays|contains|has)\s+${V}$`, 'i'), build: ([t]) => visible(t) },
  {
    rule: 'screen lacks',
    pattern: new RegExp(String.raw`^${SCREEN}\s+(?:does\s+not|doesn't)\s+(?:show|display|contain|have)\s+${V}$`, 'i'),
    build: ([t]) => notVisible(t),
  },
  { rule: 'i see', pattern: new RegExp(String.raw`^(?:i\s+(?:can\s+)?see|you\s+(?:can\s+)?see)\s+${V}$`, 'i'), build: ([t]) => visible(t) },
  { rule: 'is hidden', pattern: new RegExp(String.raw`^${V}\s+${BE}\s+${HIDDEN}$`, 'i'), build: ([t]) => notVisible(t) },
  { rule: 'is visible', pattern: new RegExp(String.raw`^${V}\s+(?:${BE}\s+${SHOWN}|appears|is\s+showing)$`, 'i'), build: ([t]) => visible(t) },
  { rule: 'is in state', pattern: new RegExp(String.raw`^${V}\s+${BE}\s+(not\s+)?(${STATE_WORDS})$`, 'i'), build: ([t, not, w]) => stateCheck(t, not, w) },
  {
    rule: 'text equals',
    pattern: new RegExp(String.raw`^${V}\s+(?:reads|says|equals|is\s+exactly|text\s+is)\s+${V}$`, 'i'),
    build: ([t, v]) => textCheck(t, 'equals', v),
  },
  {
    rule: 'text contains',
    pattern: new RegExp(String.raw`^${V}\s+(?:shows|contains|displays|includes|mentions|has\s+the\s+text)\s+${V}$`, 'i'),
    build: ([t, v]) => textCheck(t, 'contains', v),
  },
];

const LEAD = /^(?:(?:expect|check|verify|assert|ensure|make\s+sure)(?:\s+that)?\s+)/i;

/** Turns a common `ai.expect` assertion into assertion primitives; anything fuzzier comes back as NeedsModel. */
export function checkExpectation(assertion: string): ExpectationCheck | NeedsModel {
  const text = normalise(assertion, LEAD);
  for (const { rule, pattern, build } of EXPECT_RULES) {
    const match = pattern.exec(text);
    if (!match) continue;
    const built = build(match.slice(1));
    if (built === undefined) continue;
    const calls = built.calls.map((c) => validateCall(c));
    return { kind: 'check', assertion, rule, calls, ...(built.count === undefined ? {} : { count: built.count }) };
  }
  return needsModel('expectation', assertion.trim());
}
