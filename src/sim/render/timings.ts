// Prints how long each stage of drawing a typical screen takes. Not a test: run it by hand with
//   npm run build && node dist/src/sim/render/timings.js
import { writeFileSync } from 'node:fs';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import { FONT_FAMILY, fontFiles } from './fonts.js';
import { ScreenRenderer } from './index.js';
import { encodePng } from './png.js';
import { loadRasteriser, type RasteriserKind } from './raster.js';
import { catalogueFrame, signInFrame } from './sample-frames.js';
import { frameToSvg } from './svg.js';

const RUNS = 15;

async function median(label: string, run: () => unknown): Promise<number> {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mid = times[Math.floor(times.length / 2)];
  console.log(`${label.padEnd(48)} median ${mid.toFixed(1).padStart(6)} ms   min ${times[0].toFixed(1).padStart(6)} ms`);
  return mid;
}

async function main(): Promise<void> {
  const frame = catalogueFrame();
  const started = performance.now();
  const first = await new ScreenRenderer().render(frame);
  const cold = performance.now() - started;
  const svg = frameToSvg(frame);
  console.log(`typical screen: ${frame.size.width}x${frame.size.height}, SVG ${svg.length} chars, PNG ${first.length} bytes`);
  console.log(`first screenshot in this process (load resvg, compile, draw): ${cold.toFixed(0)} ms\n`);
  await median('frame -> SVG', () => frameToSvg(frame));

  const kinds: RasteriserKind[] = ['native'];
  if (await loadRasteriser('wasm').then(() => true, () => false)) kinds.unshift('wasm');
  for (const kind of kinds) {
    const rasteriser = await loadRasteriser(kind);
    const pixels = rasteriser.rasterise(svg);
    await median(`${kind}: rasterise (parse + draw + pixels)`, () => rasteriser.rasterise(svg));
    await median(`${kind}: encode PNG (ours, zlib level 1)`, () => encodePng(pixels.data, pixels.width, pixels.height));
    let counter = 0;
    const renderer = new ScreenRenderer({ rasteriser: kind, cacheSize: 1 });
    await median(`${kind}: renderPng, new screen each time`, () => {
      const changing = catalogueFrame();
      changing.statusBar.time = `12:${String(counter++ % 60).padStart(2, '0')}`;
      return renderer.render(changing);
    });
    await median(`${kind}: renderPng, same screen (cached)`, () => renderer.render(frame));
  }

  console.log('\nnative resvg options (parse + render + its own asPng):');
  const paths = fontFiles();
  const base: ResvgRenderOptions = { font: { loadSystemFonts: false, fontFiles: [paths.regular, paths.bold], defaultFontFamily: FONT_FAMILY }, logLevel: 'off' };
  await median('native: parse only (text shaping)', () => new Resvg(svg, base));
  await median('native: render, default quality', () => new Resvg(svg, base).render());
  await median('native: render, optimizeSpeed shapes+text', () => new Resvg(svg, { ...base, shapeRendering: 0, textRendering: 0, imageRendering: 1 }).render());
  const image = new Resvg(svg, base).render();
  await median('native: resvg asPng()', () => image.asPng());
  await median('native: pixels copy to JS', () => image.pixels);

  const renderer = new ScreenRenderer();
  writeFileSync('/tmp/render-sample.png', await renderer.render(frame));
  writeFileSync('/tmp/render-signin.png', await renderer.render(signInFrame({ keyboard: true })));
  console.log('\nwrote /tmp/render-sample.png and /tmp/render-signin.png');
}

await main();
