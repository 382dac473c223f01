// Element recall: every visible clickable, editable or checkable node that carries a label (its own
// or its descendants') must be findable on the screen — an element over it that says that label.
import type { Rect, Screen, UiHierarchy, UiNode } from '../runner/index.js';

export interface Miss {
  className: string;
  label: string;
  bounds: [number, number, number, number];
}

const clean = (s: string) =>
  s
    .replace(/[\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g, '')
    .replace(/[\s\u00a0\u3000]+/g, ' ')
    .trim();
// Labels are cut at 100 characters on screen; compare a prefix.
const key = (s: string) => clean(s).slice(0, 40);

function texts(n: UiNode, out: string[] = []): string[] {
  for (const t of [n.text, n.contentDesc]) if (clean(t)) out.push(key(t));
  for (const c of n.children) texts(c, out);
  return out;
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

function inside(r: Rect, x: number, y: number): boolean {
  return x >= r.left && x < r.right && y >= r.top && y < r.bottom;
}

export function recall(hierarchy: UiHierarchy, screen: Screen): { eligible: number; misses: Miss[] } {
  const misses: Miss[] = [];
  let eligible = 0;
  const screenRect = { left: 0, top: 0, right: screen.width, bottom: screen.height };
  hierarchy.windows.forEach((window, index) => {
    const kind = screen.windows[index];
    // Under a dialog nothing can be touched; the keyboard is summarised as one element on purpose.
    if (kind.hiddenElements > 0 || kind.kind === 'keyboard') return;
    const above = screen.windows
      .slice(0, index)
      .filter((w) => w.kind !== 'toast')
      .map((w) => w.bounds);
    const visit = (n: UiNode) => {
      if (!n.flags.visible) return;
      const f = n.flags;
      const x = Math.floor((n.bounds.left + n.bounds.right) / 2);
      const y = Math.floor((n.bounds.top + n.bounds.bottom) / 2);
      const shown = n.bounds.right > n.bounds.left && n.bounds.bottom > n.bounds.top && inside(screenRect, x, y) && !above.some((r) => inside(r, x, y));
      const labels = texts(n);
      if (shown && (f.clickable || f.editable || f.checkable) && labels.length > 0) {
        eligible++;
        const found = screen.elements.some((e) => overlaps(e.bounds, n.bounds) && labels.some((l) => e.label.includes(l) || (e.value ?? '').includes(l)));
        if (!found)
          misses.push({
            className: n.className,
            label: labels.join(' / ').slice(0, 60),
            bounds: [n.bounds.left, n.bounds.top, n.bounds.right, n.bounds.bottom],
          });
      }
      for (const c of n.children) visit(c);
    };
    visit(window.root);
  });
  return { eligible, misses };
}
