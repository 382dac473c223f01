// Colour changes applied to already drawn SVG, so fades and scrims need no extra raster layers.
import { toHex } from './colour.js';
import { round } from './text.js';

const PAINT = /(fill|stroke)="#([0-9a-f]{6})"(?: \1-opacity="([\d.]+)")?/gi;

/** One fill or stroke of drawn SVG: which attribute, its colour as six hex digits, and its opacity when it has one. */
interface FoundPaint {
  attr: string;
  hex: string;
  opacity: string | undefined;
}

/** Replaces every fill and stroke of a fragment with what recolour makes of it. */
function repaint(fragment: string, recolour: (paint: FoundPaint) => string): string {
  return fragment.replace(PAINT, (_match: string, ...[attr, hex, opacity]: [string, string, string | undefined]) => recolour({ attr, hex, opacity }));
}

/** Multiplies the opacity of every fill and stroke, as a disabled widget fades into what is beneath. */
export function fade(fragment: string, factor: number): string {
  return repaint(fragment, ({ attr, hex, opacity }) => {
    const alpha = (opacity === undefined ? 1 : Number(opacity)) * factor;
    return `${attr}="#${hex}" ${attr}-opacity="${round(alpha * 100) / 100}"`;
  });
}

/**
 * Darkens every colour as a black scrim of this opacity over it would: compositing is linear,
 * so scaling each colour is exact and spares resvg a full-screen translucent fill.
 */
export function dim(fragment: string, opacity: number): string {
  const keep = 1 - opacity;
  return repaint(fragment, ({ attr, hex, opacity: alpha }) => {
    const value = parseInt(hex, 16);
    const colour = toHex({ r: ((value >> 16) & 255) * keep, g: ((value >> 8) & 255) * keep, b: (value & 255) * keep, a: 1 });
    return `${attr}="${colour}"${alpha === undefined ? '' : ` ${attr}-opacity="${alpha}"`}`;
  });
}
