// Prints how long each stage of drawing a typical screen takes. Not a test: run it by hand with
//   npm run build && node dist/src/sim/render/timings.js
import { writeFileSync } from 'node:fs';
import { ScreenRenderer } from './index.js';
import { encodePng } from './png.js';
import { loadRasteriser } from './raster.js';
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

  const rasteriser = await loadRasteriser();
  const pixels = rasteriser.rasterise(svg);
  await median('rasterise (parse + draw + pixels)', () => rasteriser.rasterise(svg));
  await median('encode PNG (ours, zlib level 1)', () => encodePng(pixels.data, pixels.width, pixels.height));
  let counter = 0;
  const changingRenderer = new ScreenRenderer({ cacheSize: 1 });
  await median('renderPng, new screen each time', () => {
    const changing = catalogueFrame();
    changing.statusBar.time = `12:${String(counter++ % 60).padStart(2, '0')}`;
    return changingRenderer.render(changing);
  });
  await median('renderPng, same screen (cached)', () => changingRenderer.render(frame));

  const renderer = new ScreenRenderer();
  writeFileSync('/tmp/render-sample.png', await renderer.render(frame));
  writeFileSync('/tmp/render-signin.png', await renderer.render(signInFrame({ keyboard: true })));
  console.log('\nwrote /tmp/render-sample.png and /tmp/render-signin.png');
}

await main();
