import { expect, test } from '@playwright/test';
import { pressActions, strokeActions, toPixels, toPoints } from './gestures.js';

test('a pixel on a 3× screen is a third of a point, kept to a hundredth; points come back as whole pixels', () => {
  expect(toPoints({ x: 600, y: 1200 }, 3)).toEqual({ x: 200, y: 400 });
  expect(toPoints({ x: 100, y: 1 }, 3)).toEqual({ x: 33.33, y: 0.33 });
  expect(toPixels(393, 3)).toBe(1179);
  expect(() => toPoints({ x: Number.NaN, y: 1 }, 3)).toThrow(TypeError);
});

test('a tap is one touch pointer put down at the point in points, held briefly and lifted', () => {
  const { actions } = pressActions({ x: 600, y: 1200 }, 3, 100);
  expect(actions).toHaveLength(1);
  expect(actions[0].parameters).toEqual({ pointerType: 'touch' });
  expect(actions[0].actions).toEqual([
    { type: 'pointerMove', duration: 0, x: 200, y: 400, origin: 'viewport' },
    { type: 'pointerDown', button: 0 },
    { type: 'pause', duration: 100 },
    { type: 'pointerUp', button: 0 },
  ]);
});

test('a swipe moves over its duration; a drag rests first so the item lifts', () => {
  const swipe = strokeActions({ from: { x: 900, y: 1500 }, to: { x: 150, y: 1500 }, scale: 3, durationMs: 300 }).actions[0].actions;
  expect(swipe.map((a) => a.type)).toEqual(['pointerMove', 'pointerDown', 'pointerMove', 'pointerUp']);
  expect(swipe[2]).toEqual({ type: 'pointerMove', duration: 300, x: 50, y: 500, origin: 'viewport' });
  const drag = strokeActions({ from: { x: 3, y: 3 }, to: { x: 30, y: 300 }, scale: 3, durationMs: 1000, holdMs: 600 }).actions[0].actions;
  expect(drag.map((a) => a.type)).toEqual(['pointerMove', 'pointerDown', 'pause', 'pointerMove', 'pointerUp']);
  expect(drag[2]).toEqual({ type: 'pause', duration: 600 });
});
