// One window's node tree → the elements worth reading: controls with their labels, and loose texts.
//
// Bottom-up: texts rise until a pressable ancestor takes them as its label (a Settings row, a
// product row); a pressable with no text of its own and exactly one labelled control inside is that
// control (a clickable wrapper around a clickable label); a wrapper around several controls is
// dropped; huge pressables (a whole screen that closes the keyboard on tap) take nothing.
import { area, height, width, type Rect, type UiNode } from './ui-node.js';
import { clipUncovered, contains, coveredArea, intersect, union } from './geometry.js';
import { cleanText, joinTexts, MAX_VALUE, truncate } from './labels.js';
import { checkRole, infoRole, isPressable, isProgress, pressRole, scrollDirection, statesOf } from './roles.js';
import type { Role, ScreenElement } from './screen-types.js';

/** An element while the screen is being built: what it will show, plus how it was found. */
export interface Draft extends Pick<ScreenElement, 'role' | 'label' | 'value' | 'detail' | 'bounds' | 'states' | 'source'> {
  node: UiNode;
  /** A control (not a text, image or progress bar). */
  actionable: boolean;
  order: number;
  list?: Draft;
  /** Nodes merged into this element: label texts, wrappers, a row's switch. */
  absorbed: UiNode[];
}

interface TextPiece {
  node: UiNode;
  /** Visible part on screen. */
  bounds: Rect;
  label: string;
  role: Role;
  order: number;
  list?: Draft;
  /** Nodes whose texts make up this piece (a list row's texts). */
  nodes: UiNode[];
}

interface Result {
  texts: TextPiece[];
  elements: Draft[];
}

export interface WindowScope {
  screen: Rect;
  /** Rectangles of windows above this one. */
  covers: Rect[];
  /** Keep loose texts (false for system bars: the clock and battery are noise). */
  keepTexts: boolean;
}

/** A pressable this large, or holding a field or this many texts, is layout, not one control. */
const GIANT_SHARE = 0.4;
const GIANT_TEXTS = 12;
/** A list row of at most this many plain texts reads as one line ("Phone number Unknown"). */
const ROW_TEXTS = 4;

const EMPTY: Result = { texts: [], elements: [] };
const IMAGE_VIEW = /ImageView$/;
const NONE: ReadonlySet<number> = new Set();

/**
 * Earlier siblings hidden by a later one: a page pushed over another in the same window (a
 * fragment stack) is a large clickable container with content that encloses them. A childless
 * full-size view (a gesture catcher over a video) hides nothing.
 */
function coveredSiblings(children: UiNode[], screenArea: number): ReadonlySet<number> {
  let hidden: Set<number> | undefined;
  for (let j = children.length - 1; j > 0; j--) {
    const page = children[j];
    if (!page.flags.clickable || page.children.length === 0 || area(page.bounds) < 0.25 * screenArea) continue;
    for (let i = 0; i < j; i++) {
      if (!contains(page.bounds, children[i].bounds)) continue;
      hidden ??= new Set();
      hidden.add(i);
    }
  }
  return hidden ?? NONE;
}

const MEANINGFUL = /[\p{L}\p{N}]/u;

/** The node's text when it says something; a bare symbol ("−", "+", "⋮") yields to its content-desc. */
function shownText(n: UiNode): string {
  const text = cleanText(n.text);
  return MEANINGFUL.test(text) || n.contentDesc === '' ? text : '';
}

function ownLabel(n: UiNode): string {
  return shownText(n) || cleanText(n.contentDesc) || cleanText(n.text);
}

/** Two to four plain texts side by side on one line ("Subtotal" "$199.99"), no control between them, read as one. */
function sameLine(texts: TextPiece[], elements: Draft[]): boolean {
  if (texts.length < 2 || texts.length > ROW_TEXTS) return false;
  const first = texts[0].order;
  const last = texts[texts.length - 1].order;
  if (elements.some((e) => e.order > first && e.order < last)) return false;
  const top = Math.max(...texts.map((t) => t.node.bounds.top));
  const bottom = Math.min(...texts.map((t) => t.node.bounds.bottom));
  return top < bottom;
}

function lineOf(n: UiNode, texts: TextPiece[]): TextPiece {
  return {
    node: n,
    bounds: union(texts.map((t) => t.bounds)) ?? n.bounds,
    label: truncate(joinTexts(texts.map((t) => t.label))),
    role: 'text',
    order: texts[0].order,
    nodes: texts.flatMap((t) => t.nodes),
  };
}

