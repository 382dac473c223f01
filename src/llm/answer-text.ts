// Reading JSON out of an answer as real models write it: bare, in a markdown fence, with prose around
// it, or after a <think>…</think> block (local reasoning models print their reasoning first).

export interface AnswerText {
  /** The JSON values found, in the order they appear: the whole text, else each fence, else each balanced value. */
  values: unknown[];
  /** The reasoning a leading <think> block held, kept for the trace. */
  thinking?: string;
}

const THINK = /^\s*<think>([\s\S]*?)(?:<\/think>|$)/i;

/** Every JSON value in `text` a caller could mean, best first; none when there is none. */
export function readAnswerText(text: string): AnswerText {
  const think = THINK.exec(text);
  const thinking = think ? think[1].trim() : undefined;
  const rest = think ? text.slice(think[0].length) : text;
  const values: unknown[] = [];
  const whole = parse(rest.trim());
  if (whole.ok) values.push(whole.value);
  else {
    for (const fence of rest.matchAll(/```[a-zA-Z0-9_-]*[ \t]*\n([\s\S]*?)```/g)) {
      const inside = parse(fence[1].trim());
      if (inside.ok) values.push(inside.value);
    }
    if (values.length === 0) values.push(...balancedValues(rest));
  }
  return { values, ...(thinking ? { thinking } : {}) };
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  if (!text) return { ok: false };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Each complete top-level `{…}` or `[…]` in prose that parses as JSON, strings and escapes respected. */
function balancedValues(text: string): unknown[] {
  const values: unknown[] = [];
  let i = 0;
  while (i < text.length) {
    const start = text.slice(i).search(/[{[]/);
    if (start < 0) break;
    const from = i + start;
    const end = closingIndex(text, from);
    if (end < 0) {
      i = from + 1;
      continue;
    }
    const value = parse(text.slice(from, end + 1));
    if (value.ok && typeof value.value === 'object' && value.value !== null) {
      values.push(value.value);
      i = end + 1;
    } else {
      i = from + 1;
    }
  }
  return values;
}

/** Where the bracket opened at `from` closes, or -1. */
function closingIndex(text: string, from: number): number {
  const stack: string[] = [];
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{') stack.push('}');
    else if (c === '[') stack.push(']');
    else if (c === '}' || c === ']') {
      if (stack.pop() !== c) return -1;
      if (stack.length === 0) return i;
    }
  }
  return -1;
}
