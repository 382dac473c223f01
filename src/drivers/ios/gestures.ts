// Touches as W3C actions for WebDriverAgent's POST /session/ID/actions (FBW3CActionsSynthesizer):
// one "touch" pointer whose moves are in points from the screen's top left (origin "viewport"). The
// Driver speaks device pixels, so every point is divided by the screen's scale first.
import type { Point } from '../types.js';

export const TAP_HOLD_MS = 100;
export const LONG_PRESS_MS = 800;
export const SWIPE_MS = 300;
export const DRAG_MS = 1000;
/** How long a finger rests before a drag moves: iOS lifts an item for drag and drop after about half a second. */
export const DRAG_LIFT_MS = 600;

type PointerAction =
  | { type: 'pointerMove'; duration: number; x: number; y: number; origin: 'viewport' }
  | { type: 'pointerDown'; button: 0 }
  | { type: 'pointerUp'; button: 0 }
  | { type: 'pause'; duration: number };

/** The body of POST /actions: one finger and what it does. */
export interface W3cActions {
  actions: [{ type: 'pointer'; id: string; parameters: { pointerType: 'touch' }; actions: PointerAction[] }];
}

/** A point in device pixels as a point in WebDriverAgent's points, to a hundredth (a pixel is a third of a point on a 3× screen). */
export function toPoints(point: Point, scale: number): { x: number; y: number } {
  if (!Number.isFinite(point?.x) || !Number.isFinite(point?.y)) throw new TypeError(`Not a point on the screen: ${JSON.stringify(point)}`);
  const round = (value: number) => Math.round((value / scale) * 100) / 100;
  return { x: round(point.x), y: round(point.y) };
}

/** A size or position in points as device pixels. */
export function toPixels(points: number, scale: number): number {
  return Math.round(points * scale);
}

function finger(actions: PointerAction[]): W3cActions {
  return { actions: [{ type: 'pointer', id: 'finger1', parameters: { pointerType: 'touch' }, actions }] };
}

function moveTo(point: { x: number; y: number }, duration: number): PointerAction {
  return { type: 'pointerMove', duration: ms(duration), x: point.x, y: point.y, origin: 'viewport' };
}

function ms(value: number): number {
  if (!Number.isFinite(value)) throw new TypeError(`Not a duration: ${value}`);
  return Math.max(0, Math.round(value));
}

/** A finger put down at a point, held `holdMs`, and lifted. */
export function pressActions(at: Point, scale: number, holdMs: number): W3cActions {
  return finger([
    moveTo(toPoints(at, scale), 0),
    { type: 'pointerDown', button: 0 },
    { type: 'pause', duration: ms(holdMs) },
    { type: 'pointerUp', button: 0 },
  ]);
}

/** What one stroke from a point to another does: how long it moves, and how long it rests before moving. */
export interface Stroke {
  from: Point;
  to: Point;
  scale: number;
  durationMs: number;
  /** Rest after touching down, before moving (a drag's lift). */
  holdMs?: number;
}

/** A finger put down, moved to another point over `durationMs`, and lifted. */
export function strokeActions({ from, to, scale, durationMs, holdMs = 0 }: Stroke): W3cActions {
  const hold: PointerAction[] = holdMs > 0 ? [{ type: 'pause', duration: ms(holdMs) }] : [];
  return finger([
    moveTo(toPoints(from, scale), 0),
    { type: 'pointerDown', button: 0 },
    ...hold,
    moveTo(toPoints(to, scale), durationMs),
    { type: 'pointerUp', button: 0 },
  ]);
}
