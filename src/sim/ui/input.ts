// Touch targets and key codes: which node a finger lands on, and what a key means to a text field.
import type { Touch } from '../types.js';
import { contains, type UiNode } from './node.js';
import { isEditText } from './widget-defaults.js';

/** The nodes under a point, root first; later siblings are drawn on top, so they win. */
export function pathAt(root: UiNode, x: number, y: number): UiNode[] {
  const path: UiNode[] = [];
  let node: UiNode | undefined = contains(root.bounds, x, y) ? root : undefined;
  while (node) {
    path.push(node);
    let next: UiNode | undefined;
    for (let i = node.children.length - 1; i >= 0; i--) {
      const child = node.children[i];
      if (child && contains(child.bounds, x, y)) {
        next = child;
        break;
      }
    }
    node = next;
  }
  return path;
}

/** The deepest node that takes a tap: clickable, long-clickable, checkable, or a text field. */
export function tapTarget(path: readonly UiNode[]): UiNode | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (!node) continue;
    if (node.clickable || node.longClickable || node.checkable || (node.widget && isEditText(node.widget))) return node;
  }
  return undefined;
}

/** Gives a tap or swipe to every onTouch listener under the finger, outermost first; true when one listened. */
export function deliverTouch(path: readonly UiNode[], touch: Omit<Touch, 'bounds'>): boolean {
  const listeners = path.filter((node) => node.widget?.onTouch);
  for (const node of listeners) node.widget?.onTouch?.({ ...touch, bounds: node.frame });
  return listeners.length > 0;
}

export function longPressTarget(path: readonly UiNode[]): UiNode | undefined {
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (node?.longClickable) return node;
    if (node?.clickable) return node;
  }
  return undefined;
}

export type SwipeDirection = 'left' | 'right' | 'up' | 'down';

export function swipeDirection(dx: number, dy: number): SwipeDirection {
  if (Math.abs(dx) > Math.abs(dy)) return dx < 0 ? 'left' : 'right';
  return dy < 0 ? 'up' : 'down';
}

/**
 * What a swipe moves: a vertical swipe scrolls the deepest vertical list that can scroll, else
 * goes to a widget's onSwipe; a horizontal swipe goes to onSwipe first (swipe-to-delete rows in a
 * vertical list), else scrolls a horizontal container.
 */
export function swipeTarget(path: readonly UiNode[], direction: SwipeDirection): { scroll?: UiNode; swipe?: UiNode } {
  const vertical = direction === 'up' || direction === 'down';
  const axis = vertical ? 'vertical' : 'horizontal';
  let scroll: UiNode | undefined;
  let swipe: UiNode | undefined;
  for (let i = path.length - 1; i >= 0; i--) {
    const node = path[i];
    if (!node) continue;
    if (!scroll && node.scroll?.axis === axis && node.scroll.max > 0) scroll = node;
    if (!swipe && node.widget?.onSwipe) swipe = node;
  }
  if (vertical) return scroll ? { scroll } : swipe ? { swipe } : {};
  return swipe ? { swipe } : scroll ? { scroll } : {};
}

/** KEYCODE_* values the runtime acts on. */
export const KEY = {
  HOME: 3,
  BACK: 4,
  DPAD_CENTER: 23,
  TAB: 61,
  SPACE: 62,
  ENTER: 66,
  DEL: 67,
  MENU: 82,
  SEARCH: 84,
  ESCAPE: 111,
  FORWARD_DEL: 112,
  NUMPAD_ENTER: 160,
  APP_SWITCH: 187,
} as const;

const PUNCTUATION: Record<number, string> = {
  17: '*',
  18: '#',
  55: ',',
  56: '.',
  62: ' ',
  68: '`',
  69: '-',
  70: '=',
  71: '[',
  72: ']',
  73: '\\',
  74: ';',
  75: "'",
  76: '/',
  77: '@',
  81: '+',
};

/** The character a key types into a text field (KEYCODE_A → 'a'), if any. */
export function keyChar(code: number): string | undefined {
  if (code >= 7 && code <= 16) return String(code - 7);
  if (code >= 29 && code <= 54) return String.fromCharCode(97 + code - 29);
  if (code >= 144 && code <= 153) return String(code - 144);
  return PUNCTUATION[code];
}
