// The whole screen redrawn as text dark on white: each pixel becomes its distance from the colour
// of the area it lies on (page, bar, card, button), stretched by that area's own ink contrast. Light
// text on dark, coloured text and low-contrast grey text all come out alike, so one global threshold
// in tesseract serves every part of the screen.
import type { RgbImage } from './image.js';
import type { Segmentation } from './regions.js';

/** Colour distance below which a pixel counts as its area's fill. */
const NOISE = 16;
/** Ink contrast never assumed below this, so noise in a plain area is not stretched into marks. */
const MIN_STRENGTH = 48;
/**
 * Beyond this many small-copy pixels from any plain area (pictures, game scenes) there is no fill to
 * measure from: there, light pixels are taken as text (white captions over a scene) and turn dark.
 */
const FAR = 10;

/** One grey byte a pixel, the size of `image`. */
export function darkOnWhite(image: RgbImage, segmentation: Segmentation): Buffer {
  const { step, small, components } = segmentation;
  const { candidates, areas } = cellCandidates(segmentation);
  const colours = new Int16Array(areas.length * 3);
  areas.forEach((id, k) => colours.set(components[id].colour.map(Math.round), k * 3));
  const pixels = image.width * image.height;
  const d = new Uint8Array(pixels);
  const area = new Int32Array(pixels).fill(-1);
  const histograms = new Uint32Array(areas.length * 256);
  const data = image.data;
  for (let y = 0; y < image.height; y++) {
    const row = Math.min(small.height - 1, Math.floor(y / step)) * small.width;
    for (let x = 0; x < image.width; x++) {
      const cell = (row + Math.min(small.width - 1, Math.floor(x / step))) * CANDIDATES;
      if (candidates[cell] < 0) continue;
      const i = y * image.width + x;
      const at = i * 3;
      // The nearest area here or beside: a pixel on an area's edge belongs to whichever it matches.
      let best = 256;
      let bestArea = -1;
      for (let k = cell; k < cell + CANDIDATES && candidates[k] >= 0; k++) {
        const c = candidates[k] * 3;
        const diff = Math.max(Math.abs(data[at] - colours[c]), Math.abs(data[at + 1] - colours[c + 1]), Math.abs(data[at + 2] - colours[c + 2]));
        if (diff < best) {
          best = diff;
          bestArea = candidates[k];
        }
      }
      d[i] = best;
      area[i] = bestArea;
      if (best >= NOISE) histograms[bestArea * 256 + best]++;
    }
  }
  const strength = new Float32Array(areas.length);
  for (let k = 0; k < areas.length; k++) strength[k] = Math.max(MIN_STRENGTH, percentile(histograms.subarray(k * 256, k * 256 + 256), 0.9));
  const out = Buffer.alloc(pixels);
  for (let i = 0; i < pixels; i++) {
    const a = area[i];
    if (a < 0) {
      const at = i * 3;
      const grey = 0.299 * data[at] + 0.587 * data[at + 1] + 0.114 * data[at + 2];
      out[i] = 255 - Math.round(Math.min(255, Math.max(0, (grey - 128) * 2)));
    } else if (d[i] <= NOISE) out[i] = 255;
    else out[i] = 255 - Math.round(255 * Math.min(1, (d[i] - NOISE) / (strength[a] - NOISE)));
  }
  return out;
}

/** Areas a pixel may lie on: those nearest its cell of the small copy and the four cells beside. */
const CANDIDATES = 5;

/**
 * For each cell of the small copy, up to CANDIDATES distinct plain areas as indices into `areas`
 * (-1 after the last; none when far from any), and the component id of each plain area.
 */
function cellCandidates(segmentation: Segmentation): { candidates: Int32Array; areas: number[] } {
  const { owner: ids, distance } = nearestArea(segmentation);
  const { width, height } = segmentation.small;
  const areas: number[] = [];
  const index = new Map<number, number>();
  const owner = ids.map((id) => {
    if (id < 0) return -1;
    let k = index.get(id);
    if (k === undefined) index.set(id, (k = areas.push(id) - 1));
    return k;
  });
  const out = new Int32Array(owner.length * CANDIDATES).fill(-1);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const s = y * width + x;
      if (owner[s] < 0 || distance[s] > FAR) continue;
      let n = 0;
      for (const j of [s, x > 0 ? s - 1 : s, x + 1 < width ? s + 1 : s, y > 0 ? s - width : s, y + 1 < height ? s + width : s]) {
        const o = owner[j];
        let seen = false;
        for (let k = 0; k < n; k++) seen ||= out[s * CANDIDATES + k] === o;
        if (o >= 0 && !seen) out[s * CANDIDATES + n++] = o;
      }
    }
  }
  return { candidates: out, areas };
}

/** Side of the smallest square (in small-copy pixels) a plain area holds: thicker than any text stroke. */
const PLAIN_SQUARE = 8;

/** Areas plain enough to be a background (page, bar, card, button): each holds a solid square no glyph's stroke could. */
function plainAreas(segmentation: Segmentation): boolean[] {
  const { small, labels, components } = segmentation;
  const plain = components.map(() => false);
  // Side of the largest square of one area ending at each pixel (its bottom-right corner).
  const square = new Uint16Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    const x = i % small.width;
    const l = labels[i];
    if (x === 0 || i < small.width || labels[i - 1] !== l || labels[i - small.width] !== l || labels[i - small.width - 1] !== l) square[i] = 1;
    else square[i] = 1 + Math.min(square[i - 1], square[i - small.width], square[i - small.width - 1]);
    if (square[i] >= PLAIN_SQUARE) plain[l] = true;
  }
  return plain;
}

/** For each small-copy pixel, the plain area nearest to it (breadth first) and how far it is. */
function nearestArea(segmentation: Segmentation): { owner: Int32Array; distance: Uint16Array } {
  const { small, labels } = segmentation;
  const plain = plainAreas(segmentation);
  const owner = new Int32Array(labels.length).fill(-1);
  const distance = new Uint16Array(labels.length).fill(65535);
  const queue = new Int32Array(labels.length);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < labels.length; i++) {
    if (plain[labels[i]]) {
      owner[i] = labels[i];
      distance[i] = 0;
      queue[tail++] = i;
    }
  }
  while (head < tail) {
    const i = queue[head++];
    const x = i % small.width;
    const next = (j: number) => {
      if (owner[j] >= 0) return;
      owner[j] = owner[i];
      distance[j] = distance[i] + 1;
      queue[tail++] = j;
    };
    if (x > 0) next(i - 1);
    if (x + 1 < small.width) next(i + 1);
    if (i >= small.width) next(i - small.width);
    if (i + small.width < labels.length) next(i + small.width);
  }
  return { owner, distance };
}

function percentile(histogram: Uint32Array, q: number): number {
  let total = 0;
  for (const n of histogram) total += n;
  let seen = 0;
  for (let v = 255; v >= 0; v--) {
    seen += histogram[v];
    if (seen >= total * (1 - q)) return v;
  }
  return 0;
}
