import { expect, test } from '@playwright/test';
import { groupLines, mergeWords } from './merge.js';
import type { OcrWord } from './types.js';

const word = (text: string, at: { left: number; top: number; width?: number; confidence?: number; source?: OcrWord['source'] }): OcrWord => ({
  text,
  confidence: at.confidence ?? 90,
  bounds: { left: at.left, top: at.top, right: at.left + (at.width ?? 100), bottom: at.top + 40 },
  source: at.source ?? 'screen',
});

test('a word read by both passes is kept once, the more confident; weak words and marks are dropped', () => {
  const merged = mergeWords(
    [
      word('Stort', { left: 100, top: 500, confidence: 71 }),
      word('Start', { left: 104, top: 502, confidence: 93, source: 'region' }),
      word('score', { left: 100, top: 300, confidence: 59 }),
      word('|', { left: 400, top: 300, width: 6, confidence: 95 }),
      word('Play', { left: 100, top: 100 }),
    ],
    60,
  );
  expect(merged.map((w) => `${w.text} ${w.source}`)).toEqual(['Play screen', 'Start region']);
});

test('words on one band with small gaps form a line; a far word or another band starts a new one', () => {
  const lines = groupLines([
    word('12,450', { left: 380, top: 104 }),
    word('High', { left: 100, top: 100, width: 120 }),
    word('score', { left: 240, top: 108, width: 120 }),
    word('Menu', { left: 900, top: 100 }),
    word('Start', { left: 100, top: 300 }),
  ]);
  expect(lines.map((l) => l.text)).toEqual(['High score 12,450', 'Menu', 'Start']);
  expect(lines[0].bounds).toEqual({ left: 100, top: 100, right: 480, bottom: 148 });
});
