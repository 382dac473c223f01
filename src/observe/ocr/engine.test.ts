import { expect, test } from '@playwright/test';
import { blankScreen, drawScreen, gameStartScreen, greyedButtonScreen, label, matchWords, settingsScreen, type DrawnScreen } from '../testing/ocr-screens.js';
import { killOcrDuringNextRead, killOcrThread } from '../testing/ocr-faults.js';
import { OcrEngine } from './engine.js';
import { OcrEngineError } from './engine-error.js';
import { OcrInputError } from './input-error.js';

let engine: OcrEngine;

test.beforeAll(() => {
  engine = new OcrEngine();
});

test.afterAll(async () => {
  await engine.close();
});

/** The drawn words the engine did not read, each where it was drawn. */
async function missed(drawn: DrawnScreen): Promise<string[]> {
  return missedBy(engine, drawn);
}

async function missedBy(reader: OcrEngine, drawn: DrawnScreen): Promise<string[]> {
  const result = await reader.read(drawn.png);
  return matchWords(drawn.words, result.words)
    .filter((m) => !m.read)
    .map((m) => m.drawn.text);
}

test('reads every word of a dark game start screen where it was drawn, the white on green button included', async () => {
  const drawn = await drawScreen(gameStartScreen());
  const result = await engine.read(drawn.png);
  const matches = matchWords(drawn.words, result.words);
  expect(matches.filter((m) => !m.read).map((m) => m.drawn.text)).toEqual([]);
  for (const m of matches) expect(m.iou, m.drawn.text).toBeGreaterThan(0.5);
  expect(result.lines.map((l) => l.text)).toEqual(['GALAXY RUN', 'High score 12,450', 'Start', 'Settings']);
  expect(result.cached).toBe(false);
});

test('reads a light settings list and a greyed low-contrast button', async () => {
  expect(await missed(await drawScreen(settingsScreen()))).toEqual([]);
  expect(await missed(await drawScreen(greyedButtonScreen()))).toEqual([]);
});

test('reads nothing on a blank screen, and never reads the same frame twice', async () => {
  const blank = await drawScreen(blankScreen());
  expect((await engine.read(blank.png)).words).toEqual([]);

  const drawn = await drawScreen(greyedButtonScreen());
  const first = await engine.read(drawn.png);
  const again = await engine.read(Buffer.from(drawn.png));
  expect(again.cached).toBe(true);
  expect(again.words).toEqual(first.words);
});

test('reads the regions it is given alone: text too small for the whole-screen pass', async () => {
  const chip = { left: 400, top: 600, right: 680, bottom: 660 };
  const drawn = await drawScreen({
    width: 1080,
    height: 2400,
    background: '#ffffff',
    boxes: [{ ...chip, fill: '#3c4043', radius: 30 }],
    lines: [label(chip, { text: 'Skip intro', px: 14, colour: '#e8eaed' })],
  });
  const result = await engine.read(drawn.png, { regions: [chip] });
  const matches = matchWords(drawn.words, result.words);
  expect(matches.map((m) => m.read?.text)).toEqual(['Skip', 'intro']);
  expect(result.words.map((w) => w.source)).toEqual(['region', 'region']);
  expect(result.words.every((w) => w.bounds.left >= chip.left && w.bounds.right <= chip.right)).toBe(true);
});

test('a file that is not a PNG is an OcrInputError saying what is wrong and its size', async () => {
  const png = (await drawScreen(blankScreen())).png;
  await expect(engine.read(Buffer.alloc(0))).rejects.toThrow(new OcrInputError('the screenshot given to the OCR is empty (0 bytes)'));
  const truncated = engine.read(png.subarray(0, 60));
  await expect(truncated).rejects.toBeInstanceOf(OcrInputError);
  await expect(truncated).rejects.toThrow(/\(60 bytes\) is not a readable image/);
  await expect(engine.read(Buffer.from('not a png at all'))).rejects.toThrow(/\(16 bytes\) is not a readable image/);
});

test('a worker thread that dies in the middle of a read fails that read with OcrEngineError; the next read starts a new worker and reads', async () => {
  const own = new OcrEngine();
  try {
    await own.read((await drawScreen(blankScreen())).png);
    await killOcrDuringNextRead(own);
    const drawn = await drawScreen(greyedButtonScreen());
    const failed = own.read(drawn.png);
    await expect(failed).rejects.toBeInstanceOf(OcrEngineError);
    await expect(failed).rejects.toThrow(/^the OCR worker thread exited \(code 1\)$/);
    expect(await missedBy(own, drawn)).toEqual([]);
  } finally {
    await own.close();
  }
});

test('a worker thread that died between reads is replaced before the next read, which does not fail', async () => {
  const own = new OcrEngine();
  try {
    await own.read((await drawScreen(blankScreen())).png);
    await killOcrThread(own);
    expect(await missedBy(own, await drawScreen(greyedButtonScreen()))).toEqual([]);
  } finally {
    await own.close();
  }
});
