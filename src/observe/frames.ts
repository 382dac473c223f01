// Small copies of screenshots, to tell whether the screen moved at all (stuck detection).
import { PNG } from 'pngjs';
import pixelmatch from 'pixelmatch';

/** An RGBA image scaled down so that comparing two costs well under a millisecond. */
export interface Thumbnail {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Longest side of a thumbnail: enough to see a spinner turn or a line of text change. */
const THUMB_SIDE = 160;

/** A decoded RGBA image (a PNG read once, by whoever needed its pixels first). */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Averages a PNG screenshot (decoded here unless given decoded) down to at most THUMB_SIDE pixels on its longest side. */
export function thumbnail(screenshot: Buffer | RgbaImage): Thumbnail {
  const image = Buffer.isBuffer(screenshot) ? PNG.sync.read(screenshot) : screenshot;
  const step = Math.max(1, Math.ceil(Math.max(image.width, image.height) / THUMB_SIDE));
  const width = Math.max(1, Math.floor(image.width / step));
  const height = Math.max(1, Math.floor(image.height / step));
  const data = new Uint8Array(width * height * 4);
  const src = image.data;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let dy = 0; dy < step; dy++) {
        let at = ((y * step + dy) * image.width + x * step) * 4;
        for (let dx = 0; dx < step; dx++, at += 4) {
          r += src[at];
          g += src[at + 1];
          b += src[at + 2];
          a += src[at + 3];
        }
      }
      const n = step * step;
      const out = (y * width + x) * 4;
      data[out] = r / n;
      data[out + 1] = g / n;
      data[out + 2] = b / n;
      data[out + 3] = a / n;
    }
  }
  return { width, height, data };
}

/** Whether two thumbnails show the same frame: at most `tolerance` of their pixels differ (default 0.2%). */
export function sameFrame(a: Thumbnail, b: Thumbnail, tolerance = 0.002): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  const differing = pixelmatch(a.data, b.data, null, a.width, a.height, { threshold: 0.1 });
  return differing <= tolerance * a.width * a.height;
}
