// Widget trees (dp) to laid-out nodes (px), in the manner of LinearLayout and FrameLayout:
// column/row/stack, fixed/fill/wrap sizes, weights, padding, gaps, alignment and scroll containers.
import type { Bounds, Widget } from '../types.js';
import { EMPTY_BOUNDS, intersect, isEmpty, type UiNode } from './node.js';
import { controlWidthDp, defaultTextFace, LABEL_ICON_DP, LABEL_ICON_GAP_DP, lineHeight, measureText, type TextFont } from '../text-metrics.js';
import { defaultPadding, inputFlags, isEditText, minimumSize, reportedText, resourceId } from './widget-defaults.js';

export interface LayoutOptions {
  /** Pixels per dp: density / 160. */
  scale: number;
  /** Package reported by every node of the window. */
  pkg: string;
  /** Prefix that keeps tree-path keys of different windows apart. */
  keyPrefix: string;
  /** Stored scroll offset of a scroll container, px (clamped by the layout). */
  scrollOffset(key: string): number;
  focusedKey?: string;
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Size {
  w: number;
  h: number;
}
interface Placement {
  kid: Widget;
  index: number;
  x: number;
  y: number;
  w: number;
  h: number;
}
/** Where a widget goes: its rectangle, the clip its node's bounds are cut to, and its tree path (the key when it has none). */
interface Slot {
  rect: Rect;
  clip: Bounds;
  path: string;
}
/** A child along a line's main axis: the axis, the child's cross size, and the room left along the main axis. */
interface MainAxis {
  vertical: boolean;
  cross: number;
  avail: number;
}
/** Which sides of the content box are decided (exact) rather than at most the given size. */
interface Exact {
  w: boolean;
  h: boolean;
}

/** Lays out one window's widget tree into the given rectangle. */
export class Layout {
  /** Every key seen in the last layout, on screen or scrolled away (to keep focus on a field out of view). */
  readonly keys = new Set<string>();
  private focusTaken = false;
  private readonly memo = new WeakMap<Widget, Map<string, Size>>();

  constructor(private readonly options: LayoutOptions) {}

  px(dp: number): number {
    return dp * this.options.scale;
  }

  /** The root fills the rectangle exactly, as an Activity's content view does. */
  layoutRoot(root: Widget, rect: Rect, clip: Bounds): UiNode | undefined {
    if (root.visible === false) return undefined;
    const node = this.place(root, { rect, clip, path: this.options.keyPrefix });
    return isEmpty(node.bounds) ? undefined : node;
  }

  /** Natural width of a widget: fixed, or content plus padding, at most availW. */
  wrapWidth(w: Widget, availW: number): number {
    return typeof w.width === 'number' ? this.px(w.width) : this.contentWidth(w, availW);
  }

  /** Natural height of a widget laid out at this width, at most availH ('fill' counts as wrap). */
  heightFor(w: Widget, width: number, availH: number): number {
    return typeof w.height === 'number' ? this.px(w.height) : this.contentHeight(w, width, availH);
  }

  /** Width of the content plus padding, whatever width the widget asks for. */
  private contentWidth(w: Widget, availW: number): number {
    return this.cached(w, `w${availW}`, () => {
      const pad = this.padding(w);
      const inner = availW - pad.left - pad.right;
      const content = this.hasChildren(w) ? this.arrange(w, { w: inner, h: Infinity }, { w: false, h: false }).extent.w : this.intrinsic(w, inner).w;
      const width = Math.max(content + pad.left + pad.right, this.px(minimumSize(w.cls).width));
      return { w: Math.min(width, availW), h: 0 };
    }).w;
  }

