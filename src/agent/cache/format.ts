// Reading and writing the cache file: checked on the way in, pretty and in a stable key order on the way out
// so that a re-recorded step is a small, reviewable diff.
import { GoalCheck } from '../verify/index.js';
import { PlanCacheError } from './errors.js';
import { CACHE_VERSION, type CacheEntry, type CacheFile } from './types.js';

const KINDS = new Set(['step', 'expect', 'query', 'wait_for']);
/** Keys written first, in this order, wherever they occur; any other key follows in alphabetical order. */
const KEY_ORDER = [
  'version', 'entries', 'kind', 'text', 'app', 'steps', 'call', 'name', 'params', 'target', 'signature', 'dialog', 'secret',
  'verify', 'content_key', 'answer', 'recorded_at',
];
const RANK = new Map(KEY_ORDER.map((k, i) => [k, i]));

function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (typeof value !== 'object' || value === null) return value;
  const keys = Object.keys(value).sort((a, b) => (RANK.get(a) ?? KEY_ORDER.length) - (RANK.get(b) ?? KEY_ORDER.length) || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(keys.map((k) => [k, ordered((value as Record<string, unknown>)[k])]));
}

/** The file's text: entries sorted by key, two-space indent, a final newline. */
export function formatCache(entries: Record<string, CacheEntry>): string {
  const sorted = Object.fromEntries(Object.keys(entries).sort().map((k) => [k, entries[k]]));
  return `${JSON.stringify(ordered({ version: CACHE_VERSION, entries: sorted }), null, 2)}\n`;
}

function remedy(file: string): string {
  return `Delete ${file} or run with --cache=refresh (MOBILETEST_CACHE=refresh) to record it again.`;
}

/** Parses and checks a cache file's text; throws PlanCacheError naming the file and what to do. */
export function parseCache(text: string, file: string): CacheFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new PlanCacheError(`The plan cache ${file} is not valid JSON (${(error as Error).message}). ${remedy(file)}`, file);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new PlanCacheError(`The plan cache ${file} is not a JSON object with "version" and "entries". ${remedy(file)}`, file);
  }
  const { version, entries } = data as { version?: unknown; entries?: unknown };
  if (version !== CACHE_VERSION) {
    throw new PlanCacheError(`The plan cache ${file} has version ${JSON.stringify(version)}; this mobiletest reads version ${CACHE_VERSION}. ${remedy(file)}`, file);
  }
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) {
    throw new PlanCacheError(`The plan cache ${file} has no "entries" object. ${remedy(file)}`, file);
  }
  for (const [key, entry] of Object.entries(entries)) {
    const problem = entryProblem(entry);
    if (problem) throw new PlanCacheError(`The plan cache ${file} has a broken entry "${key}": ${problem}. ${remedy(file)}`, file);
  }
  return { version: CACHE_VERSION, entries: entries as Record<string, CacheEntry> };
}

/** What is wrong with one entry's shape, or undefined. Calls inside steps are validated when replayed. */
function entryProblem(entry: unknown): string | undefined {
  if (typeof entry !== 'object' || entry === null) return 'it is not an object';
  const e = entry as Record<string, unknown>;
  if (typeof e.kind !== 'string' || !KINDS.has(e.kind)) return `unknown kind ${JSON.stringify(e.kind)}`;
  if (typeof e.text !== 'string') return 'no "text"';
  if (e.kind === 'step') {
    if (!Array.isArray(e.steps)) return 'no "steps" list';
    const bad = e.steps.findIndex((s: unknown) => {
      const step = s as Record<string, unknown> | null;
      return typeof step !== 'object' || step === null || typeof step.signature !== 'string'
        || typeof step.call !== 'object' || step.call === null || typeof (step.call as Record<string, unknown>).name !== 'string';
    });
    if (bad >= 0) return `step ${bad + 1} lacks a call or a signature`;
    if (e.verify !== undefined) {
      const check = GoalCheck.safeParse(e.verify);
      if (!check.success) return `its "verify" is not a goal check (${check.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')})`;
    }
  } else if (typeof e.content_key !== 'string' || typeof e.signature !== 'string') {
    return 'no "content_key" or "signature"';
  }
  return undefined;
}
