// Approximate text metrics for DejaVu Sans, the face the renderer draws with: the layout and the
// renderer must agree on how much room a label takes, not on exact glyph advances.

/** Average advance of a glyph, in em. */
const NARROW_EM = 0.55;
const BOLD_EM = 0.6;
/** CJK ideographs, Hangul, full-width forms and emoji take a full em. */
const WIDE_EM = 1;
/** Line box height, in em. */
export const LINE_HEIGHT_EM = 1.35;

function isWide(code: number): boolean {
  return (code >= 0x1100 && code <= 0x115f)
    || (code >= 0x2e80 && code <= 0xa4cf)
    || (code >= 0xac00 && code <= 0xd7a3)
    || (code >= 0xf900 && code <= 0xfaff)
    || (code >= 0xfe30 && code <= 0xfe4f)
    || (code >= 0xff00 && code <= 0xff60)
    || (code >= 0x1f300 && code <= 0x1faff);
}

/** Width of a single line of text in pixels. */
export function lineWidth(text: string, fontPx: number, bold = false): number {
  const em = bold ? BOLD_EM : NARROW_EM;
  let units = 0;
  for (const char of text) units += isWide(char.codePointAt(0) ?? 0) ? WIDE_EM : em;
  return units * fontPx;
}

/**
 * Breaks text into lines no wider than maxWidth, at spaces where possible and inside a word only
 * when the word alone is too wide (as TextView does). Explicit newlines always break.
 */
export function wrapLines(text: string, fontPx: number, maxWidth: number, bold = false): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (!Number.isFinite(maxWidth) || lineWidth(paragraph, fontPx, bold) <= maxWidth) { lines.push(paragraph); continue; }
    let line = '';
    for (const word of paragraph.split(/(?<= )/)) {
      const candidate = line + word;
      if (lineWidth(candidate.trimEnd(), fontPx, bold) <= maxWidth) { line = candidate; continue; }
      if (line) lines.push(line.trimEnd());
      line = '';
      for (const char of word) {
        if (line && lineWidth(line + char, fontPx, bold) > maxWidth) { lines.push(line); line = ''; }
        line += char;
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** Size of a text block: the widest line and the height of all lines. */
export function measureText(text: string, options: { fontPx: number; maxWidth: number; bold?: boolean }): { width: number; height: number; lines: number } {
  const lines = wrapLines(text, options.fontPx, options.maxWidth, options.bold);
  let width = 0;
  for (const line of lines) width = Math.max(width, lineWidth(line, options.fontPx, options.bold));
  return { width: Math.ceil(width), height: Math.ceil(lines.length * options.fontPx * LINE_HEIGHT_EM), lines: lines.length };
}
