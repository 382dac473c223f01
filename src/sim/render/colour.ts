// CSS colour parsing and arithmetic, so styles from apps can be checked, darkened and contrasted.

export interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

const NAMED: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  grey: '#808080',
  gray: '#808080',
  yellow: '#ffff00',
  orange: '#ffa500',
  purple: '#800080',
  transparent: '#00000000',
};

/** Parses #rgb, #rgba, #rrggbb, #rrggbbaa, rgb(), rgba() and a few names; undefined if unknown. */
export function parseColour(value: string | undefined): Rgba | undefined {
  if (!value) return undefined;
  const text = value.trim().toLowerCase();
  const named = NAMED[text];
  if (named) return parseColour(named);
  const hex = /^#([0-9a-f]{3,8})$/.exec(text);
  if (hex) return parseHex(hex[1]);
  const fn = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/.exec(text);
  if (fn) {
    const [r, g, b] = [fn[1], fn[2], fn[3]].map((n) => clampByte(Number(n)));
    const a = fn[4] === undefined ? 1 : Math.min(1, Math.max(0, Number(fn[4])));
    return { r, g, b, a };
  }
  return undefined;
}

function parseHex(digits: string): Rgba | undefined {
  if (digits.length === 3 || digits.length === 4) {
    const v = [...digits].map((d) => parseInt(d + d, 16));
    return { r: v[0], g: v[1], b: v[2], a: v.length === 4 ? v[3] / 255 : 1 };
  }
  if (digits.length === 6 || digits.length === 8) {
    const v = [0, 2, 4, 6].slice(0, digits.length / 2).map((i) => parseInt(digits.slice(i, i + 2), 16));
    return { r: v[0], g: v[1], b: v[2], a: v.length === 4 ? v[3] / 255 : 1 };
  }
  return undefined;
}

function clampByte(n: number): number {
  return Math.min(255, Math.max(0, Math.round(n)));
}

/** #rrggbb for an opaque colour; alpha goes in a separate opacity attribute. */
export function toHex(colour: Rgba): string {
  return '#' + [colour.r, colour.g, colour.b].map((n) => clampByte(n).toString(16).padStart(2, '0')).join('');
}

/** Relative luminance (WCAG), 0 for black to 1 for white. */
export function luminance(colour: Rgba): number {
  const channel = (c: number): number => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b);
}

export function contrastRatio(a: Rgba, b: Rgba): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Mixes `top` over `bottom` by `amount` (0 = bottom, 1 = top). */
export function mix(bottom: Rgba, top: Rgba, amount: number): Rgba {
  const t = Math.min(1, Math.max(0, amount));
  return {
    r: bottom.r + (top.r - bottom.r) * t,
    g: bottom.g + (top.g - bottom.g) * t,
    b: bottom.b + (top.b - bottom.b) * t,
    a: 1,
  };
}

/** A darker shade, as Android derives the status bar from the toolbar colour. */
export function darken(colour: Rgba, amount: number): Rgba {
  return mix(colour, { r: 0, g: 0, b: 0, a: 1 }, amount);
}
