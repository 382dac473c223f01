// One region of the screen (a button, a caller's element) made easy to read alone: its fill found,
// every pixel turned into its distance from that fill (so text comes out dark on white whatever its
// polarity or colour), contrast stretched, and scaled so its text is of the height tesseract reads best.
import sharp from 'sharp';
import type { Rect } from '../ui-node.js';
import type { RgbImage, PreparedImage } from './image.js';

export interface RegionImage extends PreparedImage {
  /** One line of text, or several (then read as a block). */
  lines: number;
}

/** Colour distance below which a pixel counts as fill (anti-aliasing, compression noise). */
const NOISE = 24;
/** Height of a line of text tesseract reads best, in pixels. */
const TARGET_TEXT_PX = 40;
const PAD = 16;
/** A region with fewer ink pixels than this holds no text worth reading. */
const MIN_INK = 12;

/** The region prepared for tesseract, or undefined when it holds no ink (a plain fill). */
export async function regionImage(image: RgbImage, region: Rect): Promise<RegionImage | undefined> {
  const r = clamp(region, image);
  const w = r.right - r.left;
  const h = r.bottom - r.top;
  if (w < 8 || h < 8) return undefined;
  const fill = fillColour(image, r);
  const distance = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let at = ((r.top + y) * image.width + r.left) * 3;
    for (let x = 0; x < w; x++, at += 3) {
      const d = Math.max(Math.abs(image.data[at] - fill[0]), Math.abs(image.data[at + 1] - fill[1]), Math.abs(image.data[at + 2] - fill[2]));
      distance[y * w + x] = d;
    }
  }
  clearCorners(distance, { w, h });
  const strength = inkStrength(distance);
  if (strength === undefined) return undefined;
  const grey = Buffer.alloc(w * h);
  for (let i = 0; i < grey.length; i++) {
    grey[i] = 255 - Math.round(255 * Math.min(1, Math.max(0, (distance[i] - NOISE) / (strength - NOISE))));
  }
  const rows = inkRows(distance, { w, threshold: (strength + NOISE) / 2 });
  if (rows.length === 0) return undefined;
  const lineHeight = rows.map((run) => run[1] - run[0]).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
  const scale = Math.min(4, Math.max(0.25, TARGET_TEXT_PX / Math.max(1, lineHeight)));
  const png = await sharp(grey, { raw: { width: w, height: h, channels: 1 } })
    .resize({ width: Math.max(1, Math.round(w * scale)), height: Math.max(1, Math.round(h * scale)), fit: 'fill' })
    .extend({ top: PAD, bottom: PAD, left: PAD, right: PAD, background: { r: 255, g: 255, b: 255 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, left: r.left, top: r.top, scale, pad: PAD, lines: rows.length };
}

function clamp(r: Rect, image: RgbImage): Rect {
  return {
    left: Math.max(0, Math.floor(r.left)),
    top: Math.max(0, Math.floor(r.top)),
    right: Math.min(image.width, Math.ceil(r.right)),
    bottom: Math.min(image.height, Math.ceil(r.bottom)),
  };
}

/** The most common colour in the region (5 bits a channel), averaged over the pixels of that bin. */
function fillColour(image: RgbImage, r: Rect): [number, number, number] {
  const counts = new Map<number, { n: number; r: number; g: number; b: number }>();
  let best = { n: 0, r: 255, g: 255, b: 255 };
  for (let y = r.top; y < r.bottom; y++) {
    let at = (y * image.width + r.left) * 3;
    for (let x = r.left; x < r.right; x++, at += 3) {
      const [red, green, blue] = [image.data[at], image.data[at + 1], image.data[at + 2]];
      const key = ((red >> 3) << 10) | ((green >> 3) << 5) | (blue >> 3);
      let bin = counts.get(key);
      if (!bin) counts.set(key, (bin = { n: 0, r: 0, g: 0, b: 0 }));
      bin.n++;
      bin.r += red;
      bin.g += green;
      bin.b += blue;
      if (bin.n > best.n) best = bin;
    }
  }
  return [best.r / best.n, best.g / best.n, best.b / best.n];
}

/**
 * Rounded corners show what lies outside the region: ink-like pixels joined to the region's edge
 * within a corner square (half the shorter side) are set to fill.
 */
function clearCorners(distance: Uint8Array, size: { w: number; h: number }): void {
  const { w, h } = size;
  const side = Math.floor(Math.min(w, h) / 2);
  const inCorner = (x: number, y: number) => (x < side || x >= w - side) && (y < side || y >= h - side);
  const stack: number[] = [];
  const seed = (x: number, y: number) => {
    if (inCorner(x, y) && distance[y * w + x] >= NOISE) stack.push(y * w + x);
  };
  for (let x = 0; x < w; x++) {
    seed(x, 0);
    seed(x, h - 1);
  }
  for (let y = 0; y < h; y++) {
    seed(0, y);
    seed(w - 1, y);
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    if (distance[i] < NOISE) continue;
    distance[i] = 0;
    const x = i % w;
    const y = (i - x) / w;
    if (x > 0) seed(x - 1, y);
    if (x + 1 < w) seed(x + 1, y);
    if (y > 0) seed(x, y - 1);
    if (y + 1 < h) seed(x, y + 1);
  }
}

/** How far from the fill the ink is (a high percentile of ink distances), or undefined without ink. */
function inkStrength(distance: Uint8Array): number | undefined {
  const histogram = new Array<number>(256).fill(0);
  let ink = 0;
  for (const d of distance) {
    if (d >= NOISE) {
      histogram[d]++;
      ink++;
    }
  }
  if (ink < MIN_INK) return undefined;
  let seen = 0;
  for (let d = 255; d >= NOISE; d--) {
    seen += histogram[d];
    if (seen >= ink * 0.1) return Math.max(d, NOISE + 16);
  }
  return NOISE + 16;
}

/** Runs of rows holding ink, as [first, end) pairs: the text lines of the region. */
function inkRows(distance: Uint8Array, options: { w: number; threshold: number }): [number, number][] {
  const { w, threshold } = options;
  const h = distance.length / w;
  const runs: [number, number][] = [];
  let start = -1;
  for (let y = 0; y <= h; y++) {
    let inked = false;
    for (let x = 0; y < h && x < w && !inked; x++) inked = distance[y * w + x] >= threshold;
    if (inked && start < 0) start = y;
    if (!inked && start >= 0) {
      if (y - start >= 3) runs.push([start, y]);
      start = -1;
    }
  }
  return runs;
}
