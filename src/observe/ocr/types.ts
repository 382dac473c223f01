// What the OCR reads off a screenshot: words and lines with their confidence and bounds.
import type { Rect } from '../ui-node.js';

/** One word read, its box in pixels of the image given to `OcrEngine.read`. */
export interface OcrWord {
  text: string;
  /** Tesseract's confidence, 0–100. */
  confidence: number;
  bounds: Rect;
  /** Read on the whole screen, or on a filled region (a button) or a caller's region cropped alone. */
  source: 'screen' | 'region';
}

/** Words on one baseline band, close enough to read as one phrase. */
export interface OcrLine {
  text: string;
  /** Mean confidence of its words. */
  confidence: number;
  bounds: Rect;
  words: OcrWord[];
}

export interface OcrResult {
  words: OcrWord[];
  lines: OcrLine[];
  /** Time the read took (about 0 when it came from the cache). */
  ms: number;
  /** The same image (and regions) was read before: the answer is the earlier one. */
  cached: boolean;
  /** The filled shapes (buttons, chips) the engine found on the screen; none when the caller gave regions. */
  filled: Rect[];
}

export interface OcrReadOptions {
  /**
   * Regions to read alone (the bounds of elements the tree gives no text for), in pixels of the
   * image. When given, the engine reads these instead of searching the screen for filled regions.
   */
  regions?: Rect[];
}
