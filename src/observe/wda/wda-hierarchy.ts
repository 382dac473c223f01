// WebDriverAgent's page source → UiHierarchy: the Application's windows, topmost first, in pixels.
// WDA lists windows bottom to top and in points; windows that show nothing (hidden, empty, or holding
// only layout) are left out. The keyboard's window belongs to the keyboard, whichever app's tree it is
// in; a SpringBoard tree (system alerts, banners, the home screen) belongs to SpringBoard.
import { PLAIN_FLAGS, type UiHierarchy, type UiNode, type UiWindow } from '../ui-node.js';
import { nodesOf, placeNodes, readable } from './wda-nodes.js';
import { readWdaSource, type WdaElement } from './wda-source.js';
import { IOS_KEYBOARD, IOS_WINDOW, SPRINGBOARD } from './ios-names.js';

export interface WdaParseOptions {
  /** Device pixels per point (3 on a 3x iPhone); default 1, bounds then stay in points. */
  scale?: number;
  /** Bundle id of the tree's app, where the source does not say it (WDA writes `bundleId` only in newer versions). */
  app?: string;
  /** Names the source in errors: a file path, or 'iPhone 15 source'. */
  source?: string;
}

const KEYBOARD = 'XCUIElementTypeKeyboard';
const ALERT = /^XCUIElementType(Alert|Sheet)$/;
/** Keyboard rows above the keys (the predictive bar) still belong to the keyboard: points above its top. */
const KEYBOARD_BAND = 60;

/** Parses any form of WDA source (XML, JSON, either in a `{"value": ...}` envelope); throws HierarchyParseError. */
export function parseWdaSource(text: string, options: WdaParseOptions = {}): UiHierarchy {
  const app = readWdaSource(text, options.source);
  const scale = options.scale !== undefined && options.scale > 0 ? options.scale : 1;
  const pkg = packageOf(app, options.app);
  const frame = rectOf(app, scale);
  // Bottom to top as WDA lists them; elements directly under the Application are windows of their own.
  const stacked: UiWindow[] = [];
  for (const w of app.children.length > 0 && app.children.some((c) => c.type === IOS_WINDOW) ? app.children : [app]) {
    if (w.visible === false) continue;
    const content = w === app ? app.children.flatMap((c) => nodesOf(c, { scale, package: pkg, window: 0 })) : nodesOf(w, { scale, package: pkg, window: 0 });
    const inside = content.length === 1 && content[0].className === IOS_WINDOW ? content[0].children : content;
    if (!inside.some((n) => n.flags.visible)) continue;
    stacked.push(...splitKeyboard(windowRoot(inside, { frame, pkg }), scale).flatMap(splitAlert));
  }
  const windows = stacked.reverse();
  windows.forEach((w, i) => {
    w.index = i;
    placeNodes(w.root, i);
  });
  return { platform: 'ios', rotation: 0, windows, nodeCount: countElements(app), skippedNodes: 0 };
}

/** The bundle id the tree belongs to: what the source says, SpringBoard when it is SpringBoard's, else the caller's word, else the app's name. */
function packageOf(app: WdaElement, given: string | undefined): string {
  if (app.bundleId) return app.bundleId;
  const springboard = app.name === ' ' || app.name === 'SpringBoard' || app.children.some((w) => w.name.startsWith('SBSwitcherWindow'));
  if (springboard) return SPRINGBOARD;
  return given ?? readable(app.label ?? app.name).trim();
}

/** A window's root node: the screen's frame (WDA sizes some windows in pixels), holding the window's content. */
function windowRoot(children: UiNode[], at: { frame: UiNode['bounds']; pkg: string }): UiWindow {
  const root: UiNode = {
    className: IOS_WINDOW,
    resourceId: '',
    text: '',
    contentDesc: '',
    hint: '',
    package: at.pkg,
    flags: { ...PLAIN_FLAGS },
    bounds: { ...at.frame },
    window: 0,
    depth: 0,
    children,
  };
  return { index: 0, package: at.pkg, root };
}

/**
 * The keyboard as a window of its own, above the window it was found in: the whole window when the
 * keyboard is all it shows (iOS's keyboard window), else the keyboard taken out of it.
 */
function splitKeyboard(window: UiWindow, scale: number): UiWindow[] {
  const found = findNode(window.root, (n) => n.className === KEYBOARD);
  if (!found) return [window];
  const top = found.node.bounds.top - KEYBOARD_BAND * scale;
  const rest = window.root.children.filter((c) => c !== found.node && c.bounds.top < top && hasContent(c, found.node));
  const keyboard = (root: UiNode): UiWindow => {
    setPackage(root, IOS_KEYBOARD);
    return { index: 0, package: IOS_KEYBOARD, root };
  };
  if (rest.length === 0) return [keyboard(window.root)];
  found.parent.children = found.parent.children.filter((c) => c !== found.node);
  return [window, keyboard({ ...window.root, children: [found.node] })];
}

/** An alert presented inside the app's own window (older iOS) as a window of its own above the app, as newer iOS shows it. */
function splitAlert(window: UiWindow): UiWindow[] {
  const found = findNode(window.root, (n) => ALERT.test(n.className));
  if (!found || !window.root.children.some((c) => hasContent(c, found.node))) return [window];
  found.parent.children = found.parent.children.filter((c) => c !== found.node);
  return [window, { ...window, root: { ...window.root, children: [found.node] } }];
}

function findNode(root: UiNode, test: (n: UiNode) => boolean): { node: UiNode; parent: UiNode } | undefined {
  for (const c of root.children) {
    if (test(c)) return { node: c, parent: root };
    const deeper = findNode(c, test);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Whether `n` shows anything outside `except`. */
function hasContent(n: UiNode, except: UiNode): boolean {
  if (n === except) return false;
  if (n.flags.visible && (n.text !== '' || n.contentDesc !== '' || n.flags.clickable || n.flags.editable)) return true;
  return n.children.some((c) => hasContent(c, except));
}

function setPackage(n: UiNode, pkg: string): void {
  n.package = pkg;
  for (const c of n.children) setPackage(c, pkg);
}

function rectOf(e: WdaElement, scale: number): UiNode['bounds'] {
  const { x, y, width, height } = e.rect;
  return { left: Math.round(x * scale), top: Math.round(y * scale), right: Math.round((x + width) * scale), bottom: Math.round((y + height) * scale) };
}

function countElements(e: WdaElement): number {
  let count = 0;
  const stack = [e];
  while (stack.length > 0) {
    const n = stack.pop() as WdaElement;
    count++;
    stack.push(...n.children);
  }
  return count;
}
