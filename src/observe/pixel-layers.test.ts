import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { OcrEngineError, OcrInputError, OcrUnavailable, type OcrResult } from './ocr/index.js';
import { OcrFailed, ScreenshotCorrupt } from './pixel-errors.js';
import { withPixelLayers, type TextReader } from './pixel-layers.js';
import type { Screen } from './screen-types.js';

// A screen whose tree names none of its elements needs its pixels read; what goes wrong there (the
// screenshot is no image, the OCR fails) is a typed error that names the device and says what to do.

const tree: Screen = {
  width: 108,
  height: 240,
  rotation: 0,
  foreground: { package: 'com.example.canvas', activity: '.MainActivity' },
  windows: [{ kind: 'app', package: 'com.example.canvas', bounds: { left: 0, top: 0, right: 108, bottom: 240 }, hiddenElements: 0 }],
  elements: [
    { ref: 'e1', role: 'image', label: '', bounds: { left: 0, top: 0, right: 108, bottom: 240 }, states: [], window: 0, className: '', resourceId: '' },
  ],
  nodeCount: 1,
  skippedNodes: 0,
};

function blackPng(): Buffer {
  const png = new PNG({ width: 108, height: 240 });
  png.data.fill(0);
  for (let i = 3; i < png.data.length; i += 4) png.data[i] = 255;
  return PNG.sync.write(png);
}

/** A reader that fails as `error`, counting its reads. */
function failing(error: Error): TextReader & { reads: number } {
  return {
    reads: 0,
    read(): Promise<OcrResult> {
      this.reads++;
      return Promise.reject(error);
    },
  };
}

const layers = (screenshot: Buffer, reader: TextReader) => withPixelLayers({ tree, build: () => tree, screenshot, source: 'emulator-5554' }, { reader });

test('an empty screenshot is ScreenshotCorrupt naming the device and the 0 bytes, and the OCR is not asked', async () => {
  const reader = failing(new Error('not asked'));
  const read = layers(Buffer.alloc(0), reader);
  await expect(read).rejects.toBeInstanceOf(ScreenshotCorrupt);
  await expect(read).rejects.toThrow(
    'the screenshot from emulator-5554 is not a PNG (0 bytes), so the text its tree leaves out could not be read: take it again with the display on and check that it opens as an image',
  );
  expect(reader.reads).toBe(0);
});

test('bytes that are not a PNG are ScreenshotCorrupt saying how many and what the decoder found', async () => {
  const read = layers(Buffer.from('not a png at all'), failing(new Error('not asked')));
  await expect(read).rejects.toBeInstanceOf(ScreenshotCorrupt);
  await expect(read).rejects.toThrow(
    /^the screenshot from emulator-5554 is not a PNG \(16 bytes: it starts 6e 6f 74 20 61 20 70 6e, not with the PNG signature 89 50 4e 47\), so /,
  );
  // Cut short: the decoder's own complaint is kept.
  await expect(layers(blackPng().subarray(0, 60), failing(new Error('not asked')))).rejects.toThrow(/is not a PNG \(60 bytes: .+\)/);
});

test('an OCR that failed is OcrFailed naming OCR, the device and what to do; one that found the image unreadable is ScreenshotCorrupt', async () => {
  const died = layers(blackPng(), failing(new OcrEngineError('the OCR worker thread exited (code 1)')));
  await expect(died).rejects.toBeInstanceOf(OcrFailed);
  await expect(died).rejects.toThrow(
    /^OCR could not read the screen of emulator-5554: the OCR worker thread exited \(code 1\); the next look starts a new OCR worker, so run the step again; .*use: \{ ocr: false \}/,
  );
  const unreadable = layers(blackPng(), failing(new OcrInputError('the screenshot given to the OCR decodes to 2 channels, not RGB')));
  await expect(unreadable).rejects.toBeInstanceOf(ScreenshotCorrupt);
  await expect(unreadable).rejects.toThrow(/decodes to 2 channels/);
});

test('an OCR that is not installed is no failure: the tree is the screen, with the reason why', async () => {
  const read = await layers(blackPng(), failing(new OcrUnavailable('OCR needs tesseract.js')));
  expect(read.screen).toBe(tree);
  expect(read.unavailable).toBe('OCR needs tesseract.js');
});
