// Laid-out nodes as the runtime keeps them: what uiautomator dumps, plus the widget behind each
// node (for its handlers) and the scroll state of scroll containers.
import type { Bounds, LaidOutNode, Widget } from '../types.js';

export interface ScrollState {
  axis: 'vertical' | 'horizontal';
  /** Key under which the runtime stores the offset. */
  key: string;
  /** Current offset, px, already clamped to 0..max. */
  offset: number;
  max: number;
}

export interface UiNode extends LaidOutNode {
  children: UiNode[];
  /** Stable identity across renders (Widget.key, then id, then the tree path). */
  key: string;
  /** The widget this node came from; absent for window decor. */
  widget?: Widget;
  /** Unclipped bounds, px. */
  frame: Bounds;
  scroll?: ScrollState;
}

export const EMPTY_BOUNDS: Bounds = { left: 0, top: 0, right: 0, bottom: 0 };

export function intersect(a: Bounds, b: Bounds): Bounds {
  const left = Math.max(a.left, b.left);
  const top = Math.max(a.top, b.top);
  const right = Math.min(a.right, b.right);
  const bottom = Math.min(a.bottom, b.bottom);
  return right > left && bottom > top ? { left, top, right, bottom } : EMPTY_BOUNDS;
}

export function isEmpty(b: Bounds): boolean {
  return b.right <= b.left || b.bottom <= b.top;
}

export function contains(b: Bounds, x: number, y: number): boolean {
  return x >= b.left && x < b.right && y >= b.top && y < b.bottom;
}

/** A plain layout node of window decor (DecorView, content frame, bar backgrounds). */
export function decorNode(options: { cls: string; pkg: string; bounds: Bounds; resourceId?: string; key?: string; children?: UiNode[] }): UiNode {
  return {
    cls: options.cls,
    resourceId: options.resourceId ?? '',
    package: options.pkg,
    text: '',
    contentDesc: '',
    checkable: false,
    checked: false,
    clickable: false,
    enabled: true,
    focusable: false,
    focused: false,
    scrollable: false,
    longClickable: false,
    password: false,
    selected: false,
    bounds: options.bounds,
    frame: options.bounds,
    key: options.key ?? options.resourceId ?? options.cls,
    children: options.children ?? [],
  };
}

/** Depth-first search, parents before children. */
export function findNode(root: UiNode, match: (node: UiNode) => boolean): UiNode | undefined {
  if (match(root)) return root;
  for (const child of root.children) {
    const found = findNode(child, match);
    if (found) return found;
  }
  return undefined;
}
