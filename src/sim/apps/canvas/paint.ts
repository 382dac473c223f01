// Turns a screen's label table into drawing ops, and the small pieces of scenery the screens share.
import type { DrawingSize, DrawOp, Touch } from '../../types.js';
import { buttonAt, type DrawnLabel } from './layout.js';

/** How one label is painted: its text colour, and for a button its fill and outline. */
export interface LabelLook {
  colour: string;
  fill?: string;
  stroke?: string;
  /** Fill opacity of a button, 0..1. */
  opacity?: number;
}

/** Buttons as filled pills with their text centred; text lines from their box's left edge. */
export function labelOps(labels: readonly DrawnLabel[], look: (label: DrawnLabel) => LabelLook): DrawOp[] {
  const ops: DrawOp[] = [];
  for (const label of labels) {
    const { left, top, right, bottom } = label.bounds;
    const style = look(label);
    const cy = (top + bottom) / 2;
    if (label.role === 'button') {
      if (style.fill || style.stroke) {
        ops.push({
          op: 'rect',
          x: left,
          y: top,
          w: right - left,
          h: bottom - top,
          radius: (bottom - top) / 2,
          fill: style.fill,
          stroke: style.stroke,
          strokeWidth: 2,
          opacity: style.opacity,
        });
      }
      ops.push({ op: 'text', text: label.label, x: (left + right) / 2, cy, size: label.size, bold: label.bold, colour: style.colour, anchor: 'middle' });
    } else {
      ops.push({ op: 'text', text: label.label, x: left, cy, size: label.size, bold: label.bold, colour: style.colour });
    }
  }
  return ops;
}

/** Stars at the same places for the same seed, spread over the whole surface. */
export function stars(size: DrawingSize, options: { count: number; seed: number }): DrawOp[] {
  let value = options.seed >>> 0;
  const next = (): number => {
    value = (Math.imul(value, 1664525) + 1013904223) >>> 0;
    return value / 2 ** 32;
  };
  const ops: DrawOp[] = [];
  for (let i = 0; i < options.count; i++) {
    ops.push({ op: 'circle', cx: next() * size.width, cy: next() * size.height, r: 0.7 + next() * 1.3, fill: '#ffffff', opacity: 0.35 + next() * 0.6 });
  }
  return ops;
}

/** Where a touch landed on the surface, dp from its top-left corner. */
export function localPoint(touch: { x: number; y: number; bounds: { left: number; top: number }; scale: number }): { x: number; y: number } {
  return { x: (touch.x - touch.bounds.left) / touch.scale, y: (touch.y - touch.bounds.top) / touch.scale };
}

/** The surface's size in dp, from a touch on it. */
export function surfaceSize(touch: Touch): DrawingSize {
  return { width: (touch.bounds.right - touch.bounds.left) / touch.scale, height: (touch.bounds.bottom - touch.bounds.top) / touch.scale };
}

/** The label of the table's button under a tap; undefined for a swipe or a tap beside every button. */
export function tappedButton(touch: Touch, table: (size: DrawingSize) => DrawnLabel[]): string | undefined {
  if (touch.kind !== 'tap') return undefined;
  return buttonAt(table(surfaceSize(touch)), localPoint(touch))?.label;
}
