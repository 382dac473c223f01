import { test, expect } from '@playwright/test';
import { fontMetrics, lineHeight, measureText, textWidth, wrapText } from './text-metrics.js';

test('advances come from DejaVu Sans: letters differ, bold runs wider, missing and control characters are accounted for', () => {
  const regular = fontMetrics(false);
  expect(regular.has(0x57)).toBe(true);
  expect(textWidth('W', { px: 100 })).toBeGreaterThan(textWidth('i', { px: 100 }) * 2.5);
  expect(textWidth('Welcome back', { px: 40, bold: true })).toBeGreaterThan(textWidth('Welcome back', { px: 40 }));
  expect(textWidth('abc', { px: 30 })).toBeCloseTo(textWidth('abc', { px: 10 }) * 3, 6);
  // Characters never drawn take no room; a tab is as wide as the space it is drawn as.
  expect(textWidth('a\u0000b\u0007', { px: 20 })).toBe(textWidth('ab', { px: 20 }));
  expect(textWidth('\t', { px: 20 })).toBe(textWidth(' ', { px: 20 }));
  // Ideographs DejaVu lacks count as a full em, as the fallback font draws them.
  expect(regular.has(0x4e2d)).toBe(false);
  expect(textWidth('中文', { px: 20 })).toBe(40);
});

test('wrapped lines each fit the width, break at spaces, and break inside a word only when it is too long alone', () => {
  const font = { px: 40 };
  const lines = wrapText('Buy milk, eggs and bread on the way home', 300, font);
  expect(lines.length).toBeGreaterThan(1);
  for (const line of lines) expect(textWidth(line, font)).toBeLessThanOrEqual(300);
  expect(lines.join(' ')).toBe('Buy milk, eggs and bread on the way home');
  const long = wrapText('Supercalifragilisticexpialidocious', 200, font);
  expect(long.length).toBeGreaterThan(1);
  expect(long.join('')).toBe('Supercalifragilisticexpialidocious');
  expect(wrapText('one\r\ntwo\nthree', Infinity, font)).toEqual(['one', 'two', 'three']);
});

test('a measured block is whole pixels that hold its widest line and all its lines', () => {
  const font = { px: 37, bold: true };
  const block = measureText('Forgot password? Reset it here', { font, maxWidth: 400 });
  expect(Number.isInteger(block.width)).toBe(true);
  for (const line of block.lines) expect(textWidth(line, font)).toBeLessThanOrEqual(block.width);
  expect(block.width).toBeLessThanOrEqual(400);
  expect(block.height).toBe(Math.ceil(block.lines.length * lineHeight(font)));
  expect(measureText('Hi', { font, maxWidth: Infinity }).width).toBe(Math.ceil(textWidth('Hi', font)));
});
