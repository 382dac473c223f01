// WDA's element routes: finding, reading attributes, click/value/clear, and the touch routes
// (/actions, /wda/tap, /wda/doubleTap, /wda/touchAndHold, /wda/dragfromtoforduration, swipes, keys).
import { gesturesOf, type Gesture } from './actions.js';
import { WdaError } from './errors.js';
import { findElements } from './locators.js';
import { attributeValue } from './predicate.js';
import { centreOf, element, needSession, numberArg, perform, stringArg, type Route, type RouteContext } from './route.js';
import { W3C_ELEMENT } from './session.js';
import { walk, type WdaElement } from './tree.js';

function find(ctx: RouteContext, o: { many: boolean; from?: WdaElement }): unknown {
  const session = needSession(ctx);
  const using = stringArg(ctx, 'using');
  const value = ctx.body['value'];
  if (typeof value !== 'string') throw new WdaError('invalid argument', `'value' must be a string, got ${JSON.stringify(value)}`);
  const root = ctx.device.snapshot();
  const found = findElements({ using, value, root, from: o.from });
  if (o.many) return found.map((el) => session.reference(el));
  const first = found[0];
  if (!first) throw new WdaError('no such element', `Unable to find an element using '${using}', value '${value}'`);
  return session.reference(first);
}

/** What GET /element/:uuid/attribute/:name answers: WDA's wd* properties by their short names (as predicates read them), null for an unknown one. */
function attribute(el: WdaElement, name: string): unknown {
  switch (name.replace(/^wd/, '').replace(/^./, (c) => c.toLowerCase())) {
    case 'displayed':
      return el.visible;
    case 'hittable':
      return el.visible && el.enabled;
    case 'rect':
      return JSON.stringify(el.rect);
  }
  try {
    return attributeValue(el, name);
  } catch (error) {
    if (error instanceof WdaError) return null;
    throw error;
  }
}

function tapElement(ctx: RouteContext, el: WdaElement): Gesture {
  return { kind: 'tap', ...centreOf(el, ctx.device.scale) };
}

/** Focuses a text field (a tap, as FBTypeText does when it has no keyboard focus) and types. */
async function typeInto(ctx: RouteContext, el: WdaElement, text: string): Promise<void> {
  if (!el.focused || !ctx.device.phone.ui.keyboardShown()) await perform(ctx, [tapElement(ctx, el)]);
  await perform(ctx, [{ kind: 'type', text }]);
}

function textArg(ctx: RouteContext): string {
  const value = ctx.body['value'] ?? ctx.body['text'];
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(String).join('');
  throw new WdaError('invalid argument', `'value' must be an array of strings or 'text' a string, got ${JSON.stringify(value)}`);
}

/** The finger's direction for a swipe on an element ('up' moves the finger up), in points. */
function swipeOn(el: WdaElement, direction: string, scale: number): Gesture {
  const { x, y } = centreOf(el, scale);
  const dx = Math.max(1, ((el.hit.right - el.hit.left) / scale) * 0.35);
  const dy = Math.max(1, ((el.hit.bottom - el.hit.top) / scale) * 0.35);
  const moves: Record<string, [number, number]> = { up: [0, -dy], down: [0, dy], left: [-dx, 0], right: [dx, 0] };
  const move = moves[direction.toLowerCase()];
  if (!move) throw new WdaError('invalid argument', `'direction' must be up, down, left or right, got '${direction}'`);
  return { kind: 'swipe', x1: x - move[0], y1: y - move[1], x2: x + move[0], y2: y + move[1], durationMs: 250 };
}

const seconds = (ctx: RouteContext, name: string, fallback: number): number => Math.round(numberArg(ctx, name, fallback) * 1000);

const elementRect = (ctx: RouteContext) => (origin: unknown) => {
  const id = (origin as Record<string, unknown> | null)?.[W3C_ELEMENT] ?? (origin as Record<string, unknown> | null)?.['ELEMENT'];
  if (typeof id !== 'string') return undefined;
  return needSession(ctx).resolve(id, ctx.device.snapshot()).rect;
};

const done =
  (fn: (ctx: RouteContext) => Promise<void> | void) =>
  async (ctx: RouteContext): Promise<null> => {
    await fn(ctx);
    return null;
  };

