// SVG primitives in pixel coordinates, and the drawing state shared while a frame is built.
import type { Bounds, LaidOutNode } from '../types.js';
import { contrastRatio, parseColour, toHex, type Rgba } from './colour.js';
import type { Palette, Units } from './theme.js';
import { round } from './text.js';

/** Where a frame's SVG is collected, with the screen's units and theme. */
export interface Canvas {
  out: string[];
  u: Units;
  pal: Palette;
  width: number;
  height: number;
  /** Numbers clip paths in drawing order, so one frame always gives the same document. */
  clipIds: { next: number };
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Point {
  x: number;
  y: number;
}

export function box(b: Bounds): Box {
  return { x: b.left, y: b.top, w: b.right - b.left, h: b.bottom - b.top };
}

/** A node's box less its padding: where its text, icon and control go. */
export function contentBox(area: Box, padding: LaidOutNode['padding']): Box {
  if (!padding) return area;
  return {
    x: area.x + padding.left,
    y: area.y + padding.top,
    w: Math.max(0, area.w - padding.left - padding.right),
    h: Math.max(0, area.h - padding.top - padding.bottom),
  };
}

export interface RectStyle {
  fill?: string;
  fillOpacity?: number;
  radius?: number;
  stroke?: string;
  strokeWidth?: number;
  strokeOpacity?: number;
}

export function rect(area: Box, style: RectStyle): string {
  const radius = Math.min(style.radius ?? 0, area.w / 2, area.h / 2);
  const rx = radius > 0 ? ` rx="${round(radius)}"` : '';
  if (style.stroke) {
    // A stroke is centred on the outline; inset it so it stays inside the box.
    const sw = style.strokeWidth ?? 1;
    area = { x: area.x + sw / 2, y: area.y + sw / 2, w: Math.max(0, area.w - sw), h: Math.max(0, area.h - sw) };
  }
  return `<rect x="${round(area.x)}" y="${round(area.y)}" width="${round(area.w)}" height="${round(area.h)}"${rx} ${paintAttributes(style)}/>`;
}

/** The fill and stroke attributes of a shape. */
export function paintAttributes(style: RectStyle): string {
  let paint = `fill="${style.fill ?? 'none'}"`;
  if (style.fillOpacity !== undefined && style.fillOpacity < 1) paint += ` fill-opacity="${round(style.fillOpacity * 100) / 100}"`;
  if (style.stroke) {
    paint += ` stroke="${style.stroke}"`;
    if (style.strokeOpacity !== undefined && style.strokeOpacity < 1) paint += ` stroke-opacity="${style.strokeOpacity}"`;
    paint += ` stroke-width="${round(style.strokeWidth ?? 1)}"`;
  }
  return paint;
}

export function circle(centre: Point, r: number, style: RectStyle): string {
  let paint = `fill="${style.fill ?? 'none'}"`;
  if (style.fillOpacity !== undefined && style.fillOpacity < 1) paint += ` fill-opacity="${round(style.fillOpacity * 100) / 100}"`;
  if (style.stroke) paint += ` stroke="${style.stroke}" stroke-width="${round(style.strokeWidth ?? 1)}"`;
  return `<circle cx="${round(centre.x)}" cy="${round(centre.y)}" r="${round(r)}" ${paint}/>`;
}

/** The colour and width of a stroke. */
export interface Pen {
  colour: string;
  width: number;
}

export function line(from: Point, to: Point, { colour, width }: Pen): string {
  return `<path d="M${round(from.x)} ${round(from.y)}L${round(to.x)} ${round(to.y)}" stroke="${colour}" stroke-width="${round(width)}" stroke-linecap="round" fill="none"/>`;
}

/** A colour from an app's style, normalised to #rrggbb plus opacity; undefined when it cannot be read. */
export interface Paint {
  hex: string;
  opacity: number;
  rgba: Rgba;
}

export function paint(value: string | undefined): Paint | undefined {
  const rgba = parseColour(value);
  if (!rgba) return undefined;
  return { hex: toHex(rgba), opacity: rgba.a, rgba };
}

export function paintOf(hex: string): Paint {
  const rgba = parseColour(hex) ?? { r: 0, g: 0, b: 0, a: 1 };
  return { hex: toHex(rgba), opacity: rgba.a, rgba };
}

/** Reads a CSS-like border such as '1px solid #ccc', '2dp #6750a4' or '#ccc'. */
export function parseBorder(value: string | undefined, u: Units): { colour: Paint; width: number } | undefined {
  if (!value) return undefined;
  let width = u.dp(1);
  let colour: Paint | undefined;
  for (const token of value.trim().split(/\s+(?![^(]*\))/)) {
    const size = /^([\d.]+)(px|dp)?$/.exec(token);
    if (size) width = size[2] === 'px' ? Number(size[1]) : u.dp(Number(size[1]));
    else colour = paint(token) ?? colour;
  }
  return colour ? { colour, width } : undefined;
}

/** The app's colour unless it would vanish against what is beneath; then a readable default. */
export function readable(requested: string | undefined, fallback: string, under: Rgba): Paint {
  const wanted = paint(requested);
  if (wanted && wanted.opacity > 0 && contrastRatio(wanted.rgba, under) >= 1.5) return wanted;
  const base = paintOf(fallback);
  if (contrastRatio(base.rgba, under) >= 1.5) return base;
  return paintOf(contrastRatio({ r: 0, g: 0, b: 0, a: 1 }, under) > contrastRatio({ r: 255, g: 255, b: 255, a: 1 }, under) ? '#000000' : '#ffffff');
}

/** Shows an SVG fragment only inside the box (a node partly scrolled out of its window). */
export function clipTo(canvas: Canvas, area: Box, fragment: string): string {
  const id = `clip${canvas.clipIds.next++}`;
  return `<clipPath id="${id}"><rect x="${round(area.x)}" y="${round(area.y)}" width="${round(area.w)}" height="${round(area.h)}"/></clipPath><g clip-path="url(#${id})">${fragment}</g>`;
}
