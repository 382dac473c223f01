// Reading and writing the cache file: checked on the way in, pretty and in a stable key order on the way out
// so that a re-recorded step is a small, reviewable diff.
import type { z } from 'zod';
import { dotted } from '../../primitives/schema/issue-text.js';
import { PlanCacheError } from './errors.js';
import { CACHE_VERSION, CacheFile, type CacheEntry } from './types.js';

/** Keys written first, in this order, wherever they occur; any other key follows in alphabetical order. */
const KEY_ORDER = [
  'version',
  'entries',
  'kind',
  'text',
  'app',
  'steps',
  'call',
  'name',
  'params',
  'target',
  'signature',
  'dialog',
  'secret',
  'verify',
  'content_key',
  'answer',
  'recorded_at',
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
  const sorted = Object.fromEntries(
    Object.keys(entries)
      .sort()
      .map((k) => [k, entries[k]]),
  );
  return `${JSON.stringify(ordered({ version: CACHE_VERSION, entries: sorted }), null, 2)}\n`;
}

function remedy(file: string): string {
  return `Delete ${file} or run with --cache=refresh (MOBILETEST_CACHE=refresh) to record it again.`;
}

/** Parses and checks a cache file's text; throws PlanCacheError naming the file, the entry and what to do. */
export function parseCache(text: string, file: string): CacheFile {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new PlanCacheError(`The plan cache ${file} is not valid JSON (${(error as Error).message}). ${remedy(file)}`, file);
  }
  const parsed = CacheFile.safeParse(data);
  if (parsed.success) return parsed.data;
  throw new PlanCacheError(`The plan cache ${file} ${problemOf(parsed.error.issues[0])}. ${remedy(file)}`, file);
}

/** One issue in words: the file's own ("has version 7; ..."), or an entry's, named by its key and the step or field. */
function problemOf(issue: z.core.$ZodIssue): string {
  const [top, key, ...rest] = issue.path;
  if (top !== 'entries' || key === undefined) return issue.message;
  return `has a broken entry ${JSON.stringify(String(key))}: ${whereIn(rest)}${issue.message}`;
}

/** `step 2 ` (a step's messages are phrases of their own), `its "verify" …: `, `text: ` or nothing, for a path inside an entry. */
function whereIn(path: readonly PropertyKey[]): string {
  const [field, index] = path;
  if (field === 'steps' && typeof index === 'number') return `step ${index + 1} `;
  if (field === 'verify') return `its "verify" is not a goal check (${dotted(path.slice(1)) || '(root)'}): `;
  return field === undefined ? '' : `${dotted(path)}: `;
}
