// Grain for NoiseOp: seeded grey noise as a small PNG that resvg scales up smoothly over the area.
// Far cheaper than feTurbulence, which takes over a second on a full screen.
import { encodePng } from './png.js';

/** Grey levels the noise takes; fewer levels keep the PNG small. */
const LEVELS = 16;
const MAX_REMEMBERED = 8;
const remembered = new Map<string, string>();

/** A base64 PNG of grey noise with one pixel per grain (frequency grains per dp); the same for the same seed and size. */
export function grainPng(options: { width: number; height: number; seed: number; frequency: number }): string {
  const w = Math.max(1, Math.ceil(options.width * options.frequency));
  const h = Math.max(1, Math.ceil(options.height * options.frequency));
  const key = `${options.seed}:${w}x${h}`;
  const known = remembered.get(key);
  if (known) return known;
  let value = options.seed >>> 0 || 1;
  const pixels = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    value = (Math.imul(value, 1664525) + 1013904223) >>> 0;
    const grey = Math.round(Math.floor((value / 2 ** 32) * LEVELS) * (255 / (LEVELS - 1)));
    pixels.set([grey, grey, grey, 255], i * 4);
  }
  const png = encodePng(pixels, w, h).toString('base64');
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(key, png);
  return png;
}
