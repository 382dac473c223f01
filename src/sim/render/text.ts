// Text as the phone draws it: made safe for XML, fitted to its box with an ellipsis, wrapped when tall.
// Widths come from the same text metrics the layout sizes boxes with.
import { drawn, FONT_FAMILY, fontMetrics, textWidth, wrapText, type TextFont } from '../text-metrics.js';

export const ELLIPSIS = '…';

/** Drops characters XML cannot carry and turns tabs into spaces; the metrics give both the widths drawn. */
export function cleanText(text: string): string {
  let clean = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 0x09) clean += ' ';
    else if (drawn(cp) || cp === 0x0a || cp === 0x0d) clean += ch;
  }
  return clean;
}

export function escapeXml(text: string): string {
  return cleanText(text).replace(/[&<>"']/g, (ch) => {
    switch (ch) {
      case '&':
        return '&amp;';
      case '<':
        return '&lt;';
      case '>':
        return '&gt;';
      case '"':
        return '&quot;';
      default:
        return '&apos;';
    }
  });
}

/** One line of text with its font, in pixels. */
export type TextStyle = Required<TextFont>;

export function measure(text: string, style: TextStyle): number {
  return textWidth(text, style);
}

/** The longest prefix that fits in maxWidth, with an ellipsis when something was cut. */
export function fitLine(text: string, maxWidth: number, style: TextStyle): string {
  const metrics = fontMetrics(style.bold);
  const limit = maxWidth / style.px;
  const chars = Array.from(text);
  let width = 0;
  for (let i = 0; i < chars.length; i++) {
    width += metrics.advance(chars[i].codePointAt(0) ?? 0);
    if (width > limit + 1e-6) return cutWithEllipsis(chars.slice(0, i), maxWidth, style);
  }
  return text;
}

/** Drops characters from the end until the rest and an ellipsis fit; '' when not even the ellipsis does. */
function cutWithEllipsis(chars: string[], maxWidth: number, style: TextStyle): string {
  const metrics = fontMetrics(style.bold);
  const limit = maxWidth / style.px + 1e-6;
  const ellipsis = metrics.advance(0x2026);
  let width = chars.reduce((sum, ch) => sum + metrics.advance(ch.codePointAt(0) ?? 0), 0);
  while (chars.length > 0 && width + ellipsis > limit) width -= metrics.advance(chars.pop()?.codePointAt(0) ?? 0);
  return ellipsis > limit ? '' : chars.join('').trimEnd() + ELLIPSIS;
}

/** How wide and how many lines a wrapped text may take, and the face it is set in. */
export interface WrapLimits {
  maxWidth: number;
  maxLines: number;
  style: TextStyle;
}

/** Word-wraps as the layout does into at most maxLines lines; the last one ends in an ellipsis when text remains. */
export function wrapLines(text: string, { maxWidth, maxLines, style }: WrapLimits): string[] {
  const lines = wrapText(text, maxWidth, style);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(1, maxLines));
  const last = kept.length - 1;
  const rest = lines.slice(last).join(' ');
  const fitted = fitLine(rest, maxWidth, style);
  kept[last] = fitted !== rest ? fitted : cutWithEllipsis(Array.from(kept[last]), maxWidth, style);
  return kept;
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
}

/** An SVG <text> whose line is vertically centred on cy (DejaVu's ascent and descent balance at 0.35 em). */
export function textElement(draw: TextDraw): string {
  const safe = escapeXml(draw.text);
  if (safe.trim() === '') return '';
  const baseline = draw.cy + draw.px * 0.35;
  const anchor = draw.anchor && draw.anchor !== 'start' ? ` text-anchor="${draw.anchor}"` : '';
  const weight = draw.bold ? ' font-weight="bold"' : '';
  const opacity = draw.opacity !== undefined && draw.opacity < 1 ? ` fill-opacity="${draw.opacity}"` : '';
  return `<text x="${round(draw.x)}" y="${round(baseline)}" font-size="${Math.round(draw.px * 100) / 100}" font-family="${FONT_FAMILY}"${weight}${anchor} fill="${draw.colour}"${opacity}>${safe}</text>`;
}

export function round(value: number): number {
  return Math.round(value * 10) / 10;
}
