// The fonts the phone draws with, shipped in npm, and their advance widths for fitting text.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { RenderError } from './errors.js';

export const FONT_FAMILY = 'DejaVu Sans';

export interface FontFiles {
  regular: string;
  bold: string;
}

let files: FontFiles | undefined;

/** Paths of DejaVu Sans and DejaVu Sans Bold inside the dejavu-fonts-ttf package. */
export function fontFiles(): FontFiles {
  if (!files) {
    const pkg = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json');
    const dir = join(dirname(pkg), 'ttf');
    files = { regular: join(dir, 'DejaVuSans.ttf'), bold: join(dir, 'DejaVuSans-Bold.ttf') };
  }
  return files;
}

/** Horizontal advances of one font, in em, read from its cmap and hmtx tables. */
export class FontMetrics {
  private readonly glyphs = new Map<number, number>();
  private readonly advances: Uint16Array;
  private readonly unitsPerEm: number;
  private readonly cache = new Map<number, number>();

  constructor(data: Buffer) {
    const tables = readTableDirectory(data);
    const head = requireTable(tables, 'head');
    const hhea = requireTable(tables, 'hhea');
    const hmtx = requireTable(tables, 'hmtx');
    this.unitsPerEm = data.readUInt16BE(head + 18);
    const metrics = data.readUInt16BE(hhea + 34);
    this.advances = new Uint16Array(metrics);
    for (let i = 0; i < metrics; i++) this.advances[i] = data.readUInt16BE(hmtx + i * 4);
    readCmap(data, requireTable(tables, 'cmap'), this.glyphs);
  }

  has(codePoint: number): boolean {
    return this.glyphs.has(codePoint);
  }

  /** Advance of one character in em; characters the font lacks count as an average glyph. */
  advance(codePoint: number): number {
    const cached = this.cache.get(codePoint);
    if (cached !== undefined) return cached;
    const glyph = this.glyphs.get(codePoint);
    let em = 0.6;
    if (glyph !== undefined) {
      const index = Math.min(glyph, this.advances.length - 1);
      em = this.advances[index] / this.unitsPerEm;
    } else if (isWide(codePoint)) {
      em = 1;
    }
    this.cache.set(codePoint, em);
    return em;
  }

  /** Width of a string in em. */
  measure(text: string): number {
    let width = 0;
    for (const ch of text) width += this.advance(ch.codePointAt(0) ?? 0);
    return width;
  }
}

/** CJK, Hangul, fullwidth forms and emoji take a full em where a fallback font draws them. */
function isWide(cp: number): boolean {
  return (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0x2e80 && cp <= 0xa4cf) || (cp >= 0xac00 && cp <= 0xd7a3)
    || (cp >= 0xf900 && cp <= 0xfaff) || (cp >= 0xff00 && cp <= 0xff60) || cp >= 0x1f000;
}

function readTableDirectory(data: Buffer): Map<string, number> {
  const tables = new Map<string, number>();
  const count = data.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    tables.set(data.toString('latin1', record, record + 4), data.readUInt32BE(record + 8));
  }
  return tables;
}

function requireTable(tables: Map<string, number>, tag: string): number {
  const offset = tables.get(tag);
  if (offset === undefined) throw new RenderError(`Font has no '${tag}' table: reinstall the dejavu-fonts-ttf package.`);
  return offset;
}

/** Reads the Unicode subtables (format 4 for the BMP, format 12 for the rest). */
function readCmap(data: Buffer, cmap: number, out: Map<number, number>): void {
  const count = data.readUInt16BE(cmap + 2);
  for (let i = 0; i < count; i++) {
    const platform = data.readUInt16BE(cmap + 4 + i * 8);
    const encoding = data.readUInt16BE(cmap + 6 + i * 8);
    const sub = cmap + data.readUInt32BE(cmap + 8 + i * 8);
    const format = data.readUInt16BE(sub);
    if (platform === 3 && encoding === 1 && format === 4) readFormat4(data, sub, out);
    if (platform === 3 && encoding === 10 && format === 12) readFormat12(data, sub, out);
  }
}

function readFormat4(data: Buffer, sub: number, out: Map<number, number>): void {
  const segments = data.readUInt16BE(sub + 6) / 2;
  const ends = sub + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = data.readUInt16BE(ends + s * 2);
    const start = data.readUInt16BE(starts + s * 2);
    const delta = data.readInt16BE(deltas + s * 2);
    const rangeAt = rangeOffsets + s * 2;
    const range = data.readUInt16BE(rangeAt);
    for (let cp = start; cp <= end && cp !== 0xffff; cp++) {
      let glyph: number;
      if (range === 0) glyph = (cp + delta) & 0xffff;
      else {
        const raw = data.readUInt16BE(rangeAt + range + (cp - start) * 2);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) out.set(cp, glyph);
    }
  }
}

function readFormat12(data: Buffer, sub: number, out: Map<number, number>): void {
  const groups = data.readUInt32BE(sub + 12);
  for (let g = 0; g < groups; g++) {
    const at = sub + 16 + g * 12;
    const start = data.readUInt32BE(at);
    const end = data.readUInt32BE(at + 4);
    const first = data.readUInt32BE(at + 8);
    for (let cp = start; cp <= end; cp++) out.set(cp, first + cp - start);
  }
}

let metrics: { regular: FontMetrics; bold: FontMetrics } | undefined;

/** Metrics of both faces, read once per process. */
export function fontMetrics(bold: boolean): FontMetrics {
  if (!metrics) {
    const paths = fontFiles();
    metrics = { regular: new FontMetrics(readFileSync(paths.regular)), bold: new FontMetrics(readFileSync(paths.bold)) };
  }
  return bold ? metrics.bold : metrics.regular;
}
