import { test, expect } from '@playwright/test';
import { renderPng } from './index.js';
import { loadRasteriser } from './raster.js';
import { appWindow, frame, node } from './sample-frames.js';
import type { Bounds } from '../types.js';
import { ScreenPixels } from './screen-pixels.js';
import { frameToSvg } from './svg.js';
import { textWidth } from '../text-metrics.js';
import { escapeXml, fitLine, measure, wrapLines } from './text.js';
import { palette } from './theme.js';

const white = palette(false).background;
const HOSTILE = [
  '<script>alert("x")</script> & \'quotes\'',
  'Emoji 😀👍🏽 and flags 🇫🇷',
  '中文 日本語 한국어',
  'x'.repeat(10_000),
  'tab\tnewline\ncarriage\rnull\u0000bell\u0007 lone \ud800 surrogate \udfff end',
  ']]><!-- --><![CDATA[',
];

test('text renders ink inside its bounds and nothing outside them', async () => {
  const label = { left: 63, top: 400, right: 600, bottom: 500 };
  const pixels = new ScreenPixels(
    await renderPng(
      frame([
        appWindow([
          node('android.widget.TextView', label, { text: 'Hello, phone' }),
          node('android.widget.TextView', { left: 63, top: 600, right: 600, bottom: 700 }, { text: '' }),
        ]),
      ]),
    ),
  );
  expect(pixels.ink(label, white)).toBeGreaterThan(500);
  expect(pixels.ink({ left: 63, top: 600, right: 600, bottom: 700 }, white)).toBe(0);
  expect(pixels.ink({ left: 600, top: 380, right: 1080, bottom: 520 }, white)).toBe(0);
});

test('text too long for its box is cut with an ellipsis and stays inside the box', async () => {
  const narrow = { left: 63, top: 400, right: 400, bottom: 500 };
  const pixels = new ScreenPixels(
    await renderPng(
      frame([appWindow([node('android.widget.TextView', narrow, { text: 'A very long product name that cannot fit in this narrow column at all' })])]),
    ),
  );
  expect(pixels.ink(narrow, white)).toBeGreaterThan(500);
  expect(pixels.ink({ left: 400, top: 380, right: 1080, bottom: 520 }, white)).toBe(0);
  const svg = frameToSvg(
    frame([
      appWindow([node('android.widget.TextView', { left: 63, top: 400, right: 400, bottom: 460 }, { text: 'A very long product name that cannot fit' })]),
    ]),
  );
  expect(svg).toMatch(/>A very[^<]*…<\/text>/);
});

test('a tall text box wraps long text onto several lines', async () => {
  const tall = { left: 63, top: 400, right: 700, bottom: 700 };
  const pixels = new ScreenPixels(
    await renderPng(
      frame([appWindow([node('android.widget.TextView', tall, { text: 'Buy milk, eggs and bread on the way home, then call the bank about the card' })])]),
    ),
  );
  const rowsWithInk = [0, 1, 2, 3, 4, 5].filter((i) => pixels.ink({ left: 63, top: 400 + i * 50, right: 700, bottom: 450 + i * 50 }, white) > 50).length;
  expect(rowsWithInk).toBeGreaterThanOrEqual(4);
});

test('hostile text renders without breaking the screen', async () => {
  const nodes = HOSTILE.map((text, i) =>
    node('android.widget.TextView', { left: 63, top: 300 + i * 150, right: 1017, bottom: 420 + i * 150 }, { text, contentDesc: text }),
  );
  const png = await renderPng(
    frame([
      appWindow([
        ...nodes,
        node('android.widget.EditText', { left: 63, top: 1300, right: 1017, bottom: 1447 }, { text: HOSTILE[0], focused: true, password: true }),
        node('android.widget.Button', { left: 63, top: 1500, right: 1017, bottom: 1626 }, { text: HOSTILE[3] }),
      ]),
    ]),
  );
  const pixels = new ScreenPixels(png);
  expect([pixels.width, pixels.height]).toEqual([1080, 2400]);
  for (const text of nodes) expect(pixels.ink(text.bounds, white), JSON.stringify(text.text.slice(0, 20))).toBeGreaterThan(100);
});

