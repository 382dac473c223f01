// Touch family: tap, double tap, long press, swipe, scroll to a target, drag.
import type { Point } from '../../drivers/index.js';
import type { Observation, ScreenElement } from '../../observe/index.js';
import { describeLocateResult, describeTarget, locate } from '../locator/index.js';
import type { Executors, ParamsOf } from '../schema/registry.js';
import { centre, type ActionContext } from './context.js';
import { TargetNotFound } from './errors.js';
import { where } from './screen-read.js';

type TouchExecutors = Pick<Executors<ActionContext, void>, 'tap' | 'double_tap' | 'long_press' | 'swipe' | 'scroll_to' | 'drag'>;
type Direction = ParamsOf<'swipe'>['direction'];

/** Pause between the two taps of a double tap: well inside Android's 300 ms double-tap window. */
const DOUBLE_TAP_GAP_MS = 60;
const SWIPE_MS = 300;

export const touchExecutors: TouchExecutors = {
  async tap(p, ctx) {
    await ctx.actOn(p.target, (e) => {
      ctx.touched('tap', [centre(e)]);
      return ctx.driver.tap(centre(e), ctx.call);
    });
    await ctx.checkExpected(p.expected);
  },

  async double_tap(p, ctx) {
    await ctx.actOn(p.target, async (e) => {
      ctx.touched('double_tap', [centre(e)]);
      await ctx.driver.tap(centre(e), ctx.call);
      await ctx.clock.sleep(DOUBLE_TAP_GAP_MS);
      await ctx.driver.tap(centre(e), ctx.call);
    });
    await ctx.checkExpected(p.expected);
  },

  async long_press(p, ctx) {
    await ctx.actOn(p.target, (e) => {
      ctx.touched('long_press', [centre(e)]);
      return ctx.driver.longPress(centre(e), { ...ctx.call, durationMs: p.duration_ms ?? 1000 });
    });
    await ctx.checkExpected(p.expected);
  },

  async swipe(p, ctx) {
    const from = p.from === undefined ? undefined : await ctx.ready({ target: p.from });
    if (!from) await ctx.ready();
    const screen = (ctx.before as Observation).screen;
    const start = from ? centre(from.element) : { x: screen.width / 2, y: screen.height / 2 };
    const end = moved(start, { direction: p.direction, distance: p.distance ?? 0.5 }, screen);
    ctx.touched('swipe', [start, end]);
    await ctx.driver.swipe(start, end, { ...ctx.call, durationMs: SWIPE_MS });
    await ctx.settle();
    await ctx.checkExpected(p.expected);
  },

  async scroll_to(p, ctx) {
    await ctx.ready();
    const content = p.direction ?? 'down';
    const max = p.max_swipes ?? 10;
    let o = ctx.before as Observation;
    for (let swipes = 0; ; swipes++) {
      const result = locate(o.screen, p.target, { for: 'action' });
      if (result.status === 'found') {
        ctx.recordCandidates(result.candidates, { target: p.target, ambiguous: false, chosen: 0 });
        ctx.element = result.best.element;
        ctx.finishWith(o);
        break;
      }
      if (swipes >= max)
        throw new TargetNotFound(
          `${describeTarget(p.target)} did not show up after ${max} swipes ${content} on ${where(o.screen)}: ${describeLocateResult(p.target, result)}. Raise max_swipes, or check the direction and the target.`,
        );
      const list = scrollArea(o, content);
      const [from, to] = fingerPath(list, content);
      ctx.touched('swipe', [from, to], swipes + 1);
      await ctx.driver.swipe(from, to, { ...ctx.call, durationMs: SWIPE_MS });
      const next = await ctx.settle();
      if (next.contentKey === o.contentKey) {
        throw new TargetNotFound(
          `${describeTarget(p.target)} is not in the list on ${where(next.screen)}: the list stopped moving after ${swipes + 1} swipe(s) ${content}. ${describeLocateResult(p.target, result)}.`,
        );
      }
      o = next;
    }
    await ctx.checkExpected(p.expected);
  },

  async drag(p, ctx) {
    const from = await ctx.ready({ target: p.from });
    const source = (from as { element: ScreenElement }).element;
    const candidates = ctx.candidates;
    const located = ctx.located;
    const to = await ctx.ready({ target: p.to });
    // The events show the candidates for the first target.
    ctx.candidates = candidates;
    ctx.located = located;
    ctx.element = source;
    const path = [centre(source), centre((to as { element: ScreenElement }).element)];
    ctx.touched('drag', path);
    await ctx.driver.drag(path[0], path[1], ctx.call);
    await ctx.settle();
    await ctx.checkExpected(p.expected);
  },
};

/** Which way a swipe goes, and how far, as a fraction of the screen. */
interface Move {
  direction: Direction;
  distance: number;
}

function moved(start: Point, { direction, distance }: Move, screen: { width: number; height: number }): Point {
  const clampX = (x: number) => Math.min(screen.width - 1, Math.max(0, x));
  const clampY = (y: number) => Math.min(screen.height - 1, Math.max(0, y));
  switch (direction) {
    case 'up':
      return { x: start.x, y: clampY(start.y - distance * screen.height) };
    case 'down':
      return { x: start.x, y: clampY(start.y + distance * screen.height) };
    case 'left':
      return { x: clampX(start.x - distance * screen.width), y: start.y };
    case 'right':
      return { x: clampX(start.x + distance * screen.width), y: start.y };
  }
}

/** The scrollable area to swipe in: the largest element that scrolls that way, else the app's window. */
function scrollArea(o: Observation, content: Direction): ScreenElement['bounds'] {
  const axis = content === 'up' || content === 'down' ? 'scrollable-vertical' : 'scrollable-horizontal';
  const area = (b: ScreenElement['bounds']) => (b.right - b.left) * (b.bottom - b.top);
  const lists = o.screen.elements.filter((e) => e.states.includes(axis)).sort((a, b) => area(b.bounds) - area(a.bounds));
  return lists[0]?.bounds ?? o.screen.windows.find((w) => w.kind === 'app')?.bounds ?? { left: 0, top: 0, right: o.screen.width, bottom: o.screen.height };
}

/** To see content further down, the finger moves up over 60% of the list, from 80% to 20%. */
function fingerPath(b: ScreenElement['bounds'], content: Direction): [Point, Point] {
  const at = (fx: number, fy: number): Point => ({ x: b.left + fx * (b.right - b.left), y: b.top + fy * (b.bottom - b.top) });
  switch (content) {
    case 'down':
      return [at(0.5, 0.8), at(0.5, 0.2)];
    case 'up':
      return [at(0.5, 0.2), at(0.5, 0.8)];
    case 'right':
      return [at(0.8, 0.5), at(0.2, 0.5)];
    case 'left':
      return [at(0.2, 0.5), at(0.8, 0.5)];
  }
}
