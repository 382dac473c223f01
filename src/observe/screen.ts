// A parsed hierarchy → the Screen: windows classified, covered parts dropped, elements with refs.
import type { Rect, UiHierarchy, UiNode } from './ui-node.js';
import { compressWindow, type Draft } from './compress.js';
import { intersect, union } from './geometry.js';
import { cleanText, joinTexts, truncate } from './labels.js';
import { placeReadText, type ReadText } from './read-text.js';
import { RefRegistry } from './refs.js';
import { classifyWindows, coversFor, type WindowInfo } from './windows.js';
import { IOS_WINDOW, SPRINGBOARD } from './wda/ios-names.js';
import type { ForegroundApp, Screen, ScreenElement, ScreenWindow, WindowKind } from './screen-types.js';

export interface ScreenOptions {
  /** Screen size in pixels; by default the extent of the dump's windows. */
  size?: { width: number; height: number };
  foreground?: ForegroundApp;
  /** Carries refs over from the previous screen; a fresh registry numbers from e1. */
  refs?: RefRegistry;
  /**
   * Whether the soft keyboard is up, as the input method service says. A plain uiautomator dump
   * holds the active window alone, so the keyboard is seldom in it; when it is not, the screen
   * still lists a keyboard window, with no keys and no known bounds.
   */
  keyboard?: boolean;
  /** Text read off the screenshot (OCR), placed among the app's elements by the rules of read-text.ts. */
  readText?: ReadText[];
}

// Printed order of window groups: what is on top of the app first, bars and keyboard last.
const GROUP_ORDER: Record<WindowKind, number> = { toast: 0, dialog: 1, app: 2, system: 3, keyboard: 4 };
// Android's keyboards name their enter key by resource id; iOS's is the key named "Return", labelled with its action.
const ENTER_KEY = /ime_action|key_pos_ime|enter|action_key|^Return$/i;
const TITLE_ID = /alertTitle|title|message/i;

export function buildScreen(hierarchy: UiHierarchy, options: ScreenOptions = {}): Screen {
  const screenRect: Rect = options.size
    ? { left: 0, top: 0, right: options.size.width, bottom: options.size.height }
    : (union(hierarchy.windows.map((w) => w.root.bounds)) ?? { left: 0, top: 0, right: 0, bottom: 0 });
  const infos = classifyWindows(hierarchy.windows, screenRect);
  const windows: ScreenWindow[] = [];
  const groups: Array<{ kind: WindowKind; window: number; drafts: Draft[] }> = [];
  let underModal = false;

  infos.forEach((info, i) => {
    // Under a dialog, count what the dialog hides, not only what it happens to overlap.
    const above = underModal ? infos.slice(0, i).filter((w) => !w.modal) : infos.slice(0, i);
    const shown = windowDrafts(info, { screen: screenRect, covers: coversFor(above, above.length) });
    const drafts =
      options.readText && info.kind === 'app' && !underModal
        ? placeReadText(shown, options.readText, {
            window: contentBounds(info.window.root),
            package: info.window.package,
            windowIndex: i,
            exclude: infos.filter((w, j) => j < i || w.kind === 'system' || w.kind === 'keyboard').map((w) => w.bounds),
          })
        : shown;
    const content = contentBounds(info.window.root);
    windows.push({
      kind: info.kind,
      package: info.window.package,
      bounds: info.bounds,
      hiddenElements: underModal ? drafts.length : 0,
      ...(content !== info.window.root.bounds ? { content } : {}),
    });
    if (!underModal) groups.push({ kind: info.kind, window: i, drafts });
    if (info.modal) underModal = true;
  });

  if (options.keyboard === true && !windows.some((w) => w.kind === 'keyboard')) {
    windows.push({
      kind: 'keyboard',
      package: '',
      bounds: { left: screenRect.left, top: screenRect.bottom, right: screenRect.right, bottom: screenRect.bottom },
      hiddenElements: 0,
    });
  }
  groups.sort((a, b) => GROUP_ORDER[a.kind] - GROUP_ORDER[b.kind] || a.window - b.window);
  const placed = groups.flatMap((g) => g.drafts.map((d) => ({ d, window: g.window })));
  const refs = (options.refs ?? new RefRegistry()).assign(
    placed.map(({ d, window }) => ({
      role: d.role,
      className: d.node.className,
      resourceId: d.node.resourceId,
      label: d.label,
      package: windows[window].package,
      bounds: d.bounds,
    })),
  );
  const refOf = new Map(placed.map(({ d }, i) => [d, refs[i]]));
  const elements = placed.map(({ d, window }, i): ScreenElement => {
    const e: ScreenElement = {
      ref: refs[i],
      role: d.role,
      label: d.label,
      bounds: d.bounds,
      states: d.states,
      window,
      className: d.node.className,
      resourceId: d.node.resourceId,
    };
    if (d.value !== undefined) e.value = d.value;
    if (d.detail !== undefined) e.detail = d.detail;
    if (d.source !== undefined) e.source = d.source;
    const textBox = textBoxOf(d);
    if (textBox) e.textBox = textBox;
    const list = d.list && refOf.get(d.list);
    if (list) e.list = list;
    if (d.role === 'dialog' || d.role === 'keyboard') windows[window].ref = refs[i];
    return e;
  });

  // An iOS tree taken while the app's alert is up may hold the alert alone: the alert's app is in front.
  const top =
    infos.find((w) => w.kind === 'app' && !w.window.package.startsWith('com.android.systemui')) ??
    infos.find((w) => w.kind === 'dialog' && w.window.root.className === IOS_WINDOW && w.window.package !== SPRINGBOARD);
  const foreground = options.foreground ?? (top ? { package: top.window.package, activity: '' } : undefined);
  return {
    width: screenRect.right - screenRect.left,
    height: screenRect.bottom - screenRect.top,
    rotation: hierarchy.rotation,
    foreground,
    windows,
    elements,
    nodeCount: hierarchy.nodeCount,
    skippedNodes: hierarchy.skippedNodes,
  };
}

