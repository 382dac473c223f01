// Shared pieces of the offline grammar: quoted values, clean-up of the phrase and of captured targets.
import type { NeedsModel } from './types.js';

/** A captured value: a quoted string ("…", '…', “…”, ‘…’) taken whole, else the shortest text that lets the rest match. */
export const VALUE = String.raw`("[^"]*"|'[^']*'|“[^”]*”|‘[^’]*’|.+?)`;

const QUOTED = /^(?:"([^"]*)"|'([^']*)'|“([^”]*)”|‘([^’]*)’)$/;

/** Verbs that start a second instruction; an unquoted target holding "and <verb>" or "then" is a compound goal. */
const COMPOUND =
  /(?:,|\band\b|\bthen\b)\s*(?:then\s+)?(?:tap|click|press|open|type|enter|add|go|scroll|search|select|choose|turn|log|sign|check|buy|remove|delete|swipe|wait)\b|\bthen\b/i;

export function isQuoted(raw: string): boolean {
  return QUOTED.test(raw.trim());
}

/** The text inside quotes, or the raw text trimmed. */
export function unquote(raw: string): string {
  const m = QUOTED.exec(raw.trim());
  return m ? (m[1] ?? m[2] ?? m[3] ?? m[4]) : raw.trim();
}

/** A quoted label with an article or one noun around it: the "Add to cart" button, "HomeNet" networks. */
const LABELLED = /^(?:the\s+)?("[^"]*"|'[^']*'|“[^”]*”|‘[^’]*’)(?:\s+([\p{L}-]+))?$/iu;

/** A semantic target as the locator reads it ("the Log in button"), or undefined when it hides a second instruction. */
export function targetOf(raw: string): string | undefined {
  const labelled = LABELLED.exec(raw.trim());
  if (labelled) {
    const label = unquote(labelled[1]);
    return label === '' ? undefined : labelled[2] === undefined ? label : `${label} ${labelled[2]}`;
  }
  if (isQuoted(raw)) {
    const inner = unquote(raw);
    return inner === '' ? undefined : inner;
  }
  const text = raw.trim();
  if (text === '' || COMPOUND.test(text)) return undefined;
  return text;
}

/** A typed value with its quotes removed, or undefined when an unquoted value hides a second instruction. */
export function valueOf(raw: string): string | undefined {
  if (isQuoted(raw)) return unquote(raw);
  const text = raw.trim();
  return text === '' || COMPOUND.test(text) ? undefined : text;
}

/** Drops politeness and trailing punctuation so "Please tap Log in." reads as "tap Log in". */
export function normalise(text: string, lead: RegExp): string {
  return text
    .trim()
    .replace(/[.!]+$/, '')
    .replace(lead, '')
    .trim();
}

const NUMBER_WORDS: Record<string, number> = {
  no: 0,
  zero: 0,
  one: 1,
  a: 1,
  an: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

export function countOf(word: string): number | undefined {
  const lower = word.toLowerCase();
  if (/^\d+$/.test(lower)) return Number(lower);
  return NUMBER_WORDS[lower];
}

export const GRAMMAR_SUMMARY =
  'tap/press X; open/select X; type V into X; log in with U and P; search for Q; scroll to X; turn X on/off; select X; start the game; go back/home';
export const EXPECT_SUMMARY = 'X is on/off/checked/enabled/visible/shown; the screen shows X; X shows/contains Y; there are N X';

export function needsModel(kind: 'goal' | 'expectation', text: string): NeedsModel {
  const understood = kind === 'goal' ? GRAMMAR_SUMMARY : EXPECT_SUMMARY;
  return {
    kind: 'needs_model',
    text,
    message:
      `this ${kind} needs a model: set MOBILETEST_LLM_PROVIDER (with its model and key) to run "${text}"; ` +
      `without a model, agent steps understand only: ${understood}`,
  };
}
