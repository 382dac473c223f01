// Pixels against the tree, second rule: an element whose text the tree says is drawn, but whose box in
// the screenshot shows none of it, has something over it that the tree does not show (a tutorial's
// scrim or card, a tip bubble in a window of its own, another app's overlay, a game surface on top).
// A touch there lands on that, not on the element, so the executor must not take it as live.
import { colourDistance, commonest, hex, type Pixels, type Rgb } from './greyed.js';
import { centre } from './geometry.js';
import type { Screen, ScreenElement, WindowKind } from './screen-types.js';
import type { Rect } from './ui-node.js';

/** A colour this far from a box's fill is something drawn on it (text, an edge, a picture). */
const INK_DISTANCE = 24;
/** A box whose pixels differ from its fill on at most this share is blank: an overlay's soft edge may stray in. */
const STRAY_INK = 0.0005;
/** Boxes smaller than this (device pixels, either side) are not judged: too few pixels to tell. */
const MIN_BOX = 12;
/** Pixels read per box, at most. */
const SAMPLES = 20_000;
/** Points read along the path between two boxes. */
const PATH_POINTS = 64;
/** A box this much of a covering fill, joined to a covered box by a path this much of it, is under the same overlay. */
const SPAN_FILL = 0.6;
const SPAN_PATH = 0.85;
/** Only the app's and its dialogs' elements are judged: bars, keyboards and toasts draw themselves. */
const JUDGED: ReadonlySet<WindowKind> = new Set<WindowKind>(['app', 'dialog']);

/** Why the pixels say an element is covered. */
export interface Cover {
  /** 'blank': its text box is one flat fill; 'spans': the fill over a blank element reaches across its box too. */
  how: 'blank' | 'spans';
  /** The overlay's colour where the element's text should be. */
  fill: Rgb;
  /** The other covered element the overlay's fill joins it to. */
  with?: ScreenElement;
}

interface BoxRead {
  fill: Rgb;
  /** Share of the box's pixels far from its fill. */
  ink: number;
  /** Share of the box's pixels near `near`, when asked. */
  near?: number;
}

/** The elements whose drawn text the pixels do not show, with why; none when every text is where the tree puts it. */
export function coveredElements(screen: Screen, pixels: Pixels): Map<ScreenElement, Cover> {
  const covers = new Map<ScreenElement, Cover>();
  const page = new Map<number, Rgb>();
  const judged = screen.elements.filter((e) => judgeable(screen, e, pixels));
  const blank = judged
    .map((e) => ({ e, read: readBox(pixels, { box: e.textBox as Rect }) }))
    .filter((b): b is { e: ScreenElement; read: BoxRead } => b.read !== undefined && b.read.ink <= STRAY_INK);
  for (const { e, read } of blank) {
    let background = page.get(e.window);
    if (!background) {
      background = windowColour(pixels, screen.windows[e.window].bounds);
      page.set(e.window, background);
    }
    // One blank text on the page's own colour may be a text drawn invisible; an overlay of the page's
    // colour is only believed when it hides several texts.
    const twin = blank.find((o) => o.e !== e && o.e.window === e.window && colourDistance(o.read.fill, read.fill) < INK_DISTANCE);
    if (colourDistance(read.fill, background) < INK_DISTANCE && !twin) continue;
    covers.set(e, { how: 'blank', fill: read.fill, ...(twin ? { with: twin.e } : {}) });
  }
  // The same overlay reaching over the neighbours whose box it fills most of (its own text or picture may be in them).
  for (const [anchor, cover] of [...covers]) {
    if (colourDistance(cover.fill, page.get(anchor.window) as Rgb) < INK_DISTANCE) continue;
    for (const e of judged) {
      if (covers.has(e) || e.window !== anchor.window) continue;
      const read = readBox(pixels, { box: e.textBox as Rect, near: cover.fill });
      if (!read || (read.near ?? 0) < SPAN_FILL) continue;
      if (pathShare(pixels, { from: centre(anchor.textBox as Rect), to: centre(e.textBox as Rect), fill: cover.fill }) < SPAN_PATH) continue;
      covers.set(e, { how: 'spans', fill: cover.fill, with: anchor });
    }
  }
  return covers;
}

