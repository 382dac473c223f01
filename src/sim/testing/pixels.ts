// Reads a screenshot the way a vision check does: decode the PNG with sharp, sample colours, and
// measure how readable and how colourful a region is. Used by the phone's own tests.
import sharp from 'sharp';
import type { Bounds } from '../types.js';

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** A decoded screenshot: its size and a colour lookup by pixel. */
export interface Picture {
  width: number;
  height: number;
  at(x: number, y: number): Rgb;
}

export async function decodePng(png: Buffer): Promise<Picture> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at(x, y) {
      const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
      return { r: data[i] ?? 0, g: data[i + 1] ?? 0, b: data[i + 2] ?? 0 };
    },
  };
}

/** WCAG relative luminance, 0..1. */
export function luminance({ r, g, b }: Rgb): number {
  const lin = (c: number): number => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio, 1..21. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** HSV saturation, 0 (grey) .. 1. */
export function saturation({ r, g, b }: Rgb): number {
  const max = Math.max(r, g, b);
  return max === 0 ? 0 : (max - Math.min(r, g, b)) / max;
}

/** What a control looks like: its most common colour (the fill), the colour that stands out most from it (the text), and their contrast. */
export interface RegionLook {
  fill: Rgb;
  ink: Rgb;
  contrast: number;
}

export function regionLook(picture: Picture, box: Bounds): RegionLook {
  const counts = new Map<string, { colour: Rgb; n: number }>();
  const pixels: Rgb[] = [];
  for (let y = box.top; y < box.bottom; y += 2) {
    for (let x = box.left; x < box.right; x += 2) {
      const colour = picture.at(x, y);
      pixels.push(colour);
      const key = `${colour.r},${colour.g},${colour.b}`;
      const entry = counts.get(key) ?? { colour, n: 0 };
      entry.n += 1;
      counts.set(key, entry);
    }
  }
  const fill = [...counts.values()].sort((a, b) => b.n - a.n)[0]?.colour ?? { r: 0, g: 0, b: 0 };
  const ink = pixels.reduce((best, p) => (contrast(p, fill) > contrast(best, fill) ? p : best), fill);
  return { fill, ink, contrast: contrast(ink, fill) };
}

/** How many distinct colours a region holds (sampled every other pixel): 1 for a flat fill. */
export function distinctColours(picture: Picture, box: Bounds): number {
  const seen = new Set<number>();
  for (let y = box.top; y < box.bottom; y += 2) {
    for (let x = box.left; x < box.right; x += 2) {
      const { r, g, b } = picture.at(x, y);
      seen.add((r << 16) | (g << 8) | b);
    }
  }
  return seen.size;
}

/** The share of a region's pixels (sampled every other pixel) within tolerance of a colour on every channel, 0..1. */
export function colourShare(picture: Picture, options: { box: Bounds; colour: Rgb; tolerance?: number }): number {
  const { box, colour, tolerance = 8 } = options;
  let near = 0;
  let all = 0;
  for (let y = box.top; y < box.bottom; y += 2) {
    for (let x = box.left; x < box.right; x += 2) {
      const p = picture.at(x, y);
      all += 1;
      if (Math.abs(p.r - colour.r) <= tolerance && Math.abs(p.g - colour.g) <= tolerance && Math.abs(p.b - colour.b) <= tolerance) near += 1;
    }
  }
  return all === 0 ? 0 : near / all;
}
