// Offline OCR of phone screenshots: one sparse-text pass over the whole screen, scaled down and
// redrawn dark on white, plus each filled region (a button, a chip) or caller's region read alone
// with its polarity normalised; merged into words and lines with boxes in the screenshot's pixels.
import { scaleRect } from '../geometry.js';
import type { Rect } from '../ui-node.js';
import { ReadCache } from './cache.js';
import { regionImage } from './crop.js';
import { OcrEngineError } from './engine-error.js';
import { decodeScreenshot, scaledScreen, screenImage, type RgbImage } from './image.js';
import { groupLines, mergeWords, pageWords, readInFull } from './merge.js';
import { darkOnWhite } from './normalise.js';
import { findFilledRegions, segment, type Segmentation } from './regions.js';
import type { OcrResult, OcrWord, OcrReadOptions } from './types.js';
import { OcrWorker } from './worker.js';

export interface OcrEngineOptions {
  /** Words read with less confidence (0–100) are dropped. Default 60. */
  confidenceFloor?: number;
  /** Reads remembered by image (and regions asked). Default 32; 0 turns the cache off. */
  cacheSize?: number;
  /** Width the whole screen is scaled down to for its pass, in pixels. Default 720. */
  screenWidth?: number;
  /** Most filled regions searched out and read alone per screen. Default 12. */
  maxRegions?: number;
  /** Longest one tesseract read (or the worker's start) may take. Default 30 s. */
  timeoutMs?: number;
}

const DEFAULTS: Required<OcrEngineOptions> = { confidenceFloor: 60, cacheSize: 32, screenWidth: 720, maxRegions: 12, timeoutMs: 30_000 };
/** About a phone's density at the width the screen pass reads (1080 px ≈ 420 dpi). */
const DPI = 300;

export class OcrEngine {
  private readonly options: Required<OcrEngineOptions>;
  private readonly cache: ReadCache;
  private worker: Promise<OcrWorker> | undefined;
  /** Reads run one at a time: they share one worker and its page segmentation setting. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: OcrEngineOptions = {}) {
    this.options = {
      confidenceFloor: options.confidenceFloor ?? DEFAULTS.confidenceFloor,
      cacheSize: options.cacheSize ?? DEFAULTS.cacheSize,
      screenWidth: options.screenWidth ?? DEFAULTS.screenWidth,
      maxRegions: options.maxRegions ?? DEFAULTS.maxRegions,
      timeoutMs: options.timeoutMs ?? DEFAULTS.timeoutMs,
    };
    this.cache = new ReadCache(this.options.cacheSize);
  }

  /**
   * Reads the text on a PNG screenshot. Throws OcrInputError for an image it cannot decode, OcrEngineError when
   * tesseract fails; a worker that failed or died is replaced on the next read.
   */
  read(png: Buffer, options: OcrReadOptions = {}): Promise<OcrResult> {
    const run = this.queue.then(() => this.readNow(png, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Ends the worker. A later `read` starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await (await worker?.catch(() => undefined))?.terminate();
  }

  private async readNow(png: Buffer, options: OcrReadOptions): Promise<OcrResult> {
    const start = performance.now();
    const key = ReadCache.key(png, options.regions);
    const hit = this.cache.get(key);
    if (hit) return { ...structuredClone(hit), ms: performance.now() - start, cached: true };
    const image = await decodeScreenshot(png);
    const worker = await this.liveWorker();
    try {
      const { screen, scale } = await scaledScreen(image, this.options.screenWidth);
      const segmentation = segment(screen);
      const onScreen = await this.readScreen(worker, { screen, segmentation, scale, size: `${image.width}x${image.height}` });
      const regions = options.regions ?? findFilledRegions(screen, { max: this.options.maxRegions, segmentation }).map((r) => scaleRect(r, 1 / scale));
      // Regions the engine found itself are skipped when the screen pass already read all their lines well.
      const known = options.regions ? [] : onScreen;
      const words = [...onScreen, ...(await this.readRegions(worker, { image, regions, known }))];
      const merged = mergeWords(words, this.options.confidenceFloor);
      const read = { words: merged, lines: groupLines(merged), filled: options.regions ? [] : regions };
      this.cache.set(key, read);
      return { ...structuredClone(read), ms: performance.now() - start, cached: false };
    } catch (error) {
      if (error instanceof OcrEngineError) await this.dropWorker(worker);
      throw error;
    }
  }

  private async readScreen(worker: OcrWorker, of: { screen: RgbImage; segmentation: Segmentation; scale: number; size: string }): Promise<OcrWord[]> {
    const { screen } = of;
    const prepared = await screenImage({ width: screen.width, height: screen.height, data: darkOnWhite(screen, of.segmentation) }, of.scale);
    const page = await worker.recognize({ image: prepared.png, psm: 'SPARSE_TEXT', what: `the whole screen (${of.size})` });
    return pageWords(page, { image: prepared, source: 'screen' });
  }

  private async readRegions(worker: OcrWorker, of: { image: RgbImage; regions: Rect[]; known: OcrWord[] }): Promise<OcrWord[]> {
    const { image, regions, known } = of;
    const words: OcrWord[] = [];
    for (const [i, region] of regions.entries()) {
      const prepared = await regionImage(image, region);
      if (!prepared || readInFull(region, { lines: prepared.lines, words: known })) continue;
      const psm = prepared.lines > 1 ? 'SINGLE_BLOCK' : 'SINGLE_LINE';
      const what = `region ${i + 1} of ${regions.length} [${region.left},${region.top}][${region.right},${region.bottom}]`;
      const page = await worker.recognize({ image: prepared.png, psm, what });
      words.push(...pageWords(page, { image: prepared, source: 'region' }).map((w) => clip(w, region)));
    }
    return words;
  }

  /** The worker, or a new one when its thread died since the last read (nothing was being read: no read fails for it). */
  private async liveWorker(): Promise<OcrWorker> {
    const worker = await this.startedWorker();
    if (worker.alive) return worker;
    await this.dropWorker(worker);
    return this.startedWorker();
  }

  private startedWorker(): Promise<OcrWorker> {
    if (!this.worker) {
      const starting = OcrWorker.start({ timeoutMs: this.options.timeoutMs, dpi: DPI });
      // A failed start is not kept: the next read tries again.
      starting.catch(() => {
        if (this.worker === starting) this.worker = undefined;
      });
      this.worker = starting;
    }
    return this.worker;
  }

  private async dropWorker(worker: OcrWorker): Promise<void> {
    if (this.worker && (await this.worker.catch(() => undefined)) === worker) this.worker = undefined;
    await worker.terminate();
  }
}

/** A word read in a region stays inside it (tesseract's box may take in the padding). */
function clip(word: OcrWord, region: Rect): OcrWord {
  const b = word.bounds;
  return {
    ...word,
    bounds: {
      left: Math.max(b.left, region.left),
      top: Math.max(b.top, region.top),
      right: Math.min(b.right, region.right),
      bottom: Math.min(b.bottom, region.bottom),
    },
  };
}
