// Test screens for the OCR: text and filled boxes drawn from SVG in DejaVu faces (resvg, fonts from
// dejavu-fonts-ttf, so no system font is needed), with the ink box of every drawn word measured by
// fontkit from the same font files.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import type * as Fontkit from 'fontkit';
import sharp from 'sharp';
import type { Rect } from '../ui-node.js';

export type Face = 'sans' | 'sans-bold' | 'serif' | 'serif-bold' | 'mono' | 'mono-bold';

const FACES: Record<Face, { file: string; family: string; weight: 'normal' | 'bold' }> = {
  sans: { file: 'DejaVuSans.ttf', family: 'DejaVu Sans', weight: 'normal' },
  'sans-bold': { file: 'DejaVuSans-Bold.ttf', family: 'DejaVu Sans', weight: 'bold' },
  serif: { file: 'DejaVuSerif.ttf', family: 'DejaVu Serif', weight: 'normal' },
  'serif-bold': { file: 'DejaVuSerif-Bold.ttf', family: 'DejaVu Serif', weight: 'bold' },
  mono: { file: 'DejaVuSansMono.ttf', family: 'DejaVu Sans Mono', weight: 'normal' },
  'mono-bold': { file: 'DejaVuSansMono-Bold.ttf', family: 'DejaVu Sans Mono', weight: 'bold' },
};

/** One line of text; `x` is its left edge (or its centre when `centred`), `y` its baseline. */
export interface TextLine {
  text: string;
  x: number;
  y: number;
  px: number;
  colour: string;
  face?: Face;
  centred?: boolean;
  /** Colour of an outline drawn under the fill (game titles and HUDs), 3 px wide. */
  outline?: string;
}

/** A filled rectangle (a button, a card, a bar) with rounded corners. */
export interface FilledBox extends Rect {
  fill: string;
  radius?: number;
}

export interface TestScreen {
  width: number;
  height: number;
  /** One colour, or two for a vertical gradient from top to bottom. */
  background: string | [string, string];
  boxes?: FilledBox[];
  lines?: TextLine[];
}

/** A word as drawn: its text and the box of its ink, in pixels of the screen. */
export interface DrawnWord {
  text: string;
  bounds: Rect;
}

export interface DrawnScreen {
  png: Buffer;
  words: DrawnWord[];
}

const require = createRequire(import.meta.url);
const fontDir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const fonts = new Map<Face, Fontkit.Font>();

function font(face: Face): Fontkit.Font {
  let f = fonts.get(face);
  if (!f) {
    const fontkit = require('fontkit') as typeof Fontkit;
    const opened = fontkit.create(readFileSync(join(fontDir, FACES[face].file)));
    if (!('layout' in opened)) throw new Error(`${FACES[face].file} is a font collection`);
    f = opened;
    fonts.set(face, f);
  }
  return f;
}

/** Width a line of text advances, in pixels. */
export function textWidth(text: string, px: number, face: Face = 'sans'): number {
  const f = font(face);
  return (f.layout(text).advanceWidth * px) / f.unitsPerEm;
}

/** A line of text centred in a filled box (a button's label). */
export function label(box: Rect, line: Omit<TextLine, 'x' | 'y' | 'centred'>): TextLine {
  return { ...line, x: (box.left + box.right) / 2, y: Math.round((box.top + box.bottom) / 2 + line.px * 0.36), centred: true };
}

