// Where each painted screen of the Canvas app puts its text and buttons, in dp from the surface's
// top-left corner. Drawing and hit-testing both read these tables, and OCR tests compare what they
// find with them (labelsOnScreen turns them into screen pixels).
import type { Bounds, DrawingSize } from '../../types.js';
import { textWidth } from '../../text-metrics.js';

/** A box in dp from the surface's top-left corner. */
export type DpBox = Bounds;

/** One piece of painted text: a button (its filled shape, text centred in it) or a line of text (the box its glyphs take). */
export interface DrawnLabel {
  label: string;
  role: 'button' | 'text';
  bounds: DpBox;
  /** Text size, sp, and weight. */
  size: number;
  bold: boolean;
}

/** Height of a text line's box, in ems. */
const TEXT_BOX_EM = 1.2;

/** A line of text centred on (cx, cy), boxed by its measured width. */
function centredText(label: string, at: { cx: number; cy: number; size: number; bold?: boolean }): DrawnLabel {
  const bold = at.bold ?? false;
  const half = textWidth(label, { px: at.size, bold }) / 2;
  const halfH = (at.size * TEXT_BOX_EM) / 2;
  return { label, role: 'text', size: at.size, bold, bounds: { left: at.cx - half, top: at.cy - halfH, right: at.cx + half, bottom: at.cy + halfH } };
}

/** A line of text starting at x (or ending there when anchored at the end). */
function sideText(label: string, at: { x: number; cy: number; size: number; bold?: boolean; end?: boolean }): DrawnLabel {
  const bold = at.bold ?? false;
  const width = textWidth(label, { px: at.size, bold });
  const left = at.end ? at.x - width : at.x;
  const halfH = (at.size * TEXT_BOX_EM) / 2;
  return { label, role: 'text', size: at.size, bold, bounds: { left, top: at.cy - halfH, right: left + width, bottom: at.cy + halfH } };
}

function button(label: string, at: { cx: number; cy: number; w: number; h: number; size: number }): DrawnLabel {
  return {
    label,
    role: 'button',
    size: at.size,
    bold: true,
    bounds: { left: at.cx - at.w / 2, top: at.cy - at.h / 2, right: at.cx + at.w / 2, bottom: at.cy + at.h / 2 },
  };
}

/** The game's start screen: title, Start, the high score and a Settings text button. */
export function startScreen(size: DrawingSize): DrawnLabel[] {
  const cx = size.width / 2;
  const start = button('Start', { cx, cy: size.height * 0.55, w: 220, h: 64, size: 26 });
  return [
    centredText('SPACE RUN', { cx, cy: size.height * 0.24, size: 44, bold: true }),
    start,
    centredText('High score 12,450', { cx, cy: start.bounds.bottom + 44, size: 18 }),
    button('Settings', { cx, cy: size.height - 56, w: 132, h: 44, size: 16 }),
  ];
}

/** The game in play: level and score at the top, Pause at the top right; paused, a Resume button and "Paused". */
export function gameScreen(size: DrawingSize, state: { paused: boolean }): DrawnLabel[] {
  const labels = [
    sideText('Level 1', { x: 20, cy: 36, size: 20, bold: true }),
    centredText('Score 0', { cx: size.width / 2, cy: 36, size: 20, bold: true }),
    button(state.paused ? 'Resume' : 'Pause', { cx: size.width - 68, cy: 36, w: 104, h: 44, size: 16 }),
  ];
  if (state.paused) labels.push(centredText('Paused', { cx: size.width / 2, cy: size.height * 0.45, size: 40, bold: true }));
  return labels;
}

/** The photo's caption and its Share button near the bottom; "Shared" once Share was tapped. */
export function photoScreen(size: DrawingSize, state: { shared: boolean }): DrawnLabel[] {
  const labels = [
    sideText('Sunset over the harbour', { x: 24, cy: size.height - 132, size: 24, bold: true }),
    sideText('Photo by M. Okafor', { x: 24, cy: size.height - 100, size: 15 }),
    button('Share', { cx: size.width - 80, cy: size.height - 48, w: 120, h: 48, size: 18 }),
  ];
  if (state.shared) labels.push(sideText('Shared', { x: 24, cy: size.height - 48, size: 18, bold: true }));
  return labels;
}

/** The painted screens' tables, by screen; each takes the surface's size in dp. */
export const CANVAS_SCREENS = {
  start: startScreen,
  game: gameScreen,
  photo: photoScreen,
} as const;

/** The button whose painted pill (a rectangle with fully rounded ends) holds a point (dp, from the surface's corner), if any. */
export function buttonAt(labels: readonly DrawnLabel[], point: { x: number; y: number }): DrawnLabel | undefined {
  return labels.find((l) => l.role === 'button' && inPill(l.bounds, point));
}

function inPill(b: DpBox, p: { x: number; y: number }): boolean {
  if (p.x < b.left || p.x >= b.right || p.y < b.top || p.y >= b.bottom) return false;
  const r = Math.min(b.right - b.left, b.bottom - b.top) / 2;
  const cx = Math.min(Math.max(p.x, b.left + r), b.right - r);
  const cy = Math.min(Math.max(p.y, b.top + r), b.bottom - r);
  return (p.x - cx) ** 2 + (p.y - cy) ** 2 <= r * r;
}

/** A screen's table in screen pixels, for its surface at these bounds (px, from the dump) and pixels per dp (density / 160). */
export function labelsOnScreen(table: (size: DrawingSize) => DrawnLabel[], surface: { bounds: Bounds; scale: number }): DrawnLabel[] {
  const { bounds, scale } = surface;
  const size = { width: (bounds.right - bounds.left) / scale, height: (bounds.bottom - bounds.top) / scale };
  return table(size).map((l) => ({
    ...l,
    bounds: {
      left: Math.round(bounds.left + l.bounds.left * scale),
      top: Math.round(bounds.top + l.bounds.top * scale),
      right: Math.round(bounds.left + l.bounds.right * scale),
      bottom: Math.round(bounds.top + l.bounds.bottom * scale),
    },
  }));
}
