// The screen cut into connected areas of near-uniform colour on a small copy (the pages, bars, cards
// and buttons the screen pass measures text against), and among them the filled regions worth reading
// alone: of a button's size and shape, enclosing something (their text, blurred into a hole in the fill).
import type { Rect } from '../ui-node.js';
import type { RgbImage } from './image.js';

export interface RegionSearch {
  /** Most regions returned, largest first. */
  max: number;
}

/** Width of the small copy searched, in pixels. */
const SEARCH_WIDTH = 240;
/** Largest channel difference from a region's first pixel that still counts as its fill. */
const TOLERANCE = 10;

export interface Component {
  count: number;
  left: number;
  top: number;
  right: number;
  bottom: number;
  /** Mean colour of its pixels. */
  colour: [number, number, number];
}

/** The screen cut into areas of near-uniform colour, on a copy `step` times smaller. */
export interface Segmentation {
  step: number;
  small: RgbImage;
  /** Component of each pixel of the small copy. */
  labels: Int32Array;
  components: Component[];
}

export function segment(image: RgbImage): Segmentation {
  const step = Math.max(1, Math.round(image.width / SEARCH_WIDTH));
  const small = shrink(image, step);
  return { step, small, ...label(small) };
}

export function findFilledRegions(image: RgbImage, search: RegionSearch & { segmentation: Segmentation }): Rect[] {
  const { step, small, labels, components } = search.segmentation;
  const found: { rect: Rect; area: number }[] = [];
  components.forEach((c, id) => {
    const w = c.right - c.left;
    const h = c.bottom - c.top;
    // Button-sized (at least 64x28 px of a 1080 px wide screen): not a glyph, not the page, wider than tall.
    if (w * step < image.width * 0.06 || h * step < image.width * 0.026 || h * step > image.height * 0.2 || w < h * 1.2) return;
    if (c.count < w * h * 0.5 || c.count > small.width * small.height * 0.3) return;
    if (holes(labels, { id, component: c, width: small.width }) < 2) return;
    found.push({
      rect: { left: c.left * step, top: c.top * step, right: Math.min(image.width, c.right * step), bottom: Math.min(image.height, c.bottom * step) },
      area: w * h,
    });
  });
  return found
    .sort((a, b) => b.area - a.area)
    .slice(0, search.max)
    .map((f) => f.rect);
}

/** The image averaged down by `step` on both axes. */
function shrink(image: RgbImage, step: number): RgbImage {
  const width = Math.floor(image.width / step);
  const height = Math.floor(image.height / step);
  const data = Buffer.alloc(width * height * 3);
  const n = step * step;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0,
        g = 0,
        b = 0;
      for (let dy = 0; dy < step; dy++) {
        let at = ((y * step + dy) * image.width + x * step) * 3;
        for (let dx = 0; dx < step; dx++, at += 3) {
          r += image.data[at];
          g += image.data[at + 1];
          b += image.data[at + 2];
        }
      }
      const out = (y * width + x) * 3;
      data[out] = r / n;
      data[out + 1] = g / n;
      data[out + 2] = b / n;
    }
  }
  return { width, height, data };
}

/** Connected areas (4-neighbours) whose pixels stay within TOLERANCE of the area's first pixel. */
function label(image: RgbImage): { labels: Int32Array; components: Component[] } {
  const { width, height, data } = image;
  const labels = new Int32Array(width * height).fill(-1);
  const components: Component[] = [];
  const stack: number[] = [];
  for (let start = 0; start < labels.length; start++) {
    if (labels[start] >= 0) continue;
    const id = components.length;
    const seed = [data[start * 3], data[start * 3 + 1], data[start * 3 + 2]];
    const c: Component = { count: 0, left: width, top: height, right: 0, bottom: 0, colour: [0, 0, 0] };
    const sum = [0, 0, 0];
    components.push(c);
    labels[start] = id;
    stack.push(start);
    while (stack.length > 0) {
      const i = stack.pop()!;
      const x = i % width;
      const y = (i - x) / width;
      c.count++;
      sum[0] += data[i * 3];
      sum[1] += data[i * 3 + 1];
      sum[2] += data[i * 3 + 2];
      if (x < c.left) c.left = x;
      if (y < c.top) c.top = y;
      if (x + 1 > c.right) c.right = x + 1;
      if (y + 1 > c.bottom) c.bottom = y + 1;
      const visit = (j: number) => {
        if (labels[j] >= 0) return;
        const at = j * 3;
        if (Math.abs(data[at] - seed[0]) > TOLERANCE || Math.abs(data[at + 1] - seed[1]) > TOLERANCE || Math.abs(data[at + 2] - seed[2]) > TOLERANCE) return;
        labels[j] = id;
        stack.push(j);
      };
      if (x > 0) visit(i - 1);
      if (x + 1 < width) visit(i + 1);
      if (y > 0) visit(i - width);
      if (y + 1 < height) visit(i + width);
    }
    c.colour = [sum[0] / c.count, sum[1] / c.count, sum[2] / c.count];
  }
  return { labels, components };
}

/** Pixels inside the component's box that are not its own and cannot reach the box's edge without crossing it. */
function holes(labels: Int32Array, of: { id: number; component: Component; width: number }): number {
  const { id, component: c, width } = of;
  const w = c.right - c.left;
  const h = c.bottom - c.top;
  const outside = new Uint8Array(w * h);
  const stack: number[] = [];
  const open = (x: number, y: number) => {
    const k = y * w + x;
    if (outside[k] || labels[(c.top + y) * width + c.left + x] === id) return;
    outside[k] = 1;
    stack.push(k);
  };
  for (let x = 0; x < w; x++) {
    open(x, 0);
    open(x, h - 1);
  }
  for (let y = 0; y < h; y++) {
    open(0, y);
    open(w - 1, y);
  }
  while (stack.length > 0) {
    const k = stack.pop()!;
    const x = k % w;
    const y = (k - x) / w;
    if (x > 0) open(x - 1, y);
    if (x + 1 < w) open(x + 1, y);
    if (y > 0) open(x, y - 1);
    if (y + 1 < h) open(x, y + 1);
  }
  let count = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!outside[y * w + x] && labels[(c.top + y) * width + c.left + x] !== id) count++;
    }
  }
  return count;
}