function placeWords(line: TextLine): { svg: string; words: DrawnWord[] } {
  const face = line.face ?? 'sans';
  const f = font(face);
  const scale = line.px / f.unitsPerEm;
  const space = f.layout(' ').advanceWidth * scale;
  let x = line.centred ? line.x - textWidth(line.text, line.px, face) / 2 : line.x;
  const parts: string[] = [];
  const words: DrawnWord[] = [];
  const grow = line.outline ? 3 : 0;
  for (const text of line.text.split(' ')) {
    const run = f.layout(text);
    words.push({
      text,
      bounds: {
        left: Math.floor(x + run.bbox.minX * scale - grow),
        top: Math.floor(line.y - run.bbox.maxY * scale - grow),
        right: Math.ceil(x + run.bbox.maxX * scale + grow),
        bottom: Math.ceil(line.y - run.bbox.minY * scale + grow),
      },
    });
    const { family, weight } = FACES[face];
    const outline = line.outline ? ` stroke="${line.outline}" stroke-width="6" paint-order="stroke"` : '';
    parts.push(
      `<text x="${x.toFixed(2)}" y="${line.y}" font-family="${family}" font-weight="${weight}" font-size="${line.px}" fill="${line.colour}"${outline}>${escape(text)}</text>`,
    );
    x += run.advanceWidth * scale + space;
  }
  return { svg: parts.join(''), words };
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

let resvgReady: Promise<Buffer[]> | undefined;

async function loadResvg(): Promise<Buffer[]> {
  try {
    await initWasm(await readFile(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
  } catch (error) {
    // The virtual phone's renderer may have initialised the one resvg instance already.
    if (!String(error).includes('Already initialized')) throw error;
  }
  return Promise.all(Object.values(FACES).map((f) => readFile(join(fontDir, f.file))));
}

/** Draws a screen to PNG and lists every word drawn on it with its ink box. */
export async function drawScreen(screen: TestScreen): Promise<DrawnScreen> {
  const fontBuffers = await (resvgReady ??= loadResvg());
  const placed = (screen.lines ?? []).map(placeWords);
  const boxes = (screen.boxes ?? []).map(
    (b) => `<rect x="${b.left}" y="${b.top}" width="${b.right - b.left}" height="${b.bottom - b.top}" rx="${b.radius ?? 0}" fill="${b.fill}"/>`,
  );
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${screen.width}" height="${screen.height}">`,
    typeof screen.background === 'string'
      ? `<rect width="100%" height="100%" fill="${screen.background}"/>`
      : `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${screen.background[0]}"/><stop offset="1" stop-color="${screen.background[1]}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#bg)"/>`,
    ...boxes,
    ...placed.map((p) => p.svg),
    '</svg>',
  ].join('');
  const resvg = new Resvg(svg, { font: { fontBuffers, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' } });
  try {
    const image = resvg.render();
    try {
      const png = await sharp(Buffer.from(image.pixels), { raw: { width: image.width, height: image.height, channels: 4 } })
        .png()
        .toBuffer();
      return { png, words: placed.flatMap((p) => p.words) };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/** A drawn word and the word read for it: same text (any case) at the same spot. */
export interface WordMatch {
  drawn: DrawnWord;
  read: { text: string; bounds: Rect } | undefined;
  /** Intersection over union of the two boxes (0 when not read). */
  iou: number;
}

/** Pairs each drawn word with the read word of the same text whose box overlaps it most (IoU > 0.5, or holding its centre). */
export function matchWords(drawn: DrawnWord[], read: { text: string; bounds: Rect }[]): WordMatch[] {
  const used = new Set<number>();
  return drawn.map((d) => {
    let best: { index: number; iou: number } | undefined;
    read.forEach((r, index) => {
      if (used.has(index) || r.text.toLowerCase() !== d.text.toLowerCase()) return;
      const iou = overlap(d.bounds, r.bounds);
      if ((iou > 0.5 || holdsCentre(r.bounds, d.bounds)) && (!best || iou > best.iou)) best = { index, iou };
    });
    if (!best) return { drawn: d, read: undefined, iou: 0 };
    used.add(best.index);
    return { drawn: d, read: read[best.index], iou: best.iou };
  });
}

export function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (w <= 0 || h <= 0) return 0;
  const size = (r: Rect) => (r.right - r.left) * (r.bottom - r.top);
  return (w * h) / (size(a) + size(b) - w * h);
}

function holdsCentre(outer: Rect, inner: Rect): boolean {
  const x = (inner.left + inner.right) / 2;
  const y = (inner.top + inner.bottom) / 2;
  return x >= outer.left && x < outer.right && y >= outer.top && y < outer.bottom;
}

const W = 1080;
const H = 2400;

/** A game's start screen: light title and score on dark, white on green button, small grey link. */
export function gameStartScreen(): TestScreen {
  const start = { left: 340, top: 1300, right: 740, bottom: 1450 };
  return {
    width: W,
    height: H,
    background: '#101828',
    boxes: [{ ...start, fill: '#2e9d4f', radius: 40 }],
    lines: [
      { text: 'GALAXY RUN', x: W / 2, y: 700, px: 110, colour: '#f5f5f5', face: 'sans-bold', centred: true },
      { text: 'High score 12,450', x: W / 2, y: 1000, px: 44, colour: '#e0e0e0', centred: true },
      label(start, { text: 'Start', px: 64, colour: '#ffffff', face: 'sans-bold' }),
      { text: 'Settings', x: W / 2, y: 1600, px: 36, colour: '#8a8f98', centred: true },
    ],
  };
}

/** A light settings list: a title, rows on white cards, a blue button with white text. */
export function settingsScreen(): TestScreen {
  const rows = ['Notifications', 'Dark mode', 'Privacy policy', 'About this phone'];
  const save = { left: 90, top: 1500, right: 990, bottom: 1640 };
  return {
    width: W,
    height: H,
    background: '#f4f5f7',
    boxes: [
      ...rows.map((_, i) => ({ left: 40, top: 300 + i * 200, right: 1040, bottom: 460 + i * 200, fill: '#ffffff', radius: 24 })),
      { ...save, fill: '#1a73e8', radius: 70 },
    ],
    lines: [
      { text: 'Settings', x: 60, y: 200, px: 64, colour: '#202124', face: 'sans-bold' },
      ...rows.map((text, i) => ({ text, x: 90, y: 395 + i * 200, px: 44, colour: '#202124' })),
      label(save, { text: 'Save changes', px: 48, colour: '#ffffff' }),
    ],
  };
}

/** A greyed-out button: light grey text on a slightly darker grey fill, on white. */
export function greyedButtonScreen(): TestScreen {
  const button = { left: 240, top: 1100, right: 840, bottom: 1240 };
  return {
    width: W,
    height: H,
    background: '#ffffff',
    boxes: [{ ...button, fill: '#e4e4e4', radius: 20 }],
    lines: [
      { text: 'Almost there', x: W / 2, y: 900, px: 56, colour: '#202124', centred: true },
      label(button, { text: 'Continue', px: 52, colour: '#a9a9a9' }),
    ],
  };
}

export function blankScreen(): TestScreen {
  return { width: W, height: H, background: '#20242c' };
}
