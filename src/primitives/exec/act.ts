// Acting with one retry: act, settle, and when nothing changed wait for idle and act once more.
import { pixelBlock, type Observation, type ScreenElement } from '../../observe/index.js';
import { describeTarget, type Target } from '../locator/index.js';
import type { ActionContext } from './context.js';
import { NoEffect } from './errors.js';
import { where } from './screen-read.js';

/**
 * Acts (on a target, when given), settles, and when nothing changed waits for idle and acts once
 * more; still nothing is RETRY NoEffect, unless nothing was expected to change (a focused field).
 * When the observer reads pixels, a change only they show (an overlay the tree never held came or
 * went, as a tip closed by back) counts too: acting again would act on what was under it.
 */
export async function actOn<E extends ScreenElement | undefined>(
  ctx: ActionContext,
  target: Target | undefined,
  act: (element: E) => Promise<void>,
): Promise<E> {
  const first = await ctx.ready({ target });
  const element = first?.element as E;
  const drawn = drawnStates(ctx.drawnBefore ?? (await ctx.judgePixels(ctx.before as Observation)).observation);
  await act(element);
  await ctx.settle();
  if (ctx.changed() || (element && !expectsChange(element))) return element;
  if (drawnStates((await ctx.judgePixels(ctx.after as Observation)).observation) !== drawn) return element;
  const again = await ctx.ready({ target });
  await act(again?.element as E);
  await ctx.settle();
  if (ctx.changed()) return element;
  const what = target === undefined ? ctx.primitive : `${ctx.primitive} on ${describeTarget(target)} (${element?.role} ${element?.ref} "${element?.label}")`;
  throw new NoEffect(
    `${what} changed nothing on ${where((ctx.after ?? ctx.before)!.screen)}, also when tried again after the screen was idle. It may be disabled or covered, or the app ignores it here: look at the screen and choose another action.`,
  );
}

/** What the pixels said against the tree, element by element: covered and greyed-out ones. */
function drawnStates(o: Observation): string {
  return o.screen.elements.flatMap((e) => (pixelBlock(e) ? [`${e.ref} ${pixelBlock(e)}`] : [])).join(', ');
}

/** Tapping an input that already has focus is allowed to change nothing. */
function expectsChange(element: ScreenElement): boolean {
  return !(element.role === 'input' && element.states.includes('focused'));
}
