// Tesseract's words mapped onto the screenshot, the passes' answers merged into one list (weak
// words dropped, a word read twice kept once), and the words grouped into lines.
import type Tesseract from 'tesseract.js';
import { intersect } from '../geometry.js';
import { area, type Rect } from '../ui-node.js';
import type { PreparedImage } from './image.js';
import type { OcrLine, OcrWord } from './types.js';

/** The words of one tesseract page, with boxes in pixels of the screenshot. */
export function pageWords(page: Tesseract.Page, from: { image: PreparedImage; source: OcrWord['source'] }): OcrWord[] {
  const { image, source } = from;
  const back = (v: number, origin: number) => origin + (v - image.pad) / image.scale;
  const words: OcrWord[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          const text = word.text.trim();
          if (!text) continue;
          words.push({
            text,
            confidence: Math.round(word.confidence),
            bounds: {
              left: Math.max(0, Math.round(back(word.bbox.x0, image.left))),
              top: Math.max(0, Math.round(back(word.bbox.y0, image.top))),
              right: Math.round(back(word.bbox.x1, image.left)),
              bottom: Math.round(back(word.bbox.y1, image.top)),
            },
            source,
          });
        }
      }
    }
  }
  return words;
}

/** Whether two boxes show the same word: they overlap by a third, or one holds the other's centre. */
export function sameSpot(a: Rect, b: Rect): boolean {
  const shared = intersect(a, b);
  if (!shared) return false;
  const inside = (r: Rect, p: Rect) => {
    const x = (p.left + p.right) / 2;
    const y = (p.top + p.bottom) / 2;
    return x >= r.left && x < r.right && y >= r.top && y < r.bottom;
  };
  return area(shared) / (area(a) + area(b) - area(shared)) >= 0.33 || inside(a, b) || inside(b, a);
}

/**
 * One list from every pass: words below `floor` or without a letter or digit are dropped, and of
 * words read at the same spot the most confident is kept. Sorted in reading order.
 */
export function mergeWords(words: OcrWord[], floor: number): OcrWord[] {
  const kept: OcrWord[] = [];
  const candidates = words.filter((w) => w.confidence >= floor && /[\p{L}\p{N}]/u.test(w.text)).sort((a, b) => b.confidence - a.confidence);
  for (const word of candidates) {
    if (!kept.some((k) => sameSpot(k.bounds, word.bounds))) kept.push(word);
  }
  return kept.sort((a, b) => a.bounds.top - b.bounds.top || a.bounds.left - b.bounds.left);
}

/** Confidence above which a word read on the whole screen needs no second reading. */
const SURE = 85;

/** Whether the words already read inside `region` are all sure and make up at least its `lines` lines of ink. */
export function readInFull(region: Rect, read: { lines: number; words: OcrWord[] }): boolean {
  const inside = read.words.filter((w) => {
    const x = (w.bounds.left + w.bounds.right) / 2;
    const y = (w.bounds.top + w.bounds.bottom) / 2;
    return x >= region.left && x < region.right && y >= region.top && y < region.bottom;
  });
  return inside.length > 0 && inside.every((w) => w.confidence >= SURE) && groupLines(inside).length >= read.lines;
}

/** Words on one baseline band with gaps under about a line's height between them form a line. */
export function groupLines(words: OcrWord[]): OcrLine[] {
  const lines: OcrWord[][] = [];
  for (const word of [...words].sort((a, b) => a.bounds.left - b.bounds.left)) {
    const line = lines.find((l) => continues(l[l.length - 1], word));
    if (line) line.push(word);
    else lines.push([word]);
  }
  return lines
    .map((l) => ({
      text: l.map((w) => w.text).join(' '),
      confidence: Math.round(l.reduce((sum, w) => sum + w.confidence, 0) / l.length),
      bounds: {
        left: Math.min(...l.map((w) => w.bounds.left)),
        top: Math.min(...l.map((w) => w.bounds.top)),
        right: Math.max(...l.map((w) => w.bounds.right)),
        bottom: Math.max(...l.map((w) => w.bounds.bottom)),
      },
      words: l,
    }))
    .sort((a, b) => a.bounds.top - b.bounds.top || a.bounds.left - b.bounds.left);
}

/** Whether `next` carries on the line that `last` ends: most of their heights overlap and the gap is small. */
function continues(last: OcrWord, next: OcrWord): boolean {
  const a = last.bounds;
  const b = next.bounds;
  const height = Math.max(a.bottom - a.top, b.bottom - b.top);
  const overlap = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  const gap = b.left - a.right;
  return overlap >= 0.5 * Math.min(a.bottom - a.top, b.bottom - b.top) && gap <= height * 1.2 && gap >= -height * 0.25;
}
