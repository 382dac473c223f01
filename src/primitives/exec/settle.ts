// Waiting and settling: how long to wait between reads, and reading after acting until the screen settles.
import { screenState, type Observation } from '../../observe/index.js';
import type { ActionContext } from './context.js';
import { failOnFatal } from './fatal.js';
import { unmetExpectation } from './screen-read.js';

/** The shortest wait between two reads of the screen while waiting; longer waits follow the device's read time. */
export const POLL_MS = 50;

/** The wait before the next read: from POLL_MS, doubling with each read, never longer than the device's read takes (`readMs`). */
export function pauseMs(readsSoFar: number, readMs: number): number {
  return Math.max(POLL_MS, Math.min(POLL_MS * 2 ** readsSoFar, readMs));
}

/**
 * Reads the screen after acting until it has settled (bounded by timeouts.idle), and reports what
 * changed since `before`. Stock uiautomator waits for idle before it dumps, so one read that shows a
 * change and nothing loading has settled, as has one on which `until` (the expected outcome) holds;
 * a screen that still looks as before needs a second equal read, as the app may not have reacted yet.
 */
export async function settle(ctx: ActionContext): Promise<Observation> {
  const expected = ctx.expected;
  const until = expected ? (o: Observation) => unmetExpectation(expected, o, ctx.before) === undefined : undefined;
  const start = ctx.clock.now();
  let previous: Observation | undefined;
  for (let reads = 0; ; reads++) {
    ctx.signal?.throwIfAborted();
    const o = await ctx.look();
    const state = screenState(o.screen);
    const idle = state === 'idle' && (o.contentKey !== ctx.before?.contentKey || previous?.contentKey === o.contentKey);
    if (idle) ctx.markSettled(o);
    if (idle || until?.(o) === true || state === 'error' || ctx.clock.now() - start >= ctx.state.timeouts.idle) {
      ctx.finishWith(o);
      await failOnFatal(ctx, o);
      return o;
    }
    previous = o;
    await ctx.pause(reads);
  }
}