function isPlainText(d: Draft): boolean {
  return /TextView$/.test(d.node.className) && d.node.children.length === 0 && !d.node.flags.checkable;
}

/** A list's row or card: at least half as wide (tall, for a sideways list) as the list. */
function isRowOf(n: UiNode, list: UiNode): boolean {
  return scrollDirection(list) === 'horizontal' ? height(n.bounds) >= 0.5 * height(list.bounds) : width(n.bounds) >= 0.5 * width(list.bounds);
}

export function compressWindow(root: UiNode, scope: WindowScope): Draft[] {
  let order = 0;
  const screenArea = Math.max(1, area(scope.screen));

  const shownBounds = (n: UiNode): Rect | undefined => {
    const r = intersect(n.bounds, scope.screen);
    if (!r) return undefined;
    if (scope.covers.length === 0) return r;
    const visible = area(r) - coveredArea(r, scope.covers);
    if (visible <= 0 || (visible < 0.5 * area(n.bounds) && visible < 0.1 * screenArea)) return undefined;
    return clipUncovered(r, scope.covers);
  };

  const draft = (n: UiNode, fields: Omit<Draft, 'node' | 'absorbed' | 'order' | 'actionable'> & { actionable?: boolean; order: number }): Draft => ({
    node: n,
    absorbed: [],
    actionable: fields.actionable ?? true,
    ...fields,
  });

  const visit = (n: UiNode, parent: UiNode | undefined, list: UiNode | undefined): Result => {
    const at = order++;
    if (!n.flags.visible) return EMPTY;
    const shown = shownBounds(n);
    if (n.flags.scrollable && shown) return visitList(n, shown, at);
    const { texts, elements } = visitChildren(n, list);
    if (!shown) return { texts, elements };
    if (n.flags.editable) return { texts, elements: [inputDraft(n, shown, at), ...elements] };
    if (isPressable(n)) return visitPressable({ n, shown, at, parent, list, texts, elements });
    if (isProgress(n)) {
      const label = cleanText(n.contentDesc);
      return { texts, elements: [draft(n, { role: 'progress', label, bounds: shown, states: statesOf(n), order: at, actionable: false }), ...elements] };
    }
    const own = truncate(ownLabel(n));
    if (own === '') return { texts: sameLine(texts, elements) ? [lineOf(n, texts)] : texts, elements };
    const rest = texts.filter((t) => t.label !== own);
    return { texts: [{ node: n, bounds: shown, label: own, role: infoRole(n), order: at, nodes: [n] }, ...rest], elements };
  };

  // Most nodes have no child or one: their results pass up without new arrays.
  const visitChildren = (n: UiNode, list: UiNode | undefined): Result => {
    const children = n.children;
    if (children.length === 0) return EMPTY;
    if (children.length === 1) return visit(children[0], n, list);
    const covered = coveredSiblings(children, screenArea);
    const texts: TextPiece[] = [];
    const elements: Draft[] = [];
    for (let i = 0; i < children.length; i++) {
      if (covered.has(i)) continue;
      const r = visit(children[i], n, list);
      for (const t of r.texts) texts.push(t);
      for (const e of r.elements) elements.push(e);
    }
    return { texts, elements };
  };

  const inputDraft = (n: UiNode, shown: Rect, at: number): Draft => {
    const text = cleanText(n.text);
    const named = cleanText(n.hint) || cleanText(n.contentDesc);
    const label = truncate(named || text);
    // The value is kept whole (bounded far above a label): input_text reads it back to check what was typed.
    const value = text !== '' && text !== label ? text.slice(0, MAX_VALUE) : undefined;
    return draft(n, { role: 'input', label, value, bounds: shown, states: statesOf(n), order: at });
  };

  const visitPressable = (p: { n: UiNode; shown: Rect; at: number; parent?: UiNode; list?: UiNode; texts: TextPiece[]; elements: Draft[] }): Result => {
    const { n, shown, at, texts, elements } = p;
    const inList = p.list !== undefined && isRowOf(n, p.list);
    const role = pressRole(n, { parent: p.parent, inList });
    const giant = area(n.bounds) >= GIANT_SHARE * screenArea || texts.length > GIANT_TEXTS || elements.some((e) => e.role === 'input');
    if (giant) {
      const own = truncate(ownLabel(n));
      const self = own ? [draft(n, { role, label: own, bounds: shown, states: statesOf(n), order: at })] : [];
      return { texts, elements: [...self, ...elements] };
    }
    const controls = elements.filter((e) => e.actionable && e.role !== 'list');
    const labelled = controls.filter((e) => e.label !== '');
    const unlabelled = controls.filter((e) => e.label === '');
    // A clickable text inside a clickable row beside plain texts ("Dark Knight" + "· 22m ago") is part of the row.
    const inner = texts.length > 0 && labelled.length === 1 && isPlainText(labelled[0]) ? labelled[0] : undefined;
    const parts = inner ? [...texts, { label: inner.label, order: inner.order }].sort((a, b) => a.order - b.order) : texts;
    const label = truncate(shownText(n) || joinTexts(parts.map((t) => t.label)) || ownLabel(n));
    if (label !== '') {
      // A row that flips a switch it holds (the switch itself takes no clicks) is that switch.
      const switches = n.flags.checkable ? [] : unlabelled.filter((e) => e.node.flags.checkable && !e.node.flags.clickable);
      const check = switches.length === 1 ? switches[0] : undefined;
      const self = draft(n, {
        role: check ? checkRole(check.node) : role,
        label,
        bounds: shown,
        states: statesOf(n, check ? check.node : n.flags.checkable ? n : undefined),
        order: at,
      });
      // A clickable picture with no label in a labelled row (an avatar, a thumbnail) does what the row does;
      // an unlabelled ImageButton is a control of its own and stays.
      const pictures = unlabelled.filter((e) => e !== check && IMAGE_VIEW.test(e.node.className) && e.node.children.length === 0);
      const merged = new Set<Draft>([...pictures, ...(check ? [check] : []), ...(inner ? [inner] : [])]);
      self.absorbed.push(...texts.flatMap((t) => t.nodes), ...[...merged].map((d) => d.node));
      // Lists whose whole content became this row's label (a row that scrolls sideways) go with it.
      const rest = elements.filter((e) => !merged.has(e) && !(e.role === 'list' && !elements.some((x) => x.list === e)));
      return { texts: [], elements: [self, ...rest] };
    }
    if (labelled.length === 1) {
      labelled[0].absorbed.push(n, ...unlabelled.map((u) => u.node));
      return { texts: [], elements: elements.filter((e) => !unlabelled.includes(e)) };
    }
    if (labelled.length === 0) {
      const self = draft(n, { role, label: '', bounds: shown, states: statesOf(n), order: at });
      self.absorbed.push(...unlabelled.map((u) => u.node));
      return { texts: [], elements: [self, ...elements.filter((e) => !unlabelled.includes(e))] };
    }
    return { texts, elements };
  };

  const visitList = (n: UiNode, shown: Rect, at: number): Result => {
    const self = draft(n, { role: 'list', label: truncate(cleanText(n.contentDesc)), bounds: shown, states: statesOf(n), order: at });
    const texts: TextPiece[] = [];
    const elements: Draft[] = [self];
    for (const child of n.children) {
      const r = visit(child, n, n);
      const rowHeight = child.bounds.bottom - child.bounds.top;
      const isRow =
        n.children.length >= 2 &&
        r.elements.length === 0 &&
        r.texts.length >= 2 &&
        r.texts.length <= ROW_TEXTS &&
        rowHeight < 0.5 * (n.bounds.bottom - n.bounds.top);
      if (isRow) texts.push(lineOf(child, r.texts));
      else texts.push(...r.texts);
      elements.push(...r.elements);
    }
    for (const t of texts) t.list ??= self;
    for (const e of elements) if (e !== self) e.list ??= self;
    return { texts, elements };
  };

  const result = visit(root, undefined, undefined);
  const loose = scope.keepTexts
    ? result.texts.map((t): Draft => {
        const d = draft(t.node, {
          role: t.role,
          label: t.label,
          bounds: t.bounds,
          states: statesOf(t.node, undefined),
          order: t.order,
          actionable: false,
          list: t.list,
        });
        d.absorbed.push(...t.nodes);
        return d;
      })
    : [];
  return dropWrapperLists([...result.elements, ...loose].sort((a, b) => a.order - b.order));
}

/** A scroller whose only content is another scroller (a pager around a list) says nothing more. */
function dropWrapperLists(drafts: Draft[]): Draft[] {
  const dropped = new Set<Draft>();
  for (const list of drafts) {
    if (list.role !== 'list' || list.label !== '') continue;
    const members = drafts.filter((d) => d.list === list);
    if (members.length === 1 && members[0].role === 'list') {
      members[0].list = list.list;
      dropped.add(list);
    }
  }
  return dropped.size === 0 ? drafts : drafts.filter((d) => !dropped.has(d));
}
