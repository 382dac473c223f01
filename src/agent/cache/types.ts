// What the plan cache file holds: per agent call, what it did (a goal's steps) or found (a check's answer).
import type { PrimitiveCall } from '../../primitives/index.js';
import type { GoalCheck } from '../verify/index.js';

/** One primitive an agent step ran, as it can be run again on another day. */
export interface CachedStep {
  /** Semantic targets only (never a ref like "e7"); secret text is stored masked, see `secret`. */
  call: PrimitiveCall;
  /** Screen signature before the step (a differing one on replay is evidence, not a failure). */
  signature: string;
  /** The step acted on a dialog or popup: when that dialog is absent on replay, the step is skipped. */
  dialog?: boolean;
  /** The typed text was secret: replay takes it from `goalValues(goal)[secret]` instead of the file. */
  secret?: number;
}

export interface GoalEntry {
  kind: 'step';
  text: string;
  app?: string;
  steps: CachedStep[];
  /** What showed the goal done when it was recorded: checked again after every replay (rule goals derive theirs from the text). */
  verify?: GoalCheck;
  recorded_at: string;
}

export interface CheckEntry {
  kind: 'expect' | 'query' | 'wait_for';
  text: string;
  app?: string;
  content_key: string;
  signature: string;
  answer: unknown;
  recorded_at: string;
}

export type CacheEntry = GoalEntry | CheckEntry;

export type CacheCall = 'step' | 'expect' | 'query' | 'wait_for';

/** The file: `__mobiletest__/<spec file name>.cache.json` beside the spec. */
export interface CacheFile {
  version: 1;
  entries: Record<string, CacheEntry>;
}

export const CACHE_VERSION = 1;
