// Text read off the screen's pixels (OCR) placed among the tree's elements, by one set of rules:
// - the tree's text wins: a line read inside an element that has a label is dropped;
// - OCR names what the tree leaves unnamed: a line inside an unlabelled control becomes its label;
// - a lone letter or digit read faintly is an icon's shape, not text, and names nothing;
// - text on a surface the tree says nothing about (a game's SurfaceView, a canvas, a photo) becomes an
//   element of its own, a button when it was read inside a drawn filled shape, else a text.
// Elements so made or named carry `source: 'ocr'`.
import type { Draft } from './compress.js';
import { centre, holdsPoint } from './geometry.js';
import { joinTexts, truncate } from './labels.js';
import { TOUCHABLE_ROLES, type Screen } from './screen-types.js';
import { area, PLAIN_FLAGS, type Rect, type UiNode } from './ui-node.js';

/** One line of text read off the screenshot, in device pixels. */
export interface ReadText {
  text: string;
  /** 0–100, as the OCR engine rates it. */
  confidence: number;
  bounds: Rect;
  /** Read inside a filled shape that stands out from what is around it: drawn as a button. */
  filled?: boolean;
}

/** Below this share of the app's elements carrying text, the screen is read with OCR too. */
export const DEFAULT_MIN_TEXT_COVERAGE = 0.6;

/**
 * A read of a single letter or digit is trusted only at this confidence: tesseract reads an icon's
 * strokes as "Q", "S" or "0" at 60–70, while a drawn keypad's digits read above 85.
 */
const LONE_CHARACTER_CONFIDENCE = 80;

/** A lone character read faintly: an icon's shape taken for a letter, not text. */
function iconGlyph(line: ReadText): boolean {
  return line.text.replace(/[^\p{L}\p{N}]/gu, '').length <= 1 && line.confidence < LONE_CHARACTER_CONFIDENCE;
}

/** An element bigger than this share of its window is a surface: text on it is an element of its own. */
const SURFACE_SHARE = 0.25;

/**
 * The share of the app's elements (not bars, keyboard or toasts) that carry text: 1 when all are
 * named, 0 when none are or when the tree shows nothing at all on a screen that is not blank.
 */
export function textCoverage(screen: Screen): number {
  const { named, total } = textCounts(screen);
  return total === 0 ? 0 : named / total;
}

/** The app's elements (not bars, keyboard or toasts), and how many of them carry text. */
export function textCounts(screen: Screen): { named: number; total: number } {
  const app = screen.elements.filter((e) => screen.windows[e.window].kind === 'app' || screen.windows[e.window].kind === 'dialog');
  return { named: app.filter((e) => e.label !== '').length, total: app.length };
}

/** The bounds of unlabelled elements a person would touch: regions worth reading alone. */
export function unlabelledRegions(screen: Screen): Rect[] {
  return screen.elements.filter((e) => e.label === '' && TOUCHABLE_ROLES.has(e.role) && screen.windows[e.window].kind !== 'keyboard').map((e) => e.bounds);
}

export interface ReadTextScope {
  /** The window the drafts belong to. */
  window: Rect;
  package: string;
  /** Index of that window in the hierarchy. */
  windowIndex: number;
  /** Where the app is not (the system bars, the keyboard, windows above it): text read there is not the app's. */
  exclude: Rect[];
}

/**
 * `drafts` of one window with `lines` placed among them by the rules above: an unlabelled draft OCR names
 * is labelled in place (drafts refer to each other: a list's rows), new ones are added in reading order.
 */
export function placeReadText(drafts: Draft[], lines: ReadText[], scope: ReadTextScope): Draft[] {
  const out = drafts;
  const named = new Map<Draft, string[]>();
  // Elements of their own, after the surface they were read on (undefined: on no element at all).
  const own = new Map<Draft | undefined, Draft[]>();
  const surface = SURFACE_SHARE * Math.max(1, area(scope.window));
  for (const line of [...lines].sort((a, b) => a.bounds.top - b.bounds.top || a.bounds.left - b.bounds.left)) {
    const text = line.text.trim();
    const middle = centre(line.bounds);
    if (text === '' || iconGlyph(line) || !holdsPoint(scope.window, middle) || scope.exclude.some((r) => holdsPoint(r, middle))) continue;
    const host = smallestAround(out, line.bounds);
    if (host && host.label !== '') continue;
    if (host && TOUCHABLE_ROLES.has(host.role) && area(host.bounds) <= surface) {
      named.set(host, [...(named.get(host) ?? []), text]);
      continue;
    }
    own.set(host, [...(own.get(host) ?? []), ownDraft(line, { text, scope, order: host?.order ?? out.length })]);
  }
  for (const [draft, texts] of named) {
    draft.label = truncate(joinTexts(texts));
    draft.source = 'ocr';
  }
  // In reading order: what was read off a surface right after the surface, top to bottom (lines come sorted).
  return [...out.flatMap((d) => [d, ...(own.get(d) ?? [])]), ...(own.get(undefined) ?? [])];
}

/** The smallest draft whose bounds hold the middle of `bounds`. */
function smallestAround(drafts: Draft[], bounds: Rect): Draft | undefined {
  const c = centre(bounds);
  let best: Draft | undefined;
  for (const d of drafts) if (holdsPoint(d.bounds, c) && (!best || area(d.bounds) < area(best.bounds))) best = d;
  return best;
}

function ownDraft(line: ReadText, { text, scope, order }: { text: string; scope: ReadTextScope; order: number }): Draft {
  const button = line.filled === true;
  const node: UiNode = {
    className: 'ocr',
    resourceId: '',
    text,
    contentDesc: '',
    hint: '',
    package: scope.package,
    flags: { ...PLAIN_FLAGS, clickable: button },
    bounds: line.bounds,
    window: scope.windowIndex,
    depth: 0,
    children: [],
  };
  return {
    node,
    role: button ? 'button' : 'text',
    label: truncate(text),
    bounds: line.bounds,
    states: [],
    actionable: button,
    order,
    absorbed: [],
    source: 'ocr',
  };
}