export const ELEMENT_ROUTES: Route[] = [
  { method: 'POST', path: '/element', scope: 'session', handle: (ctx) => find(ctx, { many: false }) },
  { method: 'POST', path: '/elements', scope: 'session', handle: (ctx) => find(ctx, { many: true }) },
  { method: 'POST', path: '/element/:uuid/element', scope: 'session', handle: (ctx) => find(ctx, { many: false, from: element(ctx) }) },
  { method: 'POST', path: '/element/:uuid/elements', scope: 'session', handle: (ctx) => find(ctx, { many: true, from: element(ctx) }) },
  {
    method: 'GET',
    path: '/element/active',
    scope: 'session',
    handle: (ctx) => {
      const focused = [...walk(ctx.device.snapshot())].find((el) => el.focused);
      if (!focused) throw new WdaError('no such element', 'No element has the keyboard focus');
      return needSession(ctx).reference(focused);
    },
  },
  { method: 'GET', path: '/element/:uuid/attribute/:name', scope: 'session', handle: (ctx) => attribute(element(ctx), ctx.params['name'] ?? '') },
  { method: 'GET', path: '/element/:uuid/text', scope: 'session', handle: (ctx) => element(ctx).value || element(ctx).label || '' },
  { method: 'GET', path: '/element/:uuid/displayed', scope: 'session', handle: (ctx) => element(ctx).visible },
  { method: 'GET', path: '/element/:uuid/enabled', scope: 'session', handle: (ctx) => element(ctx).enabled },
  { method: 'GET', path: '/element/:uuid/selected', scope: 'session', handle: (ctx) => element(ctx).selected },
  { method: 'GET', path: '/element/:uuid/name', scope: 'session', handle: (ctx) => `XCUIElementType${element(ctx).type}` },
  { method: 'GET', path: '/element/:uuid/rect', scope: 'session', handle: (ctx) => element(ctx).rect },
  { method: 'GET', path: '/wda/element/:uuid/accessible', scope: 'session', handle: (ctx) => element(ctx).accessible },
  { method: 'POST', path: '/element/:uuid/click', scope: 'session', handle: done((ctx) => perform(ctx, [tapElement(ctx, element(ctx))])) },
  { method: 'POST', path: '/element/:uuid/value', scope: 'session', handle: done((ctx) => typeInto(ctx, element(ctx), textArg(ctx))) },
  {
    method: 'POST',
    path: '/element/:uuid/clear',
    scope: 'session',
    handle: done((ctx) => {
      const el = element(ctx);
      const length = el.value !== null && el.value !== el.placeholderValue ? [...el.value].length : 0;
      return typeInto(ctx, el, '\b'.repeat(length));
    }),
  },
  { method: 'POST', path: '/actions', scope: 'session', handle: done((ctx) => perform(ctx, gesturesOf(ctx.body, elementRect(ctx)))) },
  { method: 'POST', path: '/wda/keys', scope: 'session', handle: done((ctx) => perform(ctx, [{ kind: 'type', text: textArg(ctx) }])) },
  {
    method: 'POST',
    path: '/wda/keyboard/dismiss',
    scope: 'session',
    handle: done((ctx) => {
      if (!ctx.device.phone.ui.keyboardShown()) throw new WdaError('invalid element state', 'The keyboard is not shown, so it cannot be dismissed');
      ctx.device.phone.ui.keyEvent(4);
    }),
  },
  {
    method: 'POST',
    path: '/wda/tap',
    scope: 'session',
    handle: done((ctx) => perform(ctx, [{ kind: 'tap', x: numberArg(ctx, 'x'), y: numberArg(ctx, 'y') }])),
  },
  { method: 'POST', path: '/wda/element/:uuid/tap', scope: 'session', handle: done((ctx) => perform(ctx, [tapElement(ctx, element(ctx))])) },
  {
    method: 'POST',
    path: '/wda/doubleTap',
    scope: 'session',
    handle: done((ctx) => {
      const at = { kind: 'tap' as const, x: numberArg(ctx, 'x'), y: numberArg(ctx, 'y') };
      return perform(ctx, [at, at]);
    }),
  },
  {
    method: 'POST',
    path: '/wda/element/:uuid/doubleTap',
    scope: 'session',
    handle: done((ctx) => {
      const tap = tapElement(ctx, element(ctx));
      return perform(ctx, [tap, tap]);
    }),
  },
  {
    method: 'POST',
    path: '/wda/touchAndHold',
    scope: 'session',
    handle: done((ctx) => perform(ctx, [{ kind: 'longPress', x: numberArg(ctx, 'x'), y: numberArg(ctx, 'y'), durationMs: seconds(ctx, 'duration', 1) }])),
  },
  {
    method: 'POST',
    path: '/wda/element/:uuid/touchAndHold',
    scope: 'session',
    handle: done((ctx) => perform(ctx, [{ kind: 'longPress', ...centreOf(element(ctx), ctx.device.scale), durationMs: seconds(ctx, 'duration', 1) }])),
  },
  {
    method: 'POST',
    path: '/wda/dragfromtoforduration',
    scope: 'session',
    handle: done((ctx) =>
      perform(ctx, [
        {
          kind: 'swipe',
          x1: numberArg(ctx, 'fromX'),
          y1: numberArg(ctx, 'fromY'),
          x2: numberArg(ctx, 'toX'),
          y2: numberArg(ctx, 'toY'),
          durationMs: seconds(ctx, 'duration', 0.5),
        },
      ]),
    ),
  },
  {
    method: 'POST',
    path: '/wda/element/:uuid/dragfromtoforduration',
    scope: 'session',
    handle: done((ctx) => {
      const { x, y } = element(ctx).rect;
      const [x1, y1, x2, y2] = [numberArg(ctx, 'fromX') + x, numberArg(ctx, 'fromY') + y, numberArg(ctx, 'toX') + x, numberArg(ctx, 'toY') + y];
      return perform(ctx, [{ kind: 'swipe', x1, y1, x2, y2, durationMs: seconds(ctx, 'duration', 0.5) }]);
    }),
  },
  {
    method: 'POST',
    path: '/wda/element/:uuid/swipe',
    scope: 'session',
    handle: done((ctx) => perform(ctx, [swipeOn(element(ctx), stringArg(ctx, 'direction'), ctx.device.scale)])),
  },
  {
    method: 'POST',
    path: '/wda/swipe',
    scope: 'session',
    handle: done((ctx) => {
      const root = ctx.device.snapshot();
      return perform(ctx, [swipeOn(root, stringArg(ctx, 'direction'), ctx.device.scale)]);
    }),
  },
  {
    method: 'POST',
    path: '/wda/element/:uuid/scroll',
    scope: 'session',
    handle: done((ctx) => {
      // Scrolling 'down' shows what is below: the finger moves up.
      const opposite: Record<string, string> = { down: 'up', up: 'down', left: 'right', right: 'left' };
      const direction = opposite[String(ctx.body['direction'] ?? 'down').toLowerCase()] ?? 'up';
      return perform(ctx, [swipeOn(element(ctx), direction, ctx.device.scale)]);
    }),
  },
];
