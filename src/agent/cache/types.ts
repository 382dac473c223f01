// What the plan cache file holds: per agent call, what it did (a goal's steps) or found (a check's answer).
// One description: the types are inferred from it and a file read back is checked by it (format.ts).
import { z } from 'zod';
import type { PrimitiveCall } from '../../primitives/index.js';
import { GoalCheck } from '../verify/index.js';

export const CACHE_VERSION = 1;

// A step's messages are phrases of their own: the error reads "step 2 lacks a call or a signature".
const STEP_BROKEN = 'lacks a call or a signature';
const SECRET_BROKEN = 'has a "secret" that is not a slot number (0 or more)';

/** One primitive an agent step ran, as it can be run again on another day. */
export const CachedStep = z.object(
  {
    /** Semantic targets only (never a ref like "e7"); secret text is stored masked, see `secret`. Its params are checked by the primitive's own schema when replayed. */
    call: z.custom<PrimitiveCall>((value) => typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string', {
      error: STEP_BROKEN,
    }),
    /** Screen signature before the step (a differing one on replay is evidence, not a failure). */
    signature: z.string({ error: STEP_BROKEN }),
    /** The step acted on a dialog or popup: when that dialog is absent on replay, the step is skipped. */
    dialog: z.boolean({ error: 'has a "dialog" that is not true or false' }).optional(),
    /** The typed text was secret: replay takes it from `goalValues(goal)[secret]` instead of the file. */
    secret: z.number({ error: SECRET_BROKEN }).int({ error: SECRET_BROKEN }).min(0, { error: SECRET_BROKEN }).optional(),
  },
  { error: 'is not an object {call, signature}' },
);
export type CachedStep = z.infer<typeof CachedStep>;

export const GoalEntry = z.object({
  kind: z.literal('step'),
  text: z.string(),
  app: z.string().optional(),
  steps: z.array(CachedStep, { error: 'should be a list of steps' }),
  /** What showed the goal done when it was recorded: checked again after every replay (rule goals derive theirs from the text). */
  verify: GoalCheck.optional(),
  recorded_at: z.string(),
});
export type GoalEntry = z.infer<typeof GoalEntry>;

export const CheckEntry = z.object({
  kind: z.enum(['expect', 'query', 'wait_for']),
  text: z.string(),
  app: z.string().optional(),
  content_key: z.string(),
  signature: z.string(),
  answer: z.unknown(),
  recorded_at: z.string(),
});
export type CheckEntry = z.infer<typeof CheckEntry>;

export const CacheEntry = z.discriminatedUnion('kind', [GoalEntry, CheckEntry], {
  error: (issue) =>
    issue.code === 'invalid_union'
      ? `${JSON.stringify((issue.input as { kind?: unknown } | undefined)?.kind) ?? 'nothing'} is not one of step, expect, query, wait_for`
      : undefined,
});
export type CacheEntry = z.infer<typeof CacheEntry>;

export type CacheCall = CacheEntry['kind'];

/** The file: `__mobiletest__/<spec file name>.cache.json` beside the spec. */
export const CacheFile = z.object(
  {
    version: z.literal(CACHE_VERSION, {
      error: (issue) => `has version ${JSON.stringify(issue.input) ?? '(none)'}; this mobiletest reads version ${CACHE_VERSION}`,
    }),
    entries: z.record(z.string(), CacheEntry, { error: (issue) => (issue.code === 'invalid_type' ? 'has no "entries" object' : undefined) }),
  },
  { error: 'is not a JSON object with "version" and "entries"' },
);
export type CacheFile = z.infer<typeof CacheFile>;