test('escaped text is well-formed XML that resvg parses back to the same characters', async () => {
  const resvg = await loadRasteriser();
  for (const text of HOSTILE) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>${escapeXml(text)}</text><rect width="1" height="1"/></svg>`;
    expect(() => resvg.rasterise(svg)).not.toThrow();
  }
  expect(escapeXml('<a href="x">&\'</a>')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  expect(escapeXml('ok\u0000\u0008\ud800')).toBe('ok');
  expect(escapeXml('😀 中文')).toBe('😀 中文');
});

test('fitted lines never exceed their width and keep as much text as fits', () => {
  const style = { px: 40, bold: false };
  for (const width of [30, 100, 250, 600]) {
    const line = fitLine('Wireless headphones with noise cancelling', width, style);
    expect(measure(line, style)).toBeLessThanOrEqual(width);
  }
  expect(fitLine('OK', 600, style)).toBe('OK');
  expect(fitLine('Wireless headphones', 300, style)).toMatch(/^Wireless.*…$/);
  expect(fitLine('Anything', 5, style)).toBe('');
});

test('wrapped lines fit their width and the last one says more text was cut', () => {
  const style = { px: 40, bold: false };
  const lines = wrapLines('one two three four five six seven eight nine ten eleven twelve', { maxWidth: 300, maxLines: 3, style });
  expect(lines).toHaveLength(3);
  for (const line of lines) expect(measure(line, style)).toBeLessThanOrEqual(300);
  expect(lines[2].endsWith('…')).toBe(true);
  expect(wrapLines('short', { maxWidth: 300, maxLines: 3, style })).toEqual(['short']);
});

/** Leftmost and rightmost columns of the region that hold ink. */
function inkSpan(pixels: ScreenPixels, region: Bounds): { first: number; last: number } {
  let first = -1;
  let last = -1;
  for (let x = region.left; x < region.right; x++) {
    if (pixels.ink({ left: x, top: region.top, right: x + 1, bottom: region.bottom }, white) === 0) continue;
    if (first < 0) first = x;
    last = x;
  }
  return { first, last };
}

test('resvg draws a line as wide as the text metrics say, or a little narrower where letters kern', async () => {
  const px = 100;
  const words = 'Welcome back';
  const row = (top: number, text: string) =>
    node('android.widget.TextView', { left: 40, top, right: 1040, bottom: top + 150 }, { text, style: { fontSize: px / 2.625 } });
  const pixels = new ScreenPixels(await renderPng(frame([appWindow([row(400, `|${words}|`), row(700, '||')])])));
  const around = inkSpan(pixels, { left: 0, top: 400, right: 1080, bottom: 550 });
  const bars = inkSpan(pixels, { left: 0, top: 700, right: 1080, bottom: 850 });
  // The bars' side bearings cancel out: what is left is the advance of the words between them.
  const drawn = around.last - around.first - (bars.last - bars.first);
  const measured = textWidth(words, { px });
  expect(drawn).toBeLessThanOrEqual(measured + 1);
  expect(drawn).toBeGreaterThan(measured * 0.98);
});

test('a label in a box exactly as wide as its text is drawn whole, neither squeezed nor cut', () => {
  const cases = [
    { text: 'Welcome back', sp: 28, bold: true },
    { text: '$59.99', sp: 16, bold: true },
    { text: 'Accessories', sp: 14, bold: false },
  ];
  for (const c of cases) {
    const width = Math.ceil(textWidth(c.text, { px: c.sp * 2.625, bold: c.bold }));
    const svg = frameToSvg(
      frame([
        appWindow([
          node('android.widget.TextView', { left: 63, top: 400, right: 63 + width, bottom: 460 }, { text: c.text, style: { fontSize: c.sp, bold: c.bold } }),
        ]),
      ]),
    );
    expect(svg).toContain(`>${escapeXml(c.text)}</text>`);
    expect(svg).not.toContain('textLength');
  }
});

test('text is drawn inside the padding of its node', async () => {
  const label = { left: 63, top: 400, right: 1017, bottom: 560 };
  const pixels = new ScreenPixels(
    await renderPng(
      frame([
        appWindow([node('android.widget.TextView', label, { text: 'Wi-Fi', padding: { left: 200, top: 0, right: 0, bottom: 0 }, style: { fontSize: 20 } })]),
      ]),
    ),
  );
  expect(pixels.ink({ left: 63, top: 400, right: 263, bottom: 560 }, white)).toBe(0);
  expect(pixels.ink({ left: 263, top: 400, right: 700, bottom: 560 }, white)).toBeGreaterThan(300);
});

test('a node partly scrolled out of view is cut at the edge, not shortened with an ellipsis', async () => {
  const visible = { left: 800, top: 400, right: 1080, bottom: 520 };
  const chip = node('android.widget.TextView', visible, {
    text: 'Accessories',
    frame: { left: 800, top: 400, right: 1200, bottom: 520 },
    style: { fontSize: 20 },
  });
  const svg = frameToSvg(frame([appWindow([chip])]));
  expect(svg).toContain('>Accessories</text>');
  expect(svg).toContain('clip-path=');
  const pixels = new ScreenPixels(await renderPng(frame([appWindow([chip])])));
  expect(pixels.ink(visible, white)).toBeGreaterThan(300);
  expect(pixels.ink({ left: 700, top: 300, right: 800, bottom: 620 }, white)).toBe(0);
});
