import { test, expect } from '@playwright/test';
import { PNG } from 'pngjs';
import { prepareRenderer, renderPng } from './index.js';
import { encodePng } from './png.js';
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

test('screens drawn at the same time all come back whole', async () => {
  const frames = [0, 1, 2, 3].map((i) => {
    const f = catalogueFrame();
    f.statusBar.time = `9:0${i}`;
    return f;
  });
  const together = await Promise.all([...frames, ...frames].map((f) => renderPng(f)));
  for (let i = 0; i < frames.length; i++) {
    expect(together[i + frames.length].equals(together[i])).toBe(true);
    expect(PNG.sync.read(together[i]).width).toBe(1080);
  }
  expect(new Set(together.map((png) => png.toString('base64'))).size).toBe(frames.length);
});

test('a prepared renderer still draws what it is given', async () => {
  await prepareRenderer();
  const pixels = new ScreenPixels(await renderPng(signInFrame()));
  expect(pixels.count({ left: 63, top: 1180, right: 1017, bottom: 1306 }, '#6750a4')).toBeGreaterThan(80_000);
});
