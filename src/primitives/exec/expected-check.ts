// The expected check: an action's `expected` post-condition, polled briefly on the screen after acting.
import type { Expected } from '../schema/expected.js';
import type { ActionContext } from './context.js';
import { ExpectationFailed } from './errors.js';
import { failOnFatal } from './fatal.js';
import { describeExpected, unmetExpectation } from './screen-read.js';

/** How long `expected` is polled after acting. */
export const EXPECT_MS = 2000;

/** Polls `expected` briefly on the screen after acting; FAIL ExpectationFailed when it does not hold. */
export async function checkExpected(ctx: ActionContext, expected: Expected | undefined): Promise<void> {
  if (!expected) return;
  const start = ctx.clock.now();
  let o = ctx.after ?? (await ctx.look());
  for (let reads = 0; ; reads++) {
    const problem = unmetExpectation(expected, o, ctx.before);
    if (problem === undefined) return;
    if (ctx.clock.now() - start >= EXPECT_MS) {
      ctx.finishWith(o);
      throw new ExpectationFailed(
        `Expected ${describeExpected(expected)} after ${ctx.primitive}, but ${problem}.`,
        ctx.source === 'agent' ? 'plan' : 'product',
      );
    }
    await ctx.pause(reads);
    o = await ctx.look();
    await failOnFatal(ctx, o);
    ctx.finishWith(o);
  }
}
