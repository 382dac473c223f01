// Reads a screenshot PNG the way a person looks at it: colours in regions, ink against a background.
import { PNG } from 'pngjs';
import type { Bounds } from '../types.js';
import { luminance, parseColour, type Rgba } from './colour.js';

export class ScreenPixels {
  readonly width: number;
  readonly height: number;
  private readonly data: Buffer;

  constructor(png: Buffer) {
    const image = PNG.sync.read(png);
    this.width = image.width;
    this.height = image.height;
    this.data = image.data;
  }

  at(x: number, y: number): Rgba {
    const i = (Math.floor(y) * this.width + Math.floor(x)) * 4;
    return { r: this.data[i], g: this.data[i + 1], b: this.data[i + 2], a: this.data[i + 3] / 255 };
  }

  /** How many pixels in the region are within `tolerance` (per channel) of a colour. */
  count(region: Bounds, colour: string, tolerance = 12): number {
    const target = parseColour(colour);
    if (!target) throw new Error(`Unreadable colour '${colour}' in a screen assertion.`);
    return this.countWhere(
      region,
      (p) => Math.abs(p.r - target.r) <= tolerance && Math.abs(p.g - target.g) <= tolerance && Math.abs(p.b - target.b) <= tolerance,
    );
  }

  /** How many pixels in the region differ from a background colour: the ink a person would see. */
  ink(region: Bounds, background: string, tolerance = 40): number {
    const target = parseColour(background);
    if (!target) throw new Error(`Unreadable colour '${background}' in a screen assertion.`);
    return this.countWhere(region, (p) => Math.abs(p.r - target.r) + Math.abs(p.g - target.g) + Math.abs(p.b - target.b) > tolerance);
  }

  /** Mean relative luminance of a region, 0 (black) to 1 (white). */
  meanLuminance(region: Bounds): number {
    let sum = 0;
    const n = this.countWhere(region, (p) => {
      sum += luminance(p);
      return true;
    });
    return n === 0 ? 0 : sum / n;
  }

  private countWhere(region: Bounds, match: (pixel: Rgba) => boolean): number {
    let n = 0;
    const left = Math.max(0, Math.floor(region.left));
    const right = Math.min(this.width, Math.ceil(region.right));
    const top = Math.max(0, Math.floor(region.top));
    const bottom = Math.min(this.height, Math.ceil(region.bottom));
    for (let y = top; y < bottom; y++) {
      for (let x = left; x < right; x++) if (match(this.at(x, y))) n++;
    }
    return n;
  }
}
