// Pixels against the tree: a control the tree calls enabled but that is drawn greyed out (grey text on
// a grey fill, low contrast, no colour) is what a person reads as disabled. Decided here, from the
// screenshot, so neither the model nor the executor has to guess from an `enabled="true"` that lies.
import { PNG } from 'pngjs';
import type { Screen, ScreenElement } from './screen-types.js';
import type { RgbaImage } from './frames.js';
import type { Rect } from './ui-node.js';

/** Roles a person presses; only these are judged. */
const PRESSABLE = new Set<ScreenElement['role']>(['button', 'tab', 'item']);
/** Below this contrast between its text and its fill (WCAG ratio), a control reads as greyed out... */
const GREYED_CONTRAST = 2.5;
/** ...when its fill and text are also about colourless (HSV saturation). */
const GREYED_SATURATION = 0.2;
/** A control judged live by its pixels has at least this much more contrast than a greyed one beside it. */
const PEER_MARGIN = 1.6;
/** This many low-contrast controls beside one, none standing out, make low contrast the screen's design. */
const DESIGN_PEERS = 3;
/** Pixels sampled per element, at most. */
const SAMPLES = 4096;

/** A colour, 0-255 a channel. */
export type Rgb = [number, number, number];

/** What an element's pixels say: its fill, its text (ink), their contrast and how colourful they are. */
export interface DrawnLook {
  fill: Rgb;
  ink: Rgb;
  contrast: number;
  saturation: number;
}

/** A decoded screenshot and the factor from device pixels to its pixels (frames may be scaled down). */
export interface Pixels extends RgbaImage {
  scale: number;
}

/** A screenshot of a `screen` (a PNG, or already decoded) for the pixel checks. */
export function pixelsOf(png: Buffer | RgbaImage, screen: Pick<Screen, 'width'>): Pixels {
  const image = Buffer.isBuffer(png) ? PNG.sync.read(png) : png;
  return { width: image.width, height: image.height, data: image.data, scale: image.width / Math.max(1, screen.width) };
}

/** The refs of pressable elements the tree calls enabled but whose pixels read as greyed out. */
export function greyedOut(screen: Screen, pixels: Pixels): Set<string> {
  const judged = screen.elements
    .filter((e) => PRESSABLE.has(e.role) && !e.states.includes('disabled'))
    .map((e) => ({ e, look: drawnLook(pixels, e.bounds) }))
    .filter((j): j is { e: ScreenElement; look: DrawnLook } => j.look !== undefined);
  const greyed = new Set<string>();
  for (const { e, look } of judged) {
    if (look.contrast >= GREYED_CONTRAST || look.saturation >= GREYED_SATURATION) continue;
    // A whole screen of controls drawn in low contrast is a design, not a screen of disabled controls.
    const peers = judged.filter((j) => j.e !== e && j.e.window === e.window);
    if (peers.length >= DESIGN_PEERS && !peers.some((p) => p.look.contrast >= look.contrast * PEER_MARGIN)) continue;
    greyed.add(e.ref);
  }
  return greyed;
}

/** The fill (most common colour) and ink (most common colour far from it) inside `bounds`; undefined when there is no ink. */
export function drawnLook(pixels: Pixels, bounds: Rect): DrawnLook | undefined {
  // Inset a little: rounded corners and borders are neither fill nor text.
  const inset = (a: number, b: number) => [a + (b - a) * 0.08, b - (b - a) * 0.08];
  const [left, right] = inset(bounds.left * pixels.scale, bounds.right * pixels.scale);
  const [top, bottom] = inset(bounds.top * pixels.scale, bounds.bottom * pixels.scale);
  const x0 = Math.max(0, Math.floor(left));
  const x1 = Math.min(pixels.width, Math.ceil(right));
  const y0 = Math.max(0, Math.floor(top));
  const y1 = Math.min(pixels.height, Math.ceil(bottom));
  if (x1 - x0 < 4 || y1 - y0 < 4) return undefined;
  const step = Math.max(1, Math.floor(Math.sqrt(((x1 - x0) * (y1 - y0)) / SAMPLES)));
  const samples: Rgb[] = [];
  for (let y = y0; y < y1; y += step) {
    for (let x = x0; x < x1; x += step) {
      const at = (y * pixels.width + x) * 4;
      samples.push([pixels.data[at], pixels.data[at + 1], pixels.data[at + 2]]);
    }
  }
  const fill = commonest(samples);
  const inked = samples.filter((rgb) => colourDistance(rgb, fill) >= 40);
  if (inked.length < samples.length * 0.01) return undefined;
  const ink = commonest(inked);
  return { fill, ink, contrast: contrastRatio(fill, ink), saturation: Math.max(saturation(fill), saturation(ink)) };
}

/** The mean colour of the most common one (colours binned 16 levels a channel). */
export function commonest(samples: Rgb[]): Rgb {
  const bins = new Map<number, { n: number; sum: Rgb }>();
  for (const [r, g, b] of samples) {
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bin = bins.get(key) ?? { n: 0, sum: [0, 0, 0] };
    bin.n++;
    bin.sum = [bin.sum[0] + r, bin.sum[1] + g, bin.sum[2] + b];
    bins.set(key, bin);
  }
  let best: { n: number; sum: Rgb } | undefined;
  for (const bin of bins.values()) if (!best || bin.n > best.n) best = bin;
  return best ? [best.sum[0] / best.n, best.sum[1] / best.n, best.sum[2] / best.n] : [0, 0, 0];
}

/** A colour as CSS writes it: '#263238'. */
export function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** How far apart two colours are (Euclidean, in RGB). */
export function colourDistance(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** WCAG 2 contrast ratio of two colours, 1 (same) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** HSV saturation, 0 (grey) to 1. */
function saturation([r, g, b]: Rgb): number {
  const max = Math.max(r, g, b);
  return max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
}

/** `screen` with each pressable element the pixels show greyed out marked `looks-disabled`. */
export function markGreyedOut(screen: Screen, pixels: Pixels): Screen {
  const greyed = greyedOut(screen, pixels);
  if (greyed.size === 0) return screen;
  return { ...screen, elements: screen.elements.map((e) => (greyed.has(e.ref) ? { ...e, states: [...e.states, 'looks-disabled'] } : e)) };
}
