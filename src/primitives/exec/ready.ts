// Locating: waits for an idle screen and for the target, or polls a check on the screen, starting from
// the held screen when there is one and answering system dialogs by policy on the way.
import { pixelBlock, screenState, type Observation } from '../../observe/index.js';
import { describeLocateResult, isPoint, locate, type Candidate, type Target } from '../locator/index.js';
import type { ActionContext } from './context.js';
import { answerByPolicy, foreignDialog, isInside } from './dialog-policy.js';
import { TargetAmbiguous, TargetNotFound } from './errors.js';
import { failOnFatal } from './fatal.js';
import { notLive } from './not-live.js';
import { where } from './screen-read.js';

/** A target the pixels show covered or greyed out is looked at again for this long (a screen still being drawn) before the action fails. */
const NOT_LIVE_RECHECK_MS = 1000;

export interface ReadyOptions {
  target?: Target;
  for?: 'action' | 'read';
  /** The action is about the dialog itself (handle_dialog): no policy. */
  aimedAtDialog?: boolean;
}

/**
 * Waits until the screen is idle (bounded by timeouts.idle; still loading after that is no error) and,
 * with a target, until the locator finds it (bounded by timeouts.target). It starts from the held
 * screen when there is one; a read shows a screen idle unless something on it still loads (stock
 * uiautomator waits for idle before it dumps). System dialogs met on the way are answered by policy;
 * a crash or ANR ends the action. Aimed at for an action, the target is located on the screen with its
 * pixels read (when the observer reads pixels): an uncovered match wins over a covered one, and a
 * target still covered or greyed out after NOT_LIVE_RECHECK_MS ends the action (not-live.ts). A point
 * target is touched as asked: it is how an overlay the tree does not show is tapped.
 */
export async function ready(ctx: ActionContext, options: ReadyOptions = {}): Promise<Candidate | undefined> {
  const { target } = options;
  const { timeouts } = ctx.state;
  const start = ctx.clock.now();
  let held = await ctx.held();
  let notLiveSince: number | undefined;
  for (let reads = 0; ;) {
    ctx.signal?.throwIfAborted();
    const o = held ?? (await ctx.look());
    if (!held) reads++;
    held = undefined;
    await failOnFatal(ctx, o);
    let result = target === undefined ? undefined : locate(o.screen, target, { for: options.for ?? 'action' });
    const dialog = options.aimedAtDialog ? undefined : foreignDialog(o.screen, ctx.appInFront(o.screen));
    if (dialog && !isInside(result?.status === 'found' ? result.best.element : undefined, dialog)) {
      await answerByPolicy(ctx.dialogScope, dialog);
      continue;
    }
    const settled = screenState(o.screen) === 'idle';
    if (settled) ctx.markSettled(o);
    const elapsed = ctx.clock.now() - start;
    const idleDone = settled || elapsed >= timeouts.idle;
    // The screen to act on, with what its pixels say against its tree; a point is touched wherever it is, overlay or not.
    let seen: { observation: Observation; shown: Map<string, string>; judged?: true } = { observation: o, shown: new Map() };
    if (target !== undefined && !isPoint(target) && result !== undefined && result.status !== 'not_found' && idleDone && options.for !== 'read') {
      seen = { ...(await ctx.judgePixels(o)), judged: true };
      if (seen.observation !== o) result = locate(seen.observation.screen, target, { for: 'action' });
    }
    if (target === undefined || result === undefined) {
      if (idleDone) {
        await ctx.begin(o);
        return undefined;
      }
    } else if (result.status === 'found') {
      ctx.recordCandidates(result.candidates, { target, ambiguous: false, chosen: 0 });
      const block = idleDone ? pixelBlock(result.best.element) : undefined;
      if (block) {
        notLiveSince ??= ctx.clock.now();
        if (ctx.clock.now() - notLiveSince >= Math.min(NOT_LIVE_RECHECK_MS, timeouts.target)) {
          ctx.element = result.best.element;
          await ctx.begin(seen.observation);
          throw notLive({ element: result.best.element, shown: seen.shown.get(result.best.element.ref), screen: seen.observation.screen });
        }
      } else if (idleDone) {
        ctx.element = result.best.element;
        await ctx.begin(o);
        if (ctx.before === o && seen.judged) ctx.drawnBefore = seen.observation;
        return result.best;
      }
    } else if (result.status === 'ambiguous' && (settled || elapsed >= timeouts.target)) {
      ctx.recordCandidates(result.candidates, { target, ambiguous: true });
      await ctx.begin(o);
      throw new TargetAmbiguous(
        `${describeLocateResult(target, result)} on ${where(o.screen)}. Make the target more exact: its full text, a role ("the Log in button"), an id, or a ref from the screen.`,
      );
    } else if (elapsed >= timeouts.target) {
      await ctx.begin(o);
      throw new TargetNotFound(
        `${describeLocateResult(target, result)} on ${where(o.screen)}, after waiting ${Math.round(elapsed)} ms. Check the target against the screen text, or first bring up the screen that shows it.`,
      );
    }
    // A held screen without the target is read again at once; a read one after a pause.
    if (reads > 0) await ctx.pause(reads - 1);
  }
}

/**
 * Checks the held screen, then looks until `check` finds nothing missing (undefined) or `timeoutMs`
 * passes, answering system dialogs by policy on the way (unless `target` is inside the dialog);
 * returns what was last missing. An assertion that holds on the held screen costs no read; one that
 * asks for `pixels` costs a screenshot a read when the observer reads pixels.
 */
export async function poll(
  ctx: ActionContext,
  options: { timeoutMs: number; check: (o: Observation) => string | undefined; target?: Target; pixels?: boolean },
): Promise<string | undefined> {
  const { timeoutMs, check, target } = options;
  const start = ctx.clock.now();
  let held = await ctx.held();
  for (let reads = 0; ;) {
    ctx.signal?.throwIfAborted();
    const o = held ?? (await ctx.look());
    if (!held) reads++;
    held = undefined;
    await failOnFatal(ctx, o);
    const dialog = foreignDialog(o.screen, ctx.appInFront(o.screen));
    if (dialog) {
      const found = target === undefined ? undefined : locate(o.screen, target, { for: 'read' });
      if (!isInside(found?.status === 'found' ? found.best.element : undefined, dialog)) {
        await answerByPolicy(ctx.dialogScope, dialog);
        continue;
      }
    }
    await ctx.begin(o);
    // With `pixels`, the check reads the screen with its pixels judged (a control drawn greyed out is not enabled).
    const checked = options.pixels ? (await ctx.judgePixels(o)).observation : o;
    const problem = check(checked);
    if (problem === undefined && screenState(o.screen) === 'idle') ctx.markSettled(o);
    if (problem === undefined || ctx.clock.now() - start >= timeoutMs) {
      ctx.finishWith(o);
      return problem;
    }
    if (reads > 0) await ctx.pause(reads - 1);
  }
}
