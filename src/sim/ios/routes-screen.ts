// WDA's routes that read the screen: page source (xml, json, description), screenshots and alerts.
import { WdaError } from './errors.js';
import { centreOf, needSession, type Route, type RouteContext } from './route.js';
import { jsonElement, sourceDescription, sourceXml } from './source-format.js';
import { walk, type WdaElement } from './tree.js';

function source(ctx: RouteContext): unknown {
  const root = ctx.device.snapshot();
  const format = ctx.query.get('format') ?? 'xml';
  if (format === 'xml') {
    const excluded = (ctx.query.get('excluded_attributes') ?? '').split(',').map((name) => name.trim().toLowerCase());
    return sourceXml(root, new Set(excluded.filter(Boolean)));
  }
  if (format === 'json') return jsonElement(root);
  if (format === 'description') return sourceDescription(root);
  throw new WdaError('invalid argument', `The format '${format}' is unknown; use xml, json or description`);
}

async function screenshot(ctx: RouteContext): Promise<string> {
  try {
    return (await ctx.device.phone.screenshotPng()).toString('base64');
  } catch (error) {
    throw new WdaError('unknown error', `Cannot take a screenshot: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The topmost alert on screen, or "no such alert". */
function alertOf(ctx: RouteContext): WdaElement {
  let found: WdaElement | undefined;
  for (const el of walk(ctx.device.snapshot())) if (el.type === 'Alert') found = el;
  if (!found) throw new WdaError('no such alert', 'An attempt was made to operate on a modal dialog when one was not open');
  return found;
}

const buttonsOf = (alert: WdaElement): WdaElement[] => [...walk(alert)].filter((el) => el.type === 'Button');

/** FBAlert.text: the alert's static texts, one a line. */
function alertText(ctx: RouteContext): string {
  return [...walk(alertOf(ctx))]
    .filter((el) => el.type === 'StaticText')
    .map((el) => el.label ?? '')
    .join('\n');
}

/** Accept taps the alert's last button, dismiss its first (FBAlert), unless a button is named. */
function answerAlert(ctx: RouteContext, accept: boolean): null {
  const alert = alertOf(ctx);
  const buttons = buttonsOf(alert);
  const name = typeof ctx.body['name'] === 'string' ? ctx.body['name'] : undefined;
  const button = name ? buttons.find((b) => b.label === name || b.name === name) : accept ? buttons[buttons.length - 1] : buttons[0];
  if (!button) {
    const what = name ? `a button named '${name}'` : 'a button';
    throw new WdaError('invalid element state', `The alert '${alert.label ?? ''}' has no ${what}; its buttons are: ${buttons.map((b) => b.label).join(', ')}`);
  }
  const at = centreOf(button, ctx.device.scale);
  ctx.device.tap(at.x, at.y);
  return null;
}

export const SCREEN_ROUTES: Route[] = [
  { method: 'GET', path: '/source', scope: 'both', handle: source },
  {
    method: 'GET',
    path: '/wda/accessibleSource',
    scope: 'both',
    handle: (ctx) => jsonElement(ctx.device.snapshot()),
  },
  { method: 'GET', path: '/screenshot', scope: 'both', handle: screenshot },
  { method: 'GET', path: '/alert/text', scope: 'both', handle: alertText },
  { method: 'POST', path: '/alert/accept', scope: 'both', handle: (ctx) => answerAlert(ctx, true) },
  { method: 'POST', path: '/alert/dismiss', scope: 'both', handle: (ctx) => answerAlert(ctx, false) },
  {
    method: 'POST',
    path: '/alert/text',
    scope: 'session',
    handle: (ctx) => {
      needSession(ctx);
      alertOf(ctx);
      throw new WdaError('unsupported operation', 'The alert has no text field to type into');
    },
  },
  { method: 'GET', path: '/wda/alert/buttons', scope: 'session', handle: (ctx) => buttonsOf(alertOf(ctx)).map((b) => b.label) },
];
