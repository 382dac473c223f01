// Checking a value against the event schemas, with a message that names the field and what it should be.
import type { z } from 'zod';
import { EVENT_VERSION, MobileEvent } from './schema.js';

/** Problems listed in one message; the rest are counted. */
const MAX_PROBLEMS = 3;

/** Returns what is wrong with `value` as an event, or undefined when it is a well-formed event. */
export function eventProblem(value: unknown): string | undefined {
  const result = MobileEvent.safeParse(value);
  if (result.success) return undefined;
  const problems = result.error.issues.map((issue) => describe(issue, value));
  const shown = problems.slice(0, MAX_PROBLEMS).join('; ');
  const more = problems.length > MAX_PROBLEMS ? ` (and ${problems.length - MAX_PROBLEMS} more)` : '';
  const kind = isRecord(value) && typeof value.kind === 'string' && result.error.issues[0]?.path[0] !== 'kind' ? `${value.kind}: ` : '';
  return `${kind}${shown}${more}`;
}

export function isMobileEvent(value: unknown): value is MobileEvent {
  return MobileEvent.safeParse(value).success;
}

function describe(issue: z.core.$ZodIssue, root: unknown): string {
  const field = fieldName(issue.path);
  const value = valueAt(root, issue.path);
  if (issue.path.length === 0) return 'not a JSON object';
  if (field === 'kind' && issue.code === 'invalid_union') {
    const known = 'options' in issue && Array.isArray(issue.options) ? ` (known kinds: ${issue.options.join(', ')})` : '';
    return value === undefined ? `missing field "kind"${known}` : `unknown event kind ${show(value)}${known}`;
  }
  if (field === 'v' && issue.code === 'invalid_value') {
    return `unsupported event version ${show(value)} (this reader knows v${EVENT_VERSION})`;
  }
  const wanted = expectation(issue);
  if (wanted === undefined) return `field "${field}": ${issue.message}`;
  return value === undefined ? `missing field "${field}" (it should ${wanted})` : `field "${field}" should ${wanted}, got ${show(value)}`;
}

/** What the schema wanted, in words: "be a number", "be one of OK|FAIL", "be a string or an object", "have at least 1 item". */
function expectation(issue: z.core.$ZodIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return `be ${typeName(issue.expected)}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `be ${JSON.stringify(issue.values[0])}` : `be one of ${issue.values.join('|')}`;
    case 'invalid_union': {
      const types = issue.errors.map((errors) => (errors[0]?.code === 'invalid_type' ? typeName(errors[0].expected) : undefined));
      return types.length > 0 && types.every((type) => type !== undefined) ? `be ${types.join(' or ')}` : undefined;
    }
    case 'too_small':
      return issue.origin === 'array' ? `have at least ${count(issue.minimum, 'item')}` : `be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'array' ? `have at most ${count(issue.maximum, 'item')}` : `be at most ${issue.maximum}`;
    default:
      return undefined;
  }
}

const count = (n: number | bigint, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;

function typeName(expected: string): string {
  if (expected === 'record' || expected === 'object') return 'an object';
  if (expected === 'array') return 'an array';
  if (expected === 'int') return 'an integer';
  return `a ${expected}`;
}

/** `timings.device_calls[1].ms` */
function fieldName(path: readonly PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`)).join('');
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value = root;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The value as JSON, cut short: a field can hold a whole screen's text. */
function show(value: unknown): string {
  const json = typeof value === 'number' && !Number.isFinite(value) ? String(value) : (JSON.stringify(value) ?? String(value));
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
