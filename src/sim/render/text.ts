// Text as the phone draws it: made safe for XML, fitted to its box with an ellipsis, wrapped when tall.
import { FONT_FAMILY, fontMetrics } from './fonts.js';

export const ELLIPSIS = '…';

/** Whether XML 1.0 allows a character; lone surrogates and control characters would break the document. */
function allowedInXml(cp: number): boolean {
  if (cp < 0x20) return cp === 0x09 || cp === 0x0a || cp === 0x0d;
  if (cp >= 0xd800 && cp <= 0xdfff) return false;
  return cp !== 0x7f && cp !== 0xfffe && cp !== 0xffff;
}

/** Drops characters XML cannot carry and turns tabs into spaces, so measuring matches drawing. */
export function cleanText(text: string): string {
  let clean = '';
  for (const ch of text) if (allowedInXml(ch.codePointAt(0) ?? 0)) clean += ch === '\t' ? ' ' : ch;
  return clean;
}

export function escapeXml(text: string): string {
  return cleanText(text).replace(/[&<>"']/g, (ch) => {
    switch (ch) {
      case '&': return '&amp;';
      case '<': return '&lt;';
      case '>': return '&gt;';
      case '"': return '&quot;';
      default: return '&apos;';
    }
  });
}

/** One line of text with its font, in pixels. */
export interface TextStyle {
  px: number;
  bold: boolean;
}

export function measure(text: string, style: TextStyle): number {
  return fontMetrics(style.bold).measure(text) * style.px;
}

/** The longest prefix that fits in maxWidth, with an ellipsis when something was cut. */
export function fitLine(text: string, maxWidth: number, style: TextStyle): string {
  const metrics = fontMetrics(style.bold);
  const limit = maxWidth / style.px;
  const chars = Array.from(text);
  let width = 0;
  for (let i = 0; i < chars.length; i++) {
    width += metrics.advance(chars[i].codePointAt(0) ?? 0);
    if (width > limit) return cutWithEllipsis(chars.slice(0, i), limit, metrics.advance(0x2026), (c) => metrics.advance(c));
  }
  return text;
}

function cutWithEllipsis(chars: string[], limit: number, ellipsis: number, advance: (cp: number) => number): string {
  let width = chars.reduce((sum, ch) => sum + advance(ch.codePointAt(0) ?? 0), 0);
  while (chars.length > 0 && width + ellipsis > limit) {
    width -= advance(chars.pop()?.codePointAt(0) ?? 0);
  }
  return ellipsis > limit ? '' : chars.join('').trimEnd() + ELLIPSIS;
}

/** Word-wraps into at most maxLines lines; the last line is ellipsised when text remains. */
export function wrapLines(text: string, maxWidth: number, maxLines: number, style: TextStyle): string[] {
  const lines: string[] = [];
  const paragraphs = text.split('\n');
  for (let p = 0; p < paragraphs.length && lines.length < maxLines; p++) {
    let rest = paragraphs[p].replace(/\s+/g, ' ').trim();
    if (rest === '') { lines.push(''); continue; }
    while (rest !== '' && lines.length < maxLines) {
      const fitted = fitLine(rest, maxWidth, style);
      if (fitted === rest) { lines.push(rest); rest = ''; break; }
      if (lines.length === maxLines - 1) { lines.push(fitted); rest = ''; break; }
      const line = breakAtSpace(rest, fitted.length - 1);
      lines.push(line.trimEnd());
      rest = rest.slice(line.length).trimStart();
    }
    const moreText = rest !== '' || p < paragraphs.length - 1;
    if (lines.length === maxLines && moreText && !lines[maxLines - 1].endsWith(ELLIPSIS)) {
      lines[maxLines - 1] = withEllipsis(lines[maxLines - 1], maxWidth, style);
    }
  }
  return lines;
}

function withEllipsis(line: string, maxWidth: number, style: TextStyle): string {
  const metrics = fontMetrics(style.bold);
  const chars = Array.from(line);
  return cutWithEllipsis(chars, maxWidth / style.px, metrics.advance(0x2026), (c) => metrics.advance(c));
}

/** Cuts before the last space within `limit` UTF-16 units, or at `limit` when a word is too long. */
function breakAtSpace(text: string, limit: number): string {
  const space = text.lastIndexOf(' ', limit);
  if (space > 0) return text.slice(0, space + 1);
  let cut = Math.max(1, limit);
  if (/[\udc00-\udfff]/.test(text.charAt(cut))) cut++;
  return text.slice(0, cut);
}

export interface TextDraw {
  text: string;
  x: number;
  /** Vertical centre of the line. */
  cy: number;
  px: number;
  bold: boolean;
  colour: string;
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
  /** Squeezes the line's glyphs to exactly this width (SVG textLength). */
  length?: number;
}

/** An SVG <text> whose line is vertically centred on cy (DejaVu's ascent and descent balance at 0.35 em). */
export function textElement(draw: TextDraw): string {
  const safe = escapeXml(draw.text);
  if (safe.trim() === '') return '';
  const baseline = draw.cy + draw.px * 0.35;
  const anchor = draw.anchor && draw.anchor !== 'start' ? ` text-anchor="${draw.anchor}"` : '';
  const weight = draw.bold ? ' font-weight="bold"' : '';
  const opacity = draw.opacity !== undefined && draw.opacity < 1 ? ` fill-opacity="${draw.opacity}"` : '';
  const length = draw.length !== undefined ? ` textLength="${round(draw.length)}" lengthAdjust="spacingAndGlyphs"` : '';
  return `<text x="${round(draw.x)}" y="${round(baseline)}" font-size="${round(draw.px)}" font-family="${FONT_FAMILY}"${weight}${anchor}${length} fill="${draw.colour}"${opacity}>${safe}</text>`;
}

export function round(value: number): number {
  return Math.round(value * 10) / 10;
}
