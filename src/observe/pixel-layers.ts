// What the pixels add to the tree, in one place: text read off the screenshot (OCR) when the tree
// names too few of the app's elements, controls drawn greyed out that the tree calls enabled, and
// elements an overlay the tree does not show is drawn over.
// The tree stays the first layer: a screen whose elements carry their text costs no OCR at all.
import { coveredElements, coverText, markCovered } from './covered.js';
import { centre, holdsPoint, scaleRect } from './geometry.js';
import { drawnLook, hex, markGreyedOut, pixelsOf, type Pixels } from './greyed.js';
import { OcrEngineError, OcrInputError, OcrUnavailable, type OcrReadOptions, type OcrResult } from './ocr/index.js';
import { OcrFailed, ScreenshotCorrupt } from './pixel-errors.js';
import { DEFAULT_MIN_TEXT_COVERAGE, textCoverage, unlabelledRegions, type ReadText } from './read-text.js';
import { pixelBlock, type Screen } from './screen-types.js';

/** A drawn button is narrower than this share of the screen. */
const BUTTON_MAX_WIDTH = 0.9;

/** Reads text off a PNG screenshot (OcrEngine does). */
export interface TextReader {
  read(png: Buffer, options?: OcrReadOptions): Promise<OcrResult>;
}

export interface PixelLayerOptions {
  /** The OCR; without one, no text is read off the pixels. */
  reader?: TextReader;
  /** Below this share of the app's elements carrying text, the screen is read with OCR too. Default 0.6. */
  minTextCoverage?: number;
}

/** What the OCR did for one screen, for the trace and the benchmark. */
export interface OcrRun {
  ms: number;
  cached: boolean;
  /** Lines read, before the tree's text won over some of them. */
  lines: number;
  /** The share of the app's elements carrying text before the OCR. */
  coverage: number;
}

export interface PixelLayers {
  screen: Screen;
  /** The screenshot decoded, for whoever needs its pixels next (the observation's thumbnail). */
  pixels: Pixels;
  ocr?: OcrRun;
  /** Why no OCR ran though the screen needed it: tesseract.js is not installed (OcrUnavailable's message). */
  unavailable?: string;
}

/** `screen` with what its pixels say against its tree: controls drawn greyed out, elements covered by an overlay (earlier verdicts dropped). */
export function markDrawn(screen: Screen, pixels: Pixels): Screen {
  const judged = screen.elements.some((e) => pixelBlock(e) !== undefined);
  const tree = judged
    ? { ...screen, elements: screen.elements.map((e) => ({ ...e, states: e.states.filter((s) => s !== 'covered' && s !== 'looks-disabled') })) }
    : screen;
  return markCovered(markGreyedOut(tree, pixels), pixels);
}

/** What the pixels showed for each element `markDrawn` marked, by ref: 'a flat #263238 fill where its text should be'. */
export function pixelsShown(screen: Screen, pixels: Pixels): Map<string, string> {
  const shown = new Map<string, string>();
  for (const [e, cover] of coveredElements(screen, pixels)) shown.set(e.ref, coverText(cover));
  for (const e of screen.elements) {
    const look = e.states.includes('looks-disabled') ? drawnLook(pixels, e.bounds) : undefined;
    if (look) shown.set(e.ref, `${hex(look.ink)} text on a ${hex(look.fill)} fill, contrast ${look.contrast.toFixed(1)}, no colour`);
  }
  return shown;
}

/** Whether `screen` names too few of its elements to be read without OCR. */
export function needsOcr(screen: Screen, options: PixelLayerOptions): boolean {
  return options.reader !== undefined && namesTooFew(screen, options);
}

/** Whether the share of `screen`'s elements that carry text is under the threshold. */
function namesTooFew(screen: Screen, options: Pick<PixelLayerOptions, 'minTextCoverage'>): boolean {
  return textCoverage(screen) < (options.minTextCoverage ?? DEFAULT_MIN_TEXT_COVERAGE);
}

/**
 * Whether `screen`, read with OCR where it ran, still names too few of its elements to be acted on from
 * its text: the planner and the validator then also get an annotated screenshot (vision.ts).
 */
export function needsVision(screen: Screen, options: Pick<PixelLayerOptions, 'minTextCoverage'> = {}): boolean {
  return namesTooFew(screen, options);
}

export interface PixelInput {
  /** The screen as the tree alone gives it. */
  tree: Screen;
  /** Builds the screen again with the text read off the pixels placed among the tree's elements. */
  build: (readText: ReadText[]) => Screen;
  /** The PNG screenshot of the same moment. */
  screenshot: Buffer;
  /** Where the screenshot came from, for messages: the device's serial. Default "the device". */
  source?: string;
}

/**
 * The screen with its pixel layers: OCR'd text when the tree's text covers too little (the unlabelled
 * controls' regions read alone, the rest of the screen searched), then greyed-out and covered elements marked.
 */
export async function withPixelLayers({ tree, build, screenshot, source = 'the device' }: PixelInput, options: PixelLayerOptions): Promise<PixelLayers> {
  const pixels = decoded(screenshot, { tree, source });
  if (!options.reader || !needsOcr(tree, options)) return { screen: markDrawn(tree, pixels), pixels };
  const regions = unlabelledRegions(tree).map((r) => scaleRect(r, pixels.scale));
  let result: OcrResult;
  try {
    result = await options.reader.read(screenshot, regions.length > 0 ? { regions } : {});
  } catch (error) {
    if (error instanceof OcrUnavailable) return { screen: markDrawn(tree, pixels), pixels, unavailable: error.message };
    if (error instanceof OcrInputError) throw new ScreenshotCorrupt({ source, bytes: screenshot.length, reason: error.message, cause: error });
    if (error instanceof OcrEngineError) throw new OcrFailed({ source, reason: error.message, cause: error });
    throw error;
  }
  // A filled shape as wide as the screen is a band of background or a bar, not a button.
  const buttons = result.filled.filter((r) => r.right - r.left < BUTTON_MAX_WIDTH * pixels.width);
  const lines: ReadText[] = result.lines.map((line) => ({
    text: line.text,
    confidence: line.confidence,
    bounds: scaleRect(line.bounds, 1 / pixels.scale),
    // Read inside a filled shape the engine found: drawn as a button.
    filled: buttons.some((r) => holdsPoint(r, centre(line.bounds))),
  }));
  const screen = markDrawn(build(lines), pixels);
  return { screen, pixels, ocr: { ms: Math.round(result.ms), cached: result.cached, lines: lines.length, coverage: textCoverage(tree) } };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The screenshot's pixels, or ScreenshotCorrupt saying what it holds instead of a PNG. */
function decoded(screenshot: Buffer, { tree, source }: { tree: Screen; source: string }): Pixels {
  if (screenshot.length === 0) throw new ScreenshotCorrupt({ source, bytes: 0, reason: '' });
  if (!screenshot.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    const start = [...screenshot.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join(' ');
    throw new ScreenshotCorrupt({ source, bytes: screenshot.length, reason: `it starts ${start}, not with the PNG signature 89 50 4e 47` });
  }
  try {
    return pixelsOf(screenshot, tree);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ScreenshotCorrupt({ source, bytes: screenshot.length, reason: reason.replace(/\.$/, '').toLowerCase(), cause: error });
  }
}
