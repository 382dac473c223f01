import { test, expect } from '@playwright/test';
import { PNG } from 'pngjs';
import { prepareRenderer, renderPng, ScreenRenderer } from './index.js';
import { encodePng } from './png.js';
import { loadRasteriser } from './raster.js';
import { catalogueFrame, signInFrame } from './sample-frames.js';
import { ScreenPixels } from './screen-pixels.js';

test('encoded PNGs decode to exactly the pixels given, as 8-bit RGBA', () => {
  const width = 7;
  const height = 5;
  const pixels = new Uint8Array(width * height * 4).map((_, i) => (i * 37) % 256);
  const png = encodePng(pixels, width, height);
  const decoded = PNG.sync.read(png);
  expect([decoded.width, decoded.height]).toEqual([width, height]);
  expect(Buffer.from(decoded.data).equals(Buffer.from(pixels))).toBe(true);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png[25]).toBe(6);
});

test('repeated rows survive the encoding exactly', () => {
  const width = 4;
  const height = 6;
  const pixels = new Uint8Array(width * height * 4);
  pixels.fill(200, 0, width * 4 * 3);
  pixels.fill(17, width * 4 * 3);
  pixels[width * 4 * 5 + 2] = 99;
  const decoded = PNG.sync.read(encodePng(pixels, width, height));
  expect(Buffer.from(decoded.data).equals(Buffer.from(pixels))).toBe(true);
});

test('one frame gives the same bytes every time, and a changed frame gives a different picture', async () => {
  const first = await renderPng(catalogueFrame());
  const again = await renderPng(catalogueFrame());
  expect(again.equals(first)).toBe(true);
  const later = catalogueFrame();
  later.statusBar.time = '12:31';
  expect((await renderPng(later)).equals(first)).toBe(false);
});

test('the native resvg draws the same screen as the default renderer', async () => {
  const native = new ScreenPixels(await new ScreenRenderer({ rasteriser: 'native' }).render(signInFrame({ keyboard: true })));
  const chosen = new ScreenPixels(await renderPng(signInFrame({ keyboard: true })));
  expect([native.width, native.height]).toEqual([chosen.width, chosen.height]);
  let differing = 0;
  for (let y = 0; y < native.height; y += 3) {
    for (let x = 0; x < native.width; x += 3) {
      const a = native.at(x, y);
      const b = chosen.at(x, y);
      if (Math.abs(a.r - b.r) + Math.abs(a.g - b.g) + Math.abs(a.b - b.b) > 30) differing++;
    }
  }
  expect(differing).toBeLessThan(50);
});

test('asking for the WebAssembly renderer either works or says how to install it', async () => {
  const outcome = await loadRasteriser('wasm').then((r) => r.kind, (error: Error) => error.message);
  expect(['wasm', 'The @resvg/resvg-wasm package is not installed: run npm install @resvg/resvg-wasm, or use the native renderer.']).toContain(outcome);
});

test('a prepared renderer still draws what it is given', async () => {
  await prepareRenderer();
  const pixels = new ScreenPixels(await renderPng(signInFrame()));
  expect(pixels.count({ left: 63, top: 1180, right: 1017, bottom: 1306 }, '#6750a4')).toBeGreaterThan(80_000);
});
