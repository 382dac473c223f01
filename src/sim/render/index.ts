// The phone's screen: a frame drawn as SVG, rasterised by resvg (WebAssembly) and encoded as PNG.
import { createHash } from 'node:crypto';
import type { Frame } from '../types.js';
import { RenderError } from './errors.js';
import { encodePng } from './png.js';
import { loadRasteriser } from './raster.js';
import { catalogueFrame } from './sample-frames.js';
import { frameToSvg } from './svg.js';

export { RenderError } from './errors.js';
export { frameToSvg } from './svg.js';

/** Warm-up stops once a draw is no longer much faster than the one before, or at these limits. */
const PREPARE_MAX_DRAWS = 12;
const PREPARE_BUDGET_MS = 3000;

export interface ScreenRendererOptions {
  /** How many recent screens keep their PNG; an unchanged screen is then not drawn again. */
  cacheSize?: number;
}

/** Draws frames to PNG, remembering the last few so repeated screenshots of one screen are instant. */
export class ScreenRenderer {
  private readonly cache = new Map<string, Buffer>();
  private readonly cacheSize: number;
  private prepared: Promise<void> | undefined;

  constructor(options: ScreenRendererOptions = {}) {
    this.cacheSize = options.cacheSize ?? 8;
  }

  /**
   * Loads resvg and draws a typical screen until drawing is fast (WebAssembly compiles lazily and
   * tiers up after some use), so the phone's first screenshots are not the slow ones. Runs once.
   */
  prepare(): Promise<void> {
    this.prepared ??= (async () => {
      const rasteriser = await loadRasteriser();
      const svg = frameToSvg(catalogueFrame());
      const deadline = performance.now() + PREPARE_BUDGET_MS;
      let previous = Infinity;
      for (let i = 0; i < PREPARE_MAX_DRAWS && performance.now() < deadline; i++) {
        const started = performance.now();
        const pixels = rasteriser.rasterise(svg);
        encodePng(pixels.data, pixels.width, pixels.height);
        const took = performance.now() - started;
        if (took > previous * 0.8) break;
        previous = took;
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    return this.prepared;
  }

  /** The PNG of a frame. The same frame gives the same bytes; callers must not modify the buffer. */
  async render(frame: Frame): Promise<Buffer> {
    const svg = frameToSvg(frame);
    const key = createHash('sha1').update(svg).digest('hex');
    const early = this.cached(key);
    if (early) return early;
    const rasteriser = await loadRasteriser();
    // Concurrent calls for one screen all waited for resvg above; the first to get here draws it.
    const drawn = this.cached(key);
    if (drawn) return drawn;
    let png: Buffer;
    try {
      const pixels = rasteriser.rasterise(svg);
      png = encodePng(pixels.data, pixels.width, pixels.height);
    } catch (error) {
      throw new RenderError(
        `resvg could not draw a ${frame.size.width}x${frame.size.height} frame: ${String(error)}. This is a renderer bug; report it with the frame.`,
      );
    }
    this.cache.set(key, png);
    while (this.cache.size > this.cacheSize) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
    return png;
  }

  /** A remembered PNG, marked as the most recently used. */
  private cached(key: string): Buffer | undefined {
    const png = this.cache.get(key);
    if (png) {
      this.cache.delete(key);
      this.cache.set(key, png);
    }
    return png;
  }
}

let shared: ScreenRenderer | undefined;

/** The PNG of a frame at the frame's full size, as `screencap -p` returns it. */
export function renderPng(frame: Frame): Promise<Buffer> {
  shared ??= new ScreenRenderer();
  return shared.render(frame);
}

/** Warms up the renderer behind renderPng; await it while a phone starts to keep the first screenshot fast. */
export function prepareRenderer(): Promise<void> {
  shared ??= new ScreenRenderer();
  return shared.prepare();
}