  /** Height of the content plus padding at this width, whatever height the widget asks for. */
  private contentHeight(w: Widget, width: number, availH: number): number {
    return this.cached(w, `h${width}|${availH}`, () => {
      const pad = this.padding(w);
      const inner = width - pad.left - pad.right;
      const content = this.hasChildren(w)
        ? this.arrange(w, { w: inner, h: availH - pad.top - pad.bottom }, { w: true, h: false }).extent.h
        : this.intrinsic(w, inner).h;
      const height = Math.max(content + pad.top + pad.bottom, this.px(minimumSize(w.cls).height));
      return { w: 0, h: Math.min(height, availH) };
    }).h;
  }

  private cached(w: Widget, key: string, compute: () => Size): Size {
    let entries = this.memo.get(w);
    if (!entries) {
      entries = new Map();
      this.memo.set(w, entries);
    }
    let size = entries.get(key);
    if (!size) {
      size = compute();
      entries.set(key, size);
    }
    return size;
  }

  private hasChildren(w: Widget): boolean {
    return (w.children?.length ?? 0) > 0;
  }

  padding(w: Widget): { top: number; right: number; bottom: number; left: number } {
    const p = w.padding ?? defaultPadding(w.cls);
    if (p === undefined) return { top: 0, right: 0, bottom: 0, left: 0 };
    // Whole pixels, as Android sizes padding, so the renderer's content box is the one measured here.
    const side = (dp: number | undefined): number => Math.round(this.px(dp ?? 0));
    if (typeof p === 'number') {
      const v = side(p);
      return { top: v, right: v, bottom: v, left: v };
    }
    return { top: side(p.top), right: side(p.right), bottom: side(p.bottom), left: side(p.left) };
  }

  /** The face a widget's text is drawn in, px. */
  font(w: Widget): TextFont {
    const face = defaultTextFace(w.cls);
    return { px: this.px(w.style?.fontSize ?? face.sp), bold: w.style?.bold ?? face.bold };
  }

  /** Content size of a leaf: its text (wrapped at maxWidth), icon and control, in whole pixels as the renderer fits them. */
  private intrinsic(w: Widget, maxWidth: number): Size {
    const font = this.font(w);
    const control = this.px(controlWidthDp(w.cls));
    const icon = w.style?.icon ? this.px(LABEL_ICON_DP) : 0;
    const label = reportedText(w).text;
    if (!label) {
      const lineH = isEditText(w) ? Math.ceil(lineHeight(font)) : 0;
      return { w: Math.ceil(Math.max(icon, control)), h: Math.ceil(Math.max(icon, lineH, control ? this.px(LABEL_ICON_DP) : 0)) };
    }
    const extra = control + (icon ? icon + this.px(LABEL_ICON_GAP_DP) : 0);
    const text = measureText(label, { font, maxWidth: Math.max(1, maxWidth - extra) });
    return { w: Math.ceil(text.width + extra), h: Math.ceil(Math.max(text.height, icon)) };
  }

  /** Where the children of w go inside its content box (relative to it) and how big they are together. */
  private arrange(w: Widget, inner: Size, exact: Exact): { placements: Placement[]; extent: Size } {
    const innerW = w.scrollable === 'horizontal' ? Infinity : inner.w;
    const innerH = w.scrollable === 'vertical' ? Infinity : inner.h;
    const mode: Exact = { w: exact.w && Number.isFinite(innerW), h: exact.h && Number.isFinite(innerH) };
    const kids: Array<{ kid: Widget; index: number }> = [];
    (w.children ?? []).forEach((kid, index) => {
      if (kid.visible !== false) kids.push({ kid, index });
    });
    const gap = this.px(w.gap ?? 0);
    const layout = w.layout ?? 'column';
    if (layout === 'stack') return this.arrangeStack(kids, { w: innerW, h: innerH }, mode);
    return this.arrangeLine(kids, { vertical: layout === 'column', innerW, innerH, gap, mode });
  }

