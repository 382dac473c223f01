// What a WDA route handler gets and returns, shared by the route tables and the server.
import type { IosDevice } from './device.js';
import type { Gesture } from './actions.js';
import { WdaError } from './errors.js';
import type { WdaFaults } from './faults.js';
import type { WdaSession } from './session.js';
import type { WdaElement } from './tree.js';

export interface RouteContext {
  device: IosDevice;
  /** The session named in the path; for routes without one, the active session if any. */
  session: WdaSession | undefined;
  params: Record<string, string>;
  body: Record<string, unknown>;
  query: URLSearchParams;
  faults: WdaFaults;
  /** POST /session and DELETE /session/:id change the server's one session. */
  sessions: { start(caps: Record<string, unknown>, bundleId: string | undefined): WdaSession; end(): void };
}

/**
 * One of WDA's routes. 'session' routes live under /session/:sessionId, 'global' ones at the root,
 * 'both' at either (WDA's `.withoutSession` twins).
 */
export interface Route {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  scope: 'session' | 'global' | 'both';
  handle(ctx: RouteContext): unknown;
}

export function needSession(ctx: RouteContext): WdaSession {
  if (!ctx.session) throw new WdaError('invalid session id', 'Session does not exist');
  return ctx.session;
}

/** The element named by :uuid in the current snapshot. */
export function element(ctx: RouteContext): WdaElement {
  return needSession(ctx).resolve(ctx.params['uuid'] ?? '', ctx.device.snapshot());
}

export function numberArg(ctx: RouteContext, name: string, fallback?: number): number {
  const value = ctx.body[name];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (fallback !== undefined && value === undefined) return fallback;
  throw new WdaError('invalid argument', `'${name}' must be a number, got ${JSON.stringify(value)}`);
}

export function stringArg(ctx: RouteContext, name: string): string {
  const value = ctx.body[name];
  if (typeof value !== 'string' || value === '') throw new WdaError('invalid argument', `'${name}' must be a non-empty string, got ${JSON.stringify(value)}`);
  return value;
}

/** Plays gestures on the phone; a pending "alert mid-action" fault raises SpringBoard's alert first. */
export async function perform(ctx: RouteContext, gestures: Gesture[]): Promise<void> {
  const { device } = ctx;
  if (gestures.some((g) => g.kind !== 'wait') && ctx.faults.take('alertsMidAction')) {
    const app = device.activeApp();
    device.phone.ui.showSystemAlert?.({
      title: `\u201c${app.label.trim() || 'Settings'}\u201d Would Like to Use Your Current Location`,
      message: 'Your location is used to show nearby results.',
      buttons: ['Don\u2019t Allow', 'Allow While Using App'],
    });
  }
  for (const g of gestures) {
    switch (g.kind) {
      case 'tap':
        device.tap(g.x, g.y);
        break;
      case 'longPress':
        device.longPress(g.x, g.y, g.durationMs);
        break;
      case 'swipe':
        device.swipe(g);
        break;
      case 'type':
        device.type(g.text);
        break;
      case 'wait':
        // A pause between strokes takes its time only when the phone keeps real time.
        if (device.phone.timing.mode === 'real') await new Promise((resolve) => setTimeout(resolve, g.ms));
        break;
    }
  }
}

/** The centre of an element's visible part, in points; not interactable when none of it shows. */
export function centreOf(el: WdaElement, scale: number): { x: number; y: number } {
  const b = el.hit;
  if (b.right <= b.left || b.bottom <= b.top || !el.visible) {
    throw new WdaError('element not interactable', `The element '${el.name ?? el.type}' is not visible on the screen; scroll it into view first`);
  }
  return { x: (b.left + b.right) / 2 / scale, y: (b.top + b.bottom) / 2 / scale };
}
