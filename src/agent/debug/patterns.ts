// The failure pattern library: a failure seen before — decided by the rules or by the model debugger — costs no model call.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { z } from 'zod';
import { AttributableCategory, redactText } from '../../events/index.js';
import type { ActionResult } from '../../primitives/index.js';
import { baseEvidence, clip, type Attribution } from './attribution.js';
import { patternKey } from './pattern-key.js';
import { FailurePatternsFileError } from './patterns-file-error.js';
import { attribute, RULES } from './rules.js';

/** Learned patterns kept; the least recently seen go first past it, so the file stays small. */
export const MAX_LEARNED_PATTERNS = 200;

const LearnedPattern = z.strictObject({
  key: z.string().min(1),
  category: AttributableCategory,
  decision: z.enum(['retry', 'replan', 'stop']),
  reason: z.string(),
  seen: z.number().int().min(1),
  last_seen: z.string(),
});
type LearnedPattern = z.infer<typeof LearnedPattern>;

const PatternFile = z.strictObject({ version: z.literal(1), patterns: z.array(LearnedPattern) });

/** What is remembered of a decision: the debugger model's answer has no evidence of its own. */
export type RememberedDecision = Pick<Attribution, 'category' | 'decision' | 'reason'> & Partial<Pick<Attribution, 'pattern'>>;

const RULE_KEYS = new Set(RULES.map((r) => r.key));
const WINDOW_RULES = new Set(RULES.filter((r) => r.readsWindow).map((r) => r.key));

export class FailurePatterns {
  private readonly learned = new Map<string, LearnedPattern>();
  private dirty = false;

  /** `file` is where learned patterns are kept; without one they last for this process only. */
  constructor(readonly file?: string) {}

  /** Loads the learned patterns; a missing file is an empty library, a corrupt one a FailurePatternsFileError. */
  static async open(file: string): Promise<FailurePatterns> {
    const patterns = new FailurePatterns(file);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return patterns;
      throw new FailurePatternsFileError(file, `could not be read (${(error as Error).message})`, { cause: error });
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new FailurePatternsFileError(file, `is not JSON (${(error as Error).message})`, { cause: error });
    }
    const parsed = PatternFile.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new FailurePatternsFileError(
        file,
        `is not a pattern file: ${issue ? `${issue.path.join('.') || 'top level'}: ${issue.message}` : 'unknown shape'}`,
      );
    }
    for (const p of parsed.data.patterns) patterns.learned.set(p.key, p);
    return patterns;
  }

  /** The known attribution of this failure: the seeded rule patterns first, then the learned ones. */
  lookup(failed: ActionResult): Attribution | undefined {
    const ruled = attribute({ goal: '', failed, window: [] });
    // A NoEffect is retried or replanned by what came before it, which only attribute() with the window can see.
    if (ruled) return ruled.pattern && WINDOW_RULES.has(ruled.pattern) ? undefined : ruled;
    if (!failed.failure) return undefined;
    const key = patternKey(failed.failure);
    const known = this.learned.get(key);
    if (!known) return undefined;
    return {
      category: known.category,
      decision: known.decision,
      reason: known.reason,
      evidence: [...baseEvidence(failed), `pattern: learned, seen ${known.seen} time${known.seen === 1 ? '' : 's'} before, last on ${known.last_seen}`],
      pattern: key,
    };
  }

  /** Keeps a decision for failures like this one; rule decisions are not stored (the rules make them again). Answers whether it was stored. */
  remember(failed: ActionResult, decision: RememberedDecision): boolean {
    // A refusal is the model's, not the app's: nothing about the app to learn from it.
    if (!failed.failure || decision.category === 'refusal' || (decision.pattern && RULE_KEYS.has(decision.pattern))) return false;
    const key = patternKey(failed.failure);
    const earlier = this.learned.get(key);
    this.learned.delete(key);
    this.learned.set(key, {
      key,
      category: decision.category,
      decision: decision.decision,
      reason: clip(redactText(decision.reason), 400),
      seen: (earlier?.seen ?? 0) + 1,
      last_seen: new Date().toISOString(),
    });
    // Map order is insertion order and a remembered key is moved to the end: the first is the least recently seen.
    while (this.learned.size > MAX_LEARNED_PATTERNS) this.learned.delete(this.learned.keys().next().value as string);
    this.dirty = true;
    return true;
  }

  /** The learned patterns, least recently seen first. */
  entries(): LearnedPattern[] {
    return [...this.learned.values()].map((p) => ({ ...p }));
  }

  /** Writes the learned patterns when something changed: to a temporary file first, then renamed over the old one. */
  async flush(): Promise<void> {
    if (!this.file || !this.dirty) return;
    const body = `${JSON.stringify({ version: 1, patterns: [...this.learned.values()] }, null, 2)}\n`;
    const temp = `${this.file}.${randomUUID()}.tmp`;
    try {
      await mkdir(dirname(this.file), { recursive: true });
      await writeFile(temp, body, 'utf8');
      await rename(temp, this.file);
    } catch (error) {
      await rm(temp, { force: true });
      throw new FailurePatternsFileError(this.file, `could not be written (${(error as Error).message})`, { cause: error });
    }
    this.dirty = false;
  }
}
