// What each window of a dump is (app, dialog, keyboard, system bar, toast) and what it hides.
import { area, type Rect, type UiNode, type UiWindow } from './ui-node.js';
import { intersect, union } from './geometry.js';
import { IOS_BANNER, IOS_KEYBOARD, IOS_WINDOW, SPRINGBOARD } from './wda/ios-names.js';
import type { WindowKind } from './screen-types.js';

const KEYBOARD_PACKAGE = /inputmethod|honeyboard|swiftkey|touchtype|keyboard|\.ime$|baidu\.input|sogou/i;
const SYSTEM_UI = 'com.android.systemui';
// Real Android toasts use android:id/message in a window with nothing to touch.
const TOAST_TEXT_ID = /(^|:id\/)(message|toast\w*)$/;

export interface WindowInfo {
  window: UiWindow;
  kind: WindowKind;
  /** A modal window: everything in the windows beneath it is unreachable while it is up. */
  modal: boolean;
  /** What the window draws: its root's bounds, or on iOS (where every window spans the screen) the extent of its content. */
  bounds: Rect;
}

export function classifyWindows(windows: UiWindow[], screen: Rect): WindowInfo[] {
  const screenArea = Math.max(1, area(screen));
  const drawn = windows.map(drawnBounds);
  const sure = windows.map(iosKind);
  const kinds = windows.map((window, i) => sure[i] ?? kindOf(window, area(drawn[i]) / screenArea));
  // The lowest app-like window is the app itself, however much of the screen the bars leave it;
  // but a plain dump taken while a dialog is up holds that dialog alone, without the app beneath.
  // An iOS alert is a dialog wherever it is (SpringBoard's trees hold no app beneath it), and an iOS
  // source always holds the app's own window, however little of the screen its content fills.
  const base = kinds.findLastIndex((k, i) => sure[i] === undefined && (k === 'app' || k === 'dialog'));
  const loneDialog = windows.length === 1 && kinds[base] === 'dialog' && windows[base].root.className !== IOS_WINDOW;
  if (base >= 0 && !loneDialog) kinds[base] = 'app';
  return windows.map((window, i) => ({
    window,
    kind: kinds[i],
    // Small floating bubbles are not dialogs: they hide only what they cover.
    modal: kinds[i] === 'dialog' && area(drawn[i]) / screenArea >= 0.03,
    // The app owns its whole window, however little of it its content fills.
    bounds: kinds[i] === 'app' ? window.root.bounds : drawn[i],
  }));
}

/** An iOS window's root spans the screen however little it draws: its content's extent is what it covers. */
function drawnBounds(window: UiWindow): Rect {
  const root = window.root;
  if (root.className !== IOS_WINDOW) return root.bounds;
  const inside = union(root.children.filter((c) => c.flags.visible).map((c) => c.bounds));
  return (inside && intersect(inside, root.bounds)) ?? root.bounds;
}

/** What an iOS window is, where its classes say it outright; undefined leaves it to the rules for any window. */
function iosKind(window: UiWindow): WindowKind | undefined {
  const root = window.root;
  if (root.className !== IOS_WINDOW) return undefined;
  if (window.package === IOS_KEYBOARD || holds(root, (n) => n.className === 'XCUIElementTypeKeyboard')) return 'keyboard';
  if (holds(root, (n) => n.className === 'XCUIElementTypeAlert' || n.className === 'XCUIElementTypeSheet')) return 'dialog';
  if (root.children.length > 0 && root.children.every((c) => c.className === 'XCUIElementTypeStatusBar')) return 'system';
  // A notification banner: it goes by itself, and what it says is one line.
  if (window.package === SPRINGBOARD && holds(root, (n) => IOS_BANNER.test(n.resourceId))) return 'toast';
  return undefined;
}

function holds(n: UiNode, test: (n: UiNode) => boolean): boolean {
  return n.children.some((c) => test(c) || holds(c, test));
}

function kindOf(window: UiWindow, share: number): WindowKind {
  if (KEYBOARD_PACKAGE.test(window.package)) return 'keyboard';
  if (window.package === SYSTEM_UI && share < 0.5) return 'system';
  const { actionable, toastText } = survey(window.root);
  if (!actionable && share < 0.25 && toastText) return 'toast';
  if (share < 0.9 && actionable) return 'dialog';
  return 'app';
}

function survey(root: UiNode): { actionable: boolean; toastText: boolean } {
  let actionable = false;
  let toastText = false;
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop() as UiNode;
    const f = n.flags;
    if (f.clickable || f.longClickable || f.checkable || f.editable || f.scrollable) actionable = true;
    if (n.text !== '' && TOAST_TEXT_ID.test(n.resourceId)) toastText = true;
    for (const c of n.children) stack.push(c);
  }
  return { actionable, toastText };
}

/** Windows that hide part of window `index`: those above it that draw something opaque. */
export function coversFor(infos: WindowInfo[], index: number): Rect[] {
  return infos
    .slice(0, index)
    .filter((w) => w.kind !== 'toast')
    .map((w) => w.bounds);
}
