// Rasterises SVG to RGBA pixels with resvg: the WebAssembly build when installed, else the native one.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Resvg as NativeResvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { RenderError } from './errors.js';
import { FONT_FAMILY, fontFiles } from './fonts.js';

export interface Pixels {
  width: number;
  height: number;
  /** 8-bit RGBA, row-major. */
  data: Uint8Array;
}

export type RasteriserKind = 'wasm' | 'native';

export interface Rasteriser {
  readonly kind: RasteriserKind;
  rasterise(svg: string): Pixels;
}

/** The native addon: always installed, but every frame pays page faults for a fresh pixmap. */
function nativeRasteriser(): Rasteriser {
  const paths = fontFiles();
  const options: ResvgRenderOptions = {
    font: { loadSystemFonts: false, fontFiles: [paths.regular, paths.bold], defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY },
    logLevel: 'off',
  };
  return {
    kind: 'native',
    rasterise(svg) {
      const image = new NativeResvg(svg, options).render();
      return { width: image.width, height: image.height, data: image.pixels };
    },
  };
}

interface WasmImage {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
  free(): void;
}

interface WasmResvg {
  render(): WasmImage;
  free(): void;
}

interface WasmModule {
  initWasm(input: Buffer): Promise<void>;
  Resvg: new (svg: string, options: object) => WasmResvg;
}

function isWasmModule(value: unknown): value is WasmModule {
  if (typeof value !== 'object' || value === null) return false;
  return typeof Reflect.get(value, 'initWasm') === 'function' && typeof Reflect.get(value, 'Resvg') === 'function';
}

const WASM_PACKAGE = '@resvg/resvg-wasm';

/** The same resvg compiled to WebAssembly: its memory stays mapped, so large frames render without page faults. */
async function wasmRasteriser(): Promise<Rasteriser | undefined> {
  let wasmPath: string;
  try {
    wasmPath = createRequire(import.meta.url).resolve(`${WASM_PACKAGE}/index_bg.wasm`);
  } catch {
    return undefined;
  }
  const specifier: string = WASM_PACKAGE;
  const mod: unknown = await import(specifier);
  if (!isWasmModule(mod)) return undefined;
  try {
    await mod.initWasm(await readFile(wasmPath));
  } catch (error) {
    // Another part of the process may have initialised the module already; that instance serves us too.
    if (!String(error).includes('Already initialized')) throw error;
  }
  const paths = fontFiles();
  const fontBuffers = [await readFile(paths.regular), await readFile(paths.bold)];
  const options = { font: { loadSystemFonts: false, fontBuffers, defaultFontFamily: FONT_FAMILY, sansSerifFamily: FONT_FAMILY } };
  return {
    kind: 'wasm',
    rasterise(svg) {
      const resvg = new mod.Resvg(svg, options);
      try {
        const image = resvg.render();
        try {
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

const loaded = new Map<RasteriserKind | 'auto', Promise<Rasteriser>>();

/** Loads a rasteriser once per process; 'auto' prefers WebAssembly and falls back to native. */
export function loadRasteriser(kind: RasteriserKind | 'auto' = 'auto'): Promise<Rasteriser> {
  let pending = loaded.get(kind);
  if (!pending) {
    pending = (async () => {
      if (kind === 'native') return nativeRasteriser();
      const wasm = await wasmRasteriser();
      if (wasm) return wasm;
      if (kind === 'wasm') throw new RenderError(`The ${WASM_PACKAGE} package is not installed: run npm install ${WASM_PACKAGE}, or use the native renderer.`);
      return nativeRasteriser();
    })();
    pending.catch(() => loaded.delete(kind));
    loaded.set(kind, pending);
  }
  return pending;
}