/** `screen` with each element the pixels show covered marked `covered` (a drawn greyed-out look under an overlay says nothing). */
export function markCovered(screen: Screen, pixels: Pixels): Screen {
  const covers = coveredElements(screen, pixels);
  if (covers.size === 0) return screen;
  return {
    ...screen,
    elements: screen.elements.map((e) => (covers.has(e) ? { ...e, states: [...e.states.filter((s) => s !== 'looks-disabled'), 'covered'] } : e)),
  };
}

/** What the pixels showed, in words: 'a flat #263238 fill where its text should be'. */
export function coverText(cover: Cover): string {
  const fill = hex(cover.fill);
  if (cover.how === 'blank') {
    const also = cover.with ? ` (as over ${cover.with.role} ${cover.with.ref} "${cover.with.label}")` : '';
    return `a flat ${fill} fill where its text should be${also}`;
  }
  const other = cover.with as ScreenElement;
  return `mostly the ${fill} fill that hides ${other.role} ${other.ref} "${other.label}", one region across both`;
}

/** An element with drawn text, in the app or a dialog, whose text box is whole on screen and big enough to read. */
function judgeable(screen: Screen, e: ScreenElement, pixels: Pixels): boolean {
  const box = e.textBox;
  if (!box || e.source === 'ocr' || !JUDGED.has(screen.windows[e.window]?.kind)) return false;
  if (box.right - box.left < MIN_BOX || box.bottom - box.top < MIN_BOX) return false;
  if (box.left < 0 || box.top < 0 || box.right * pixels.scale > pixels.width + 1 || box.bottom * pixels.scale > pixels.height + 1) return false;
  // A row cut by its list's edge shows only part of its text box: that part may hold no text.
  const list = e.list === undefined ? undefined : screen.elements.find((l) => l.ref === e.list);
  return !list || (box.top > list.bounds.top + 1 && box.bottom < list.bounds.bottom - 1);
}

/** The fill of a box and how much of it is ink; with `near`, also how much of it is that colour. */
function readBox(pixels: Pixels, options: { box: Rect; near?: Rgb }): BoxRead | undefined {
  const samples = sampleBox(pixels, options.box, SAMPLES);
  if (samples.length === 0) return undefined;
  const fill = commonest(samples);
  const ink = samples.filter((rgb) => colourDistance(rgb, fill) >= INK_DISTANCE).length / samples.length;
  const { near } = options;
  if (!near) return { fill, ink };
  return { fill, ink, near: samples.filter((rgb) => colourDistance(rgb, near) < INK_DISTANCE).length / samples.length };
}

/** The commonest colour of a window's area: the page its texts are drawn on. */
function windowColour(pixels: Pixels, bounds: Rect): Rgb {
  return commonest(sampleBox(pixels, bounds, 4096));
}

/** Up to `max` pixels of a box given in device pixels, on an even grid. */
function sampleBox(pixels: Pixels, box: Rect, max: number): Rgb[] {
  const x0 = Math.max(0, Math.floor(box.left * pixels.scale));
  const x1 = Math.min(pixels.width, Math.ceil(box.right * pixels.scale));
  const y0 = Math.max(0, Math.floor(box.top * pixels.scale));
  const y1 = Math.min(pixels.height, Math.ceil(box.bottom * pixels.scale));
  if (x1 <= x0 || y1 <= y0) return [];
  const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0) * (y1 - y0)) / max)));
  const out: Rgb[] = [];
  for (let y = y0; y < y1; y += step) for (let x = x0; x < x1; x += step) out.push(pixelAt(pixels, x, y));
  return out;
}

function pixelAt(pixels: Pixels, x: number, y: number): Rgb {
  const at = (y * pixels.width + x) * 4;
  return [pixels.data[at], pixels.data[at + 1], pixels.data[at + 2]];
}

/** Share of the points on the straight path between two device points whose colour is `fill`. */
function pathShare(pixels: Pixels, path: { from: { x: number; y: number }; to: { x: number; y: number }; fill: Rgb }): number {
  let same = 0;
  for (let i = 0; i <= PATH_POINTS; i++) {
    const t = i / PATH_POINTS;
    const x = Math.min(pixels.width - 1, Math.max(0, Math.round((path.from.x + (path.to.x - path.from.x) * t) * pixels.scale)));
    const y = Math.min(pixels.height - 1, Math.max(0, Math.round((path.from.y + (path.to.y - path.from.y) * t) * pixels.scale)));
    if (colourDistance(pixelAt(pixels, x, y), path.fill) < INK_DISTANCE) same++;
  }
  return same / (PATH_POINTS + 1);
}