  private arrangeStack(kids: Array<{ kid: Widget; index: number }>, { w: innerW, h: innerH }: Size, mode: Exact): { placements: Placement[]; extent: Size } {
    const placements: Placement[] = [];
    const extent: Size = { w: 0, h: 0 };
    for (const { kid, index } of kids) {
      const fillW = (kid.width ?? 'fill') === 'fill' && mode.w;
      const kw = typeof kid.width === 'number' ? this.px(kid.width) : fillW ? innerW : this.wrapWidth(kid, innerW);
      const fillH = kid.height === 'fill' && mode.h;
      const kh = fillH ? innerH : this.heightFor(kid, kw, innerH);
      placements.push({ kid, index, x: 0, y: 0, w: kw, h: kh });
      extent.w = Math.max(extent.w, kw);
      extent.h = Math.max(extent.h, kh);
    }
    const boxW = Number.isFinite(innerW) ? innerW : extent.w;
    const boxH = Number.isFinite(innerH) ? innerH : extent.h;
    for (const p of placements) {
      p.x = offsetFor(p.kid.align, boxW - p.w);
      p.y = offsetFor(p.kid.gravity === 'bottom' ? 'end' : p.kid.gravity === 'center' ? 'center' : 'start', boxH - p.h);
    }
    return { placements, extent };
  }

  /** Column (vertical) or row: sizes along the main axis, weights share what is left. */
  private arrangeLine(
    kids: Array<{ kid: Widget; index: number }>,
    o: { vertical: boolean; innerW: number; innerH: number; gap: number; mode: Exact },
  ): { placements: Placement[]; extent: Size } {
    const mainAvail = o.vertical ? o.innerH : o.innerW;
    const crossAvail = o.vertical ? o.innerW : o.innerH;
    const exactMain = o.vertical ? o.mode.h : o.mode.w;
    const exactCross = o.vertical ? o.mode.w : o.mode.h;
    const lines = kids.map(({ kid, index }) => {
      const mainSpec = o.vertical ? kid.height : kid.width;
      const defaultFill = !o.vertical && mainSpec === undefined;
      const weight = kid.weight ?? (mainSpec === 'fill' || defaultFill ? 1 : 0);
      return { kid, index, mainSpec, weight, main: 0, cross: 0 };
    });
    // Cross size first for columns (text height depends on width); rows need the main size first.
    if (o.vertical) for (const l of lines) l.cross = this.crossWidth(l.kid, crossAvail, exactCross);
    let used = o.gap * Math.max(0, lines.length - 1);
    let totalWeight = 0;
    for (const l of lines) {
      if (l.weight > 0) {
        l.main =
          typeof l.mainSpec === 'number'
            ? this.px(l.mainSpec)
            : l.mainSpec === 'wrap'
              ? this.natural(l.kid, { vertical: o.vertical, cross: l.cross, avail: mainAvail })
              : 0;
        totalWeight += l.weight;
      } else {
        l.main = typeof l.mainSpec === 'number' ? this.px(l.mainSpec) : this.natural(l.kid, { vertical: o.vertical, cross: l.cross, avail: mainAvail });
      }
      used += l.main;
    }
    const remaining = exactMain ? Math.max(0, mainAvail - used) : Math.max(0, (Number.isFinite(mainAvail) ? mainAvail : Infinity) - used);
    for (const l of lines) {
      if (l.weight <= 0) continue;
      if (exactMain) l.main += remaining * (l.weight / totalWeight);
      else l.main = Math.max(l.main, o.vertical ? this.contentHeight(l.kid, l.cross, remaining + l.main) : this.contentWidth(l.kid, remaining + l.main));
    }
    if (!o.vertical) {
      for (const l of lines) {
        const spec = l.kid.height;
        l.cross = typeof spec === 'number' ? this.px(spec) : spec === 'fill' && exactCross ? crossAvail : this.heightFor(l.kid, l.main, crossAvail);
      }
    }
    let mainExtent = o.gap * Math.max(0, lines.length - 1);
    let crossExtent = 0;
    for (const l of lines) {
      mainExtent += l.main;
      crossExtent = Math.max(crossExtent, l.cross);
    }
    const crossBox = Number.isFinite(crossAvail) ? crossAvail : crossExtent;
    const placements: Placement[] = [];
    let cursor = 0;
    for (const l of lines) {
      const across = offsetFor(l.kid.align, crossBox - l.cross);
      placements.push(
        o.vertical
          ? { kid: l.kid, index: l.index, x: across, y: cursor, w: l.cross, h: l.main }
          : { kid: l.kid, index: l.index, x: cursor, y: across, w: l.main, h: l.cross },
      );
      cursor += l.main + o.gap;
    }
    return { placements, extent: o.vertical ? { w: crossExtent, h: mainExtent } : { w: mainExtent, h: crossExtent } };
  }

