// Role and states of an element from its node's class, flags and place.
import type { UiNode } from './ui-node.js';
import type { ElementState, Role } from './screen-types.js';

const TOGGLE_CLASS = /Switch|ToggleButton|XCUIElementTypeToggle/;
const TAB_CLASS = /TabView|\$Tab\b|TabWidget|BottomNavigationItemView|NavigationBarItemView|NavigationRailItemView|XCUIElementTypeTab(Bar)?$/;
const TAB_CONTAINER = /tab/i;
// iOS table and collection rows are list items even where the list does not scroll.
const ROW_CLASS = /^XCUIElementTypeCell$/;
const IOS_BUTTON = 'XCUIElementTypeButton';
const IMAGE_CLASS = /Image|XCUIElementTypeIcon$/;
const PROGRESS_CLASS = /ProgressBar|ProgressIndicator|ActivityIndicator/;
const HORIZONTAL_CLASS = /Horizontal|ViewPager|TabLayout/;

export function isPressable(n: UiNode): boolean {
  return n.flags.clickable || n.flags.longClickable || n.flags.checkable;
}

export function isActionable(n: UiNode): boolean {
  return isPressable(n) || n.flags.editable || n.flags.scrollable;
}

export function isProgress(n: UiNode): boolean {
  return PROGRESS_CLASS.test(n.className);
}

export function checkRole(n: UiNode): Role {
  return TOGGLE_CLASS.test(n.className) ? 'toggle' : 'checkbox';
}

/** Role of a pressable node; `parent` and `inList` place it among tabs or list rows. */
export function pressRole(n: UiNode, context: { parent?: UiNode; inList: boolean }): Role {
  if (n.flags.checkable) return checkRole(n);
  if (TAB_CLASS.test(n.className)) return 'tab';
  const parent = context.parent;
  if (parent && (TAB_CONTAINER.test(parent.resourceId) || TAB_CLASS.test(parent.className)) && parent.children.length >= 2) return 'tab';
  if (parent && isButtonRow(n, parent)) return 'tab';
  if (context.inList || ROW_CLASS.test(n.className)) return 'item';
  return 'button';
}

/**
 * An iOS tab bar drawn without a TabBar (React Native): three or more buttons side by side on one row,
 * one of them selected, `n` among them.
 */
function isButtonRow(n: UiNode, parent: UiNode): boolean {
  if (n.className !== IOS_BUTTON) return false;
  const row = parent.children.filter((c) => c.className === IOS_BUTTON && c.bounds.top === n.bounds.top && c.bounds.bottom === n.bounds.bottom);
  return row.length >= 3 && row.some((c) => c.flags.selected);
}

export function infoRole(n: UiNode): Role {
  if (isProgress(n)) return 'progress';
  if (n.text === '' && IMAGE_CLASS.test(n.className)) return 'image';
  return 'text';
}

export function scrollDirection(n: UiNode): 'vertical' | 'horizontal' {
  if (HORIZONTAL_CLASS.test(n.className)) return 'horizontal';
  const kids = n.children;
  if (kids.length >= 2) {
    const [a, b] = kids;
    const sameRow = Math.abs(a.bounds.top - b.bounds.top) <= 8 && b.bounds.left >= a.bounds.right - 8;
    const rowWider = kids[kids.length - 1].bounds.right > n.bounds.right || kids.every((k) => Math.abs(k.bounds.top - a.bounds.top) <= 8);
    if (sameRow && rowWider) return 'horizontal';
  }
  // A single child wider than the viewport is a horizontal strip (chips in a HorizontalScrollView-like view).
  if (kids.length === 1 && kids[0].children.length >= 2) {
    const inner = kids[0].children;
    if (inner.every((k) => Math.abs(k.bounds.top - inner[0].bounds.top) <= 8) && inner[inner.length - 1].bounds.left > inner[0].bounds.left)
      return 'horizontal';
  }
  return 'vertical';
}

/** States the node itself shows. Checkable state comes from `check` when a row takes its switch's state. */
export function statesOf(n: UiNode, check: UiNode | undefined = n.flags.checkable ? n : undefined): ElementState[] {
  const s: ElementState[] = [];
  if (check) s.push(check.flags.checked ? 'checked' : 'unchecked');
  if (!n.flags.enabled) s.push('disabled');
  if (n.flags.focused) s.push('focused');
  if (n.flags.selected) s.push('selected');
  if (n.flags.password) s.push('password');
  if (n.flags.scrollable) s.push(scrollDirection(n) === 'horizontal' ? 'scrollable-horizontal' : 'scrollable-vertical');
  if (n.flags.longClickable && !n.flags.editable) s.push('long-clickable');
  return s;
}