const DRAWN_TEXT = /[\p{L}\p{N}]/u;

/** Where the element's text is drawn: its own and its merged nodes that carry a `text` (a field's text or the hint it shows). */
function textBoxOf(d: Draft): Rect | undefined {
  if (d.source !== undefined) return undefined;
  const drawn = [d.node, ...d.absorbed].filter((n) => n.flags.visible && DRAWN_TEXT.test(n.text));
  const box = union(drawn.map((n) => n.bounds));
  return box && intersect(box, d.bounds);
}

function windowDrafts(info: WindowInfo, scope: { screen: Rect; covers: Rect[] }): Draft[] {
  const root = info.window.root;
  if (info.kind === 'keyboard') return [keyboardDraft(root, { screen: scope.screen, bounds: info.bounds })];
  if (info.kind === 'toast') {
    // A text's own nodes are not read again (an iOS banner's label holds its title and body).
    const texts: string[] = [];
    const read = (n: UiNode): void => {
      if (n.text !== '') texts.push(cleanText(n.text));
      else n.children.forEach(read);
    };
    read(root);
    return [windowDraft(root, { role: 'toast', label: truncate(joinTexts(texts)), bounds: info.bounds })];
  }
  const drafts = compressWindow(root, { ...scope, keepTexts: info.kind !== 'system' });
  if (info.kind !== 'dialog') return drafts;
  // The dialog's own element carries its title; the title text is not repeated below it.
  const title = drafts.find((d) => d.role === 'text' && TITLE_ID.test(d.node.resourceId)) ?? drafts.find((d) => d.role === 'text');
  const dialog = windowDraft(root, { role: 'dialog', label: title?.label ?? '', bounds: info.bounds });
  return [dialog, ...drafts.filter((d) => d !== title)];
}

function keyboardDraft(root: UiNode, { screen, bounds }: { screen: Rect; bounds: Rect }): Draft {
  let enter: string | undefined;
  walk(root, (n) => {
    if (enter === undefined && ENTER_KEY.test(n.resourceId)) enter = cleanText(n.contentDesc) || cleanText(n.text);
  });
  const d = windowDraft(root, { role: 'keyboard', label: '', bounds });
  d.bounds = {
    left: Math.max(bounds.left, screen.left),
    top: Math.max(bounds.top, screen.top),
    right: Math.min(bounds.right, screen.right),
    bottom: Math.min(bounds.bottom, screen.bottom),
  };
  if (enter) d.detail = `enter key "${enter}"`;
  return d;
}

function windowDraft(root: UiNode, fields: { role: Draft['role']; label: string; bounds: Rect }): Draft {
  return { node: root, role: fields.role, label: fields.label, bounds: fields.bounds, states: [], actionable: false, order: -1, absorbed: [] };
}

function walk(n: UiNode, fn: (n: UiNode) => void): void {
  fn(n);
  for (const c of n.children) walk(c, fn);
}

/**
 * Where the app draws: its `android:id/content` view when the dump has one (below the status bar unless
 * the app draws edge to edge), on iOS its window below a status bar it holds, else its window. Text read
 * outside it is the system's, not the app's.
 */
function contentBounds(root: UiNode): Rect {
  const queue: UiNode[] = [root];
  for (let n = queue.shift(); n; n = queue.shift()) {
    if (n.resourceId === 'android:id/content') return n.bounds;
    if (n.className === 'XCUIElementTypeStatusBar' && n.bounds.top <= root.bounds.top && n.bounds.bottom < root.bounds.bottom)
      return { ...root.bounds, top: n.bounds.bottom };
    if (n.depth < 4) queue.push(...n.children);
  }
  return root.bounds;
}
