// W3C actions (POST /session/:id/actions) turned into the gestures a finger makes: each pointer's
// down..up stroke becomes a tap, a long press or a swipe/drag, in points; key sources type text.
import { WdaError } from './errors.js';
import type { WdaRect } from './tree.js';

export type Gesture =
  | { kind: 'tap'; x: number; y: number }
  | { kind: 'longPress'; x: number; y: number; durationMs: number }
  | { kind: 'swipe'; x1: number; y1: number; x2: number; y2: number; durationMs: number }
  | { kind: 'type'; text: string }
  | { kind: 'wait'; ms: number };

interface ActionItem {
  type?: string;
  duration?: number;
  x?: number;
  y?: number;
  origin?: unknown;
  value?: string;
  button?: number;
}

interface ActionSource {
  type?: string;
  id?: string;
  parameters?: { pointerType?: string };
  actions?: ActionItem[];
}

/** Below this many points a stroke is a tap; a tap held this long is a long press. */
const SLOP_PT = 3;
const LONG_PRESS_MS = 500;

/** Where an element origin's centre is, for `origin: {element-6066…: id}`. */
export type ElementRect = (origin: unknown) => WdaRect | undefined;

function bad(message: string): WdaError {
  return new WdaError('invalid argument', message);
}

function pointerGestures(source: ActionSource, rectOf: ElementRect): Gesture[] {
  const gestures: Gesture[] = [];
  let x = 0;
  let y = 0;
  let down: { x: number; y: number; elapsed: number; moved: boolean } | undefined;
  for (const [i, item] of (source.actions ?? []).entries()) {
    const duration = Math.max(0, Number(item.duration ?? 0)) || 0;
    switch (item.type) {
      case 'pointerMove': {
        if (typeof item.x !== 'number' || typeof item.y !== 'number')
          throw bad(`Action ${i} of "${source.id ?? 'pointer'}": pointerMove needs numeric x and y`);
        let ox = 0;
        let oy = 0;
        if (item.origin === 'pointer') {
          ox = x;
          oy = y;
        } else if (item.origin !== undefined && item.origin !== 'viewport') {
          const rect = rectOf(item.origin);
          if (!rect) throw new WdaError('no such element', `Action ${i}: the origin element is not on the screen`);
          ox = rect.x + rect.width / 2;
          oy = rect.y + rect.height / 2;
        }
        x = ox + item.x;
        y = oy + item.y;
        if (down) {
          down.elapsed += duration;
          if (Math.hypot(x - down.x, y - down.y) >= SLOP_PT) down.moved = true;
        } else if (duration > 0) gestures.push({ kind: 'wait', ms: duration });
        break;
      }
      case 'pointerDown':
        down = { x, y, elapsed: 0, moved: false };
        break;
      case 'pause':
        if (down) down.elapsed += duration;
        else if (duration > 0) gestures.push({ kind: 'wait', ms: duration });
        break;
      case 'pointerUp': {
        if (!down) throw bad(`Action ${i} of "${source.id ?? 'pointer'}": pointerUp without a pointerDown`);
        if (down.moved) gestures.push({ kind: 'swipe', x1: down.x, y1: down.y, x2: x, y2: y, durationMs: Math.max(down.elapsed, 1) });
        else if (down.elapsed >= LONG_PRESS_MS) gestures.push({ kind: 'longPress', x: down.x, y: down.y, durationMs: down.elapsed });
        else gestures.push({ kind: 'tap', x: down.x, y: down.y });
        down = undefined;
        break;
      }
      case 'pointerCancel':
        down = undefined;
        break;
      default:
        throw bad(`Action ${i} of "${source.id ?? 'pointer'}": "${String(item.type)}" is not a pointer action`);
    }
  }
  if (down) throw bad(`The pointer "${source.id ?? 'pointer'}" is still down at the end of its actions; end them with pointerUp`);
  return gestures;
}

function keyGestures(source: ActionSource): Gesture[] {
  let text = '';
  for (const item of source.actions ?? []) if (item.type === 'keyDown' && typeof item.value === 'string') text += item.value;
  return text ? [{ kind: 'type', text }] : [];
}

/** The gestures of a W3C actions body, source by source (pointers in parallel are played one after another). */
export function gesturesOf(body: unknown, rectOf: ElementRect): Gesture[] {
  const sources = (body as { actions?: unknown } | undefined)?.actions;
  if (!Array.isArray(sources) || sources.length === 0) throw bad('"actions" must be a non-empty array of input sources');
  const gestures: Gesture[] = [];
  for (const source of sources as ActionSource[]) {
    if (source.type === 'pointer') gestures.push(...pointerGestures(source, rectOf));
    else if (source.type === 'key') gestures.push(...keyGestures(source));
    else if (source.type !== 'none') throw bad(`The input source type "${String(source.type)}" is not supported; use pointer, key or none`);
  }
  return gestures;
}
