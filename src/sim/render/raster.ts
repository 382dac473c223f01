// Rasterises SVG to RGBA pixels with resvg compiled to WebAssembly: its memory stays mapped between
// frames, so a new 1080x2400 screen draws without the page faults a native addon pays per pixmap.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { initWasm, Resvg, type ResvgRenderOptions } from '@resvg/resvg-wasm';
import { FONT_FAMILY, fontFiles } from '../text-metrics.js';

export interface Pixels {
  width: number;
  height: number;
  /** 8-bit RGBA, row-major. */
  data: Uint8Array;
}

export interface Rasteriser {
  rasterise(svg: string): Pixels;
}

async function initialise(): Promise<Rasteriser> {
  const wasmPath = createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm');
  try {
    await initWasm(await readFile(wasmPath));
  } catch (error) {
    // A second copy of this module (source and build loaded together) shares the one resvg instance.
    if (!String(error).includes('Already initialized')) throw error;
  }
  const paths = fontFiles();
  const fontBuffers = [await readFile(paths.regular), await readFile(paths.bold)];
  const options: ResvgRenderOptions = {
    font: { fontBuffers, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
  };
  return {
    rasterise(svg) {
      const resvg = new Resvg(svg, options);
      try {
        const image = resvg.render();
        try {
          // The getter copies the pixels out of WebAssembly memory, so they outlive free().
          return { width: image.width, height: image.height, data: image.pixels };
        } finally {
          image.free();
        }
      } finally {
        resvg.free();
      }
    },
  };
}

let loaded: Promise<Rasteriser> | undefined;

/** Loads and initialises resvg once per process; a failed load is tried again on the next call. */
export function loadRasteriser(): Promise<Rasteriser> {
  if (!loaded) {
    const pending = initialise();
    pending.catch(() => {
      if (loaded === pending) loaded = undefined;
    });
    loaded = pending;
  }
  return loaded;
}
