// How much room text takes in DejaVu Sans, the face the phone draws with: advance widths from
// the font files (read by fontkit), line height and line breaking. The layout sizes boxes with
// these and the renderer fits text with them, so a box wrapped around its text holds it exactly.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as Fontkit from 'fontkit';

export const FONT_FAMILY = 'DejaVu Sans';
/** Height of one line of text, in em. */
export const LINE_HEIGHT_EM = 1.35;
/** Advance of a glyph DejaVu lacks (a fallback font would draw it), in em. */
const FALLBACK_EM = 0.6;
/** CJK, Hangul, fullwidth forms and emoji take a full em where a fallback font draws them. */
const WIDE_EM = 1;

export class FontError extends Error {
  override name = 'FontError';
}

export interface FontFiles {
  regular: string;
  bold: string;
}

let files: FontFiles | undefined;
let fontkit: typeof Fontkit | undefined;

/** fontkit and its Unicode tables cost about 100 ms of CPU to load: only a process that measures text pays it. */
function loadFontkit(): typeof Fontkit {
  fontkit ??= createRequire(import.meta.url)('fontkit') as typeof Fontkit;
  return fontkit;
}

/** Paths of DejaVu Sans and DejaVu Sans Bold inside the dejavu-fonts-ttf package. */
export function fontFiles(): FontFiles {
  if (!files) {
    const pkg = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json');
    const dir = join(dirname(pkg), 'ttf');
    files = { regular: join(dir, 'DejaVuSans.ttf'), bold: join(dir, 'DejaVuSans-Bold.ttf') };
  }
  return files;
}

/** The face and size text is set in, in pixels. */
export interface TextFont {
  px: number;
  bold?: boolean;
}

/** Horizontal advances of one font, in em: its cmap and hmtx tables as fontkit reads them. */
export class FontMetrics {
  private readonly font: Fontkit.Font;
  private readonly cache = new Map<number, number>();

  constructor(data: Buffer, file: string) {
    let font: Fontkit.Font | Fontkit.FontCollection;
    try {
      font = loadFontkit().create(data);
    } catch (error) {
      throw new FontError(`Font ${file} cannot be read (${error instanceof Error ? error.message : String(error)}): reinstall the dejavu-fonts-ttf package.`);
    }
    if (font.type === 'TTC' || font.type === 'DFont')
      throw new FontError(`Font ${file} is a collection, not one face: reinstall the dejavu-fonts-ttf package.`);
    this.font = font as Fontkit.Font;
  }

  has(codePoint: number): boolean {
    return this.font.hasGlyphForCodePoint(codePoint);
  }

  /** Advance of one character in em; characters that are never drawn take no room, a tab takes a space. */
  advance(codePoint: number): number {
    const cached = this.cache.get(codePoint);
    if (cached !== undefined) return cached;
    let em: number;
    if (!drawn(codePoint)) em = 0;
    else {
      const cp = codePoint === 0x09 ? 0x20 : codePoint;
      if (this.font.hasGlyphForCodePoint(cp)) em = this.font.glyphForCodePoint(cp).advanceWidth / this.font.unitsPerEm;
      else em = isWide(codePoint) ? WIDE_EM : FALLBACK_EM;
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

/** Whether a character reaches the screen: XML 1.0 cannot carry control characters or lone surrogates. */
export function drawn(cp: number): boolean {
  if (cp < 0x20) return cp === 0x09;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  return cp !== 0x7f && cp !== 0xfffe && cp !== 0xffff;
}

function isWide(cp: number): boolean {
  return (
    (cp >= 0x1100 && cp <= 0x115f) ||
    (cp >= 0x2e80 && cp <= 0xa4cf) ||
    (cp >= 0xac00 && cp <= 0xd7a3) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xfe30 && cp <= 0xfe4f) ||
    (cp >= 0xff00 && cp <= 0xff60) ||
    cp >= 0x1f000
  );
}

let faces: { regular: FontMetrics; bold: FontMetrics } | undefined;

/** Metrics of the regular or bold face, read once per process. */
export function fontMetrics(bold = false): FontMetrics {
  if (!faces) {
    const paths = fontFiles();
    faces = { regular: new FontMetrics(readFileSync(paths.regular), paths.regular), bold: new FontMetrics(readFileSync(paths.bold), paths.bold) };
  }
  return bold ? faces.bold : faces.regular;
}

/** Width of one line of text, px. */
export function textWidth(text: string, font: TextFont): number {
  return fontMetrics(font.bold).measure(text) * font.px;
}

export function lineHeight(font: TextFont): number {
  return font.px * LINE_HEIGHT_EM;
}

/** Lets sums of em fractions that equal the width count as fitting it. */
const EPSILON = 1e-6;

/**
 * Breaks text into lines no wider than maxWidth, at spaces where possible and inside a word only
 * when the word alone is too wide (as TextView does). Newlines always break; trailing spaces hang.
 */
export function wrapText(text: string, maxWidth: number, font: TextFont): string[] {
  const metrics = fontMetrics(font.bold);
  const limit = maxWidth / font.px + EPSILON;
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    const whole = paragraph.trimEnd();
    if (!Number.isFinite(limit) || metrics.measure(whole) <= limit) {
      lines.push(whole);
      continue;
    }
    let line = '';
    let width = 0;
    for (const word of paragraph.split(/(?<= )/)) {
      const wordWidth = metrics.measure(word);
      if (width + metrics.measure(word.trimEnd()) <= limit) {
        line += word;
        width += wordWidth;
        continue;
      }
      if (line.trim() !== '') lines.push(line.trimEnd());
      line = '';
      width = 0;
      for (const ch of word) {
        const advance = metrics.advance(ch.codePointAt(0) ?? 0);
        if (line !== '' && ch !== ' ' && width + advance > limit) {
          lines.push(line);
          line = '';
          width = 0;
        }
        line += ch;
        width += advance;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** Size of a block of text wrapped at maxWidth: its widest line rounded up, and its lines' height. */
export function measureText(text: string, options: { font: TextFont; maxWidth: number }): { width: number; height: number; lines: string[] } {
  const lines = wrapText(text, options.maxWidth, options.font);
  let width = 0;
  for (const line of lines) width = Math.max(width, textWidth(line, options.font));
  return { width: Math.ceil(width - EPSILON), height: Math.ceil(lines.length * lineHeight(options.font) - EPSILON), lines };
}

/** Size (sp) and weight of a widget's text when its style does not say: Material buttons are bold, fields 16 sp. */
export function defaultTextFace(cls: string): { sp: number; bold: boolean } {
  const name = cls.split(/[.$]/).pop() ?? cls;
  if (/(?:EditText|AutoCompleteTextView)$/.test(name)) return { sp: 16, bold: false };
  if (/Button$/.test(name) && !/(?:ImageButton|FloatingActionButton|RadioButton)$/.test(name)) return { sp: 14, bold: true };
  return { sp: 14, bold: false };
}

/** A label's icon sits at the start of its content box, this big and this far from the text, dp. */
export const LABEL_ICON_DP = 24;
export const LABEL_ICON_GAP_DP = 8;

/** Room, dp, that a switch track or a check mark takes beside a compound button's label. */
export function controlWidthDp(cls: string): number {
  const name = cls.split(/[.$]/).pop() ?? cls;
  if (/Switch(?:Compat|Material)?$/.test(name)) return 52;
  if (/(?:CheckBox|CheckedTextView|RadioButton)$/.test(name)) return 32;
  return 0;
}
