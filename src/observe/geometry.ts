import { area, type Rect } from './ui-node.js';

export function intersect(a: Rect, b: Rect): Rect | undefined {
  const r = { left: Math.max(a.left, b.left), top: Math.max(a.top, b.top), right: Math.min(a.right, b.right), bottom: Math.min(a.bottom, b.bottom) };
  return r.right > r.left && r.bottom > r.top ? r : undefined;
}

export function contains(outer: Rect, inner: Rect): boolean {
  return inner.left >= outer.left && inner.top >= outer.top && inner.right <= outer.right && inner.bottom <= outer.bottom;
}

export function centre(r: Rect): { x: number; y: number } {
  return { x: Math.floor((r.left + r.right) / 2), y: Math.floor((r.top + r.bottom) / 2) };
}

/** Whether point `p` lies in `r` (right and bottom edges excluded). */
export function holdsPoint(r: Rect, p: { x: number; y: number }): boolean {
  return p.x >= r.left && p.x < r.right && p.y >= r.top && p.y < r.bottom;
}

/** `r` scaled by `by`, rounded outwards so that it still covers what it covered. */
export function scaleRect(r: Rect, by: number): Rect {
  return { left: Math.floor(r.left * by), top: Math.floor(r.top * by), right: Math.ceil(r.right * by), bottom: Math.ceil(r.bottom * by) };
}

export function sameRect(a: Rect, b: Rect): boolean {
  return a.left === b.left && a.top === b.top && a.right === b.right && a.bottom === b.bottom;
}

export function union(rects: Rect[]): Rect | undefined {
  if (rects.length === 0) return undefined;
  return rects.reduce((u, r) => ({
    left: Math.min(u.left, r.left),
    top: Math.min(u.top, r.top),
    right: Math.max(u.right, r.right),
    bottom: Math.max(u.bottom, r.bottom),
  }));
}

/** Area of the part of `r` that the rectangles in `covers` hide (covers may overlap each other). */
export function coveredArea(r: Rect, covers: Rect[]): number {
  let first: Rect | undefined;
  let parts: Rect[] | undefined;
  for (const c of covers) {
    const part = intersect(r, c);
    if (!part) continue;
    if (!first) first = part;
    else (parts ??= [first]).push(part);
  }
  if (!first) return 0;
  if (!parts) return area(first);
  // Few covers (windows above), so a coordinate-compressed grid is exact and cheap.
  const xs = [...new Set(parts.flatMap((p) => [p.left, p.right]))].sort((a, b) => a - b);
  const ys = [...new Set(parts.flatMap((p) => [p.top, p.bottom]))].sort((a, b) => a - b);
  let total = 0;
  for (let i = 0; i + 1 < xs.length; i++) {
    for (let j = 0; j + 1 < ys.length; j++) {
      const cell = { left: xs[i], top: ys[j], right: xs[i + 1], bottom: ys[j + 1] };
      if (parts.some((p) => p.left <= cell.left && p.right >= cell.right && p.top <= cell.top && p.bottom >= cell.bottom)) total += area(cell);
    }
  }
  return total;
}

/**
 * The part of `r` left uncovered when a cover spans it fully along one axis (a keyboard over the
 * bottom of a row, a bar over its top); otherwise `r` unchanged.
 */
export function clipUncovered(r: Rect, covers: Rect[]): Rect {
  let out = r;
  for (const c of covers) {
    if (!intersect(out, c)) continue;
    const spansX = c.left <= out.left && c.right >= out.right;
    const spansY = c.top <= out.top && c.bottom >= out.bottom;
    if (spansX && c.top <= out.top && c.bottom < out.bottom) out = { ...out, top: c.bottom };
    else if (spansX && c.bottom >= out.bottom && c.top > out.top) out = { ...out, bottom: c.top };
    else if (spansY && c.left <= out.left && c.right < out.right) out = { ...out, left: c.right };
    else if (spansY && c.right >= out.right && c.left > out.left) out = { ...out, right: c.left };
  }
  return out;
}
