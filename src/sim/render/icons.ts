// Vector glyphs for every IconName, drawn on a 24-unit grid like Material icons.
import type { IconName } from '../types.js';
import { round } from './text.js';

interface IconPart {
  d: string;
  /** Strokes are 2 units wide with round ends; fills may cut holes with evenodd. */
  paint: 'stroke' | 'fill' | 'evenodd';
}

const stroke = (d: string): IconPart => ({ d, paint: 'stroke' });
const fill = (d: string): IconPart => ({ d, paint: 'fill' });
const circle = (cx: number, cy: number, r: number): string => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0z`;

/** The two radii a radial outline alternates between, and the angle of its first point (default straight up). */
interface Radii {
  outer: number;
  inner: number;
  turn?: number;
}

/** A star or gear outline: points alternating between two radii around (12, 12). */
function radial(points: number, { outer, inner, turn = -Math.PI / 2 }: Radii): string {
  const coords: string[] = [];
  for (let i = 0; i < points * 2; i++) {
    const r = i % 2 === 0 ? outer : inner;
    const a = turn + (i * Math.PI) / points;
    coords.push(`${round(12 + r * Math.cos(a))} ${round(12 + r * Math.sin(a))}`);
  }
  return `M${coords.join('L')}z`;
}

function gear(): string {
  const coords: string[] = [];
  const teeth = 8;
  for (let i = 0; i < teeth; i++) {
    const base = (i * 2 * Math.PI) / teeth;
    for (const [offset, r] of [
      [-0.22, 7.2],
      [-0.14, 10],
      [0.14, 10],
      [0.22, 7.2],
    ] as const) {
      coords.push(`${round(12 + r * Math.cos(base + offset))} ${round(12 + r * Math.sin(base + offset))}`);
    }
  }
  return `M${coords.join('L')}z${circle(12, 12, 3)}`;
}

const ICONS: Record<IconName, IconPart[]> = {
  back: [stroke('M20 12H5M11 5l-7 7 7 7')],
  search: [stroke(circle(10, 10, 6)), stroke('M14.5 14.5L20 20')],
  cart: [stroke('M2.5 4h2.7l2.4 11h10.7l2.2-8H6.4'), fill(circle(9, 19.5, 1.6)), fill(circle(17, 19.5, 1.6))],
  menu: [stroke('M4 6h16M4 12h16M4 18h16')],
  more: [fill(circle(12, 5, 2)), fill(circle(12, 12, 2)), fill(circle(12, 19, 2))],
  add: [stroke('M12 5v14M5 12h14')],
  delete: [stroke('M4.5 7h15M9.5 4h5M6.5 7l1 13h9l1-13M10 11v6M14 11v6')],
  close: [stroke('M6 6l12 12M18 6L6 18')],
  check: [stroke('M4.5 12.5l5 5L19.5 7')],
  star: [fill(radial(5, { outer: 10, inner: 4.2 }))],
  settings: [{ d: gear(), paint: 'evenodd' }],
  wifi: [fill('M12 20.5L1.5 8.6a15.5 15.5 0 0 1 21 0z')],
  bluetooth: [stroke('M6.5 7l11 10-5.5 4.5v-19L17.5 7l-11 10')],
  moon: [fill('M20.5 14.5A8.5 8.5 0 1 1 9.5 3.5a7 7 0 0 0 11 11z')],
  info: [stroke(circle(12, 12, 9)), stroke('M12 11v6'), fill(circle(12, 7.5, 1.3))],
  bell: [fill('M5 18l1.5-1.5V11a5.5 5.5 0 0 1 11 0v5.5L19 18z'), fill('M10 19.5h4a2 2 0 0 1-4 0z')],
  user: [fill(circle(12, 8, 4)), fill('M4 20.5a8 7 0 0 1 16 0z')],
  edit: [stroke('M4 20l1-4.5L15.5 5l3.5 3.5L8.5 19z'), stroke('M13.5 7l3.5 3.5')],
  pin: [{ d: `M12 22s-7-6.6-7-12a7 7 0 0 1 14 0c0 5.4-7 12-7 12z${circle(12, 10, 2.6)}`, paint: 'evenodd' }],
  share: [fill(circle(18, 5, 2.6)), fill(circle(6, 12, 2.6)), fill(circle(18, 19, 2.6)), stroke('M8 10.9l8-4.6M8 13.1l8 4.6')],
  image: [stroke('M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z'), stroke('M3.5 17l5-5 4 4 3-3 5 5'), fill(circle(15.5, 8.5, 1.6))],
  lock: [fill('M6 10h12a1.5 1.5 0 0 1 1.5 1.5v8A1.5 1.5 0 0 1 18 21H6a1.5 1.5 0 0 1-1.5-1.5v-8A1.5 1.5 0 0 1 6 10z'), stroke('M8 10V7a4 4 0 0 1 8 0v3')],
  chevron: [stroke('M9 5l7 7-7 7')],
  spinner: [stroke('M12 3a9 9 0 1 0 9 9')],
};

export const ICON_NAMES = Object.keys(ICONS) as IconName[];

export interface IconDraw {
  name: IconName;
  /** Centre of the glyph and its edge length, in pixels. */
  cx: number;
  cy: number;
  size: number;
  colour: string;
}

/** The glyph as an SVG group scaled from the 24-unit grid. */
export function iconElement(draw: IconDraw): string {
  const scale = draw.size / 24;
  const x = draw.cx - draw.size / 2;
  const y = draw.cy - draw.size / 2;
  const parts = ICONS[draw.name].map((part) => {
    if (part.paint === 'stroke') {
      return `<path d="${part.d}" fill="none" stroke="${draw.colour}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>`;
    }
    const rule = part.paint === 'evenodd' ? ' fill-rule="evenodd"' : '';
    return `<path d="${part.d}" fill="${draw.colour}"${rule}/>`;
  });
  return `<g transform="translate(${round(x)} ${round(y)}) scale(${round(scale * 1000) / 1000})">${parts.join('')}</g>`;
}