  private crossWidth(kid: Widget, avail: number, exact: boolean): number {
    if (typeof kid.width === 'number') return this.px(kid.width);
    if ((kid.width ?? 'fill') === 'fill' && exact) return avail;
    return this.wrapWidth(kid, avail);
  }

  /** Natural size along the main axis. */
  private natural(kid: Widget, { vertical, cross, avail }: MainAxis): number {
    return vertical ? this.heightFor(kid, cross, avail) : this.wrapWidth(kid, avail);
  }

  private place(w: Widget, { rect, clip, path }: Slot): UiNode {
    const key = w.key ?? w.id ?? path;
    this.keys.add(key);
    const frame: Bounds = {
      left: Math.round(rect.x),
      top: Math.round(rect.y),
      right: Math.round(rect.x + rect.w),
      bottom: Math.round(rect.y + rect.h),
    };
    const bounds = intersect(frame, clip);
    const flags = inputFlags(w);
    const { text, showingHint } = reportedText(w);
    const focused = !this.focusTaken && this.options.focusedKey !== undefined && key === this.options.focusedKey;
    if (focused) this.focusTaken = true;
    const node: UiNode = {
      cls: w.cls,
      resourceId: resourceId(w, this.options.pkg),
      package: this.options.pkg,
      text,
      contentDesc: w.desc ?? '',
      checkable: flags.checkable,
      checked: w.checked ?? false,
      clickable: flags.clickable,
      enabled: flags.enabled,
      focusable: flags.focusable,
      focused,
      scrollable: w.scrollable !== undefined,
      longClickable: flags.longClickable,
      password: w.password ?? false,
      selected: w.selected ?? false,
      bounds,
      frame,
      key,
      widget: w,
      children: [],
    };
    if (showingHint) node.showingHint = true;
    if (w.style) node.style = w.style;
    const pad = this.padding(w);
    if (pad.top || pad.right || pad.bottom || pad.left) {
      node.padding = { ...pad };
    }
    if (!this.hasChildren(w)) return node;

    const inner: Rect = { x: rect.x + pad.left, y: rect.y + pad.top, w: rect.w - pad.left - pad.right, h: rect.h - pad.top - pad.bottom };
    const { placements, extent } = this.arrange(w, inner, { w: true, h: true });
    let dx = 0;
    let dy = 0;
    if (w.scrollable) {
      const vertical = w.scrollable === 'vertical';
      const max = Math.max(0, Math.round(vertical ? extent.h - inner.h : extent.w - inner.w));
      const offset = Math.min(max, Math.max(0, Math.round(this.options.scrollOffset(key))));
      node.scroll = { axis: w.scrollable, key, offset, max };
      if (vertical) dy = -offset;
      else dx = -offset;
    }
    const childClip = isEmpty(bounds) ? EMPTY_BOUNDS : bounds;
    for (const p of placements) {
      const child = this.place(p.kid, { rect: { x: inner.x + p.x + dx, y: inner.y + p.y + dy, w: p.w, h: p.h }, clip: childClip, path: `${path}/${p.index}` });
      if (!isEmpty(child.bounds)) node.children.push(child);
    }
    return node;
  }
}

function offsetFor(align: Widget['align'], free: number): number {
  if (!(free > 0)) return 0;
  if (align === 'center') return free / 2;
  if (align === 'end') return free;
  return 0;
}
