import { test, expect } from '@playwright/test';
import type { LaidOutWindow } from '../types.js';
import { renderPng, RenderError } from './index.js';
import { appWindow, bounds, catalogueFrame, frame, node, PHONE, signInFrame } from './sample-frames.js';
import { ScreenPixels } from './screen-pixels.js';
import { palette } from './theme.js';

const light = palette(false);
const dark = palette(true);
const STATUS_BAR = bounds(0, 0, 1080, 63);

async function screen(...args: Parameters<typeof renderPng>): Promise<ScreenPixels> {
  return new ScreenPixels(await renderPng(...args));
}

test('the screenshot has the frame size, and a rotated frame gives a landscape PNG', async () => {
  const portrait = await screen(catalogueFrame());
  expect([portrait.width, portrait.height]).toEqual([1080, 2400]);
  const size = { width: 2400, height: 1080, density: 420 };
  const landscape = await screen(frame([appWindow([], size)], { size }));
  expect([landscape.width, landscape.height]).toEqual([2400, 1080]);
});

test('the status bar stands out from the app and shows the time and icons', async () => {
  const pixels = await screen(frame([appWindow([])]));
  expect(pixels.count(STATUS_BAR, light.background, 2)).toBe(0);
  const bar = toCss(pixels.at(540, 30));
  expect(pixels.ink(bounds(0, 0, 300, 63), bar)).toBeGreaterThan(300);
  expect(pixels.ink(bounds(900, 0, 1080, 63), bar)).toBeGreaterThan(200);
});

test('the status bar follows the toolbar colour beneath it', async () => {
  const pixels = await screen(catalogueFrame());
  const bar = pixels.at(540, 5);
  expect(bar.b).toBeGreaterThan(bar.g + 20);
});

test('the gesture pill is drawn at the bottom edge', async () => {
  const pixels = await screen(frame([appWindow([])]));
  expect(pixels.ink(bounds(400, 2337, 680, 2400), light.background)).toBeGreaterThan(1000);
  expect(pixels.ink(bounds(0, 2337, 300, 2400), light.background)).toBe(0);
});

test('a light theme app is white and a dark theme app is dark', async () => {
  const blank = bounds(100, 600, 1000, 1500);
  const lit = await screen(frame([appWindow([])]));
  const night = await screen(frame([appWindow([])], { darkTheme: true }));
  expect(lit.meanLuminance(blank)).toBeGreaterThan(0.9);
  expect(night.meanLuminance(blank)).toBeLessThan(0.05);
  expect(night.count(blank, dark.background, 2)).toBe(900 * 900);
});

test('an app background from the style fills its node', async () => {
  const pixels = await screen(frame([appWindow([node('android.view.View', bounds(0, 500, 1080, 900), { style: { background: '#00ff00' } })])]));
  expect(pixels.count(bounds(0, 500, 1080, 900), '#00ff00', 2)).toBe(1080 * 400);
});

test('a button shows its fill colour and its label', async () => {
  const pixels = await screen(signInFrame());
  const button = bounds(63, 1180, 1017, 1306);
  expect(pixels.count(button, light.primary)).toBeGreaterThan(80_000);
  expect(pixels.ink(bounds(300, 1180, 780, 1306), light.primary, 120)).toBeGreaterThan(500);
});

test('a button styled with its own colour uses it', async () => {
  const pixels = await screen(
    frame([appWindow([node('android.widget.Button', bounds(100, 500, 900, 626), { text: 'Buy', style: { background: '#e53935', color: '#ffffff' } })])]),
  );
  expect(pixels.count(bounds(100, 500, 900, 626), '#e53935')).toBeGreaterThan(60_000);
});

test('a disabled button is lighter than an enabled one', async () => {
  const pixels = await screen(signInFrame());
  const enabled = pixels.meanLuminance(bounds(63, 1180, 1017, 1306));
  const disabled = pixels.meanLuminance(bounds(63, 1340, 1017, 1466));
  expect(disabled).toBeGreaterThan(enabled + 0.2);
});

test('a dialog darkens the app and the bars beneath with its scrim, sits on a light card, and the clock stays legible', async () => {
  const dialog: LaidOutWindow = {
    kind: 'dialog',
    package: 'com.example.shop',
    scrim: true,
    root: node('android.widget.FrameLayout', bounds(63, 900, 1017, 1500), {
      children: [node('android.widget.TextView', bounds(126, 950, 954, 1050), { text: 'Delete this note?' })],
    }),
  };
  const plain = await screen(frame([appWindow([])]));
  const dimmed = await screen(frame([appWindow([]), dialog]));
  const outside = bounds(0, 300, 1080, 800);
  expect(dimmed.meanLuminance(outside)).toBeLessThan(plain.meanLuminance(outside) * 0.6);
  expect(dimmed.meanLuminance(bounds(100, 1300, 980, 1450))).toBeGreaterThan(0.8);
  expect(dimmed.ink(bounds(126, 950, 954, 1050), light.dialog)).toBeGreaterThan(500);
  expect(dimmed.meanLuminance(STATUS_BAR)).toBeLessThan(plain.meanLuminance(STATUS_BAR) * 0.6);
  expect(dimmed.ink(bounds(0, 0, 300, 63), toCss(dimmed.at(540, 30)))).toBeGreaterThan(300);
});

test('a dialog that paints its own rounded card gets no second card behind it', async () => {
  const card = bounds(63, 900, 1017, 1500);
  const dialog: LaidOutWindow = {
    kind: 'system-dialog',
    package: 'com.google.android.permissioncontroller',
    scrim: true,
    root: node('android.widget.FrameLayout', card, {
      children: [node('android.widget.LinearLayout', card, { style: { background: '#ffd8e4', radius: 28 } })],
    }),
  };
  const pixels = await screen(frame([appWindow([]), dialog]));
  expect(pixels.count(bounds(69, 924, 74, 930), light.dialog, 6)).toBe(0);
  expect(pixels.count(bounds(69, 924, 74, 930), '#ffd8e4', 6)).toBe(0);
  expect(pixels.count(bounds(300, 1100, 700, 1300), '#ffd8e4', 2)).toBe(400 * 200);
});

test('a popup without a scrim leaves the app undimmed', async () => {
  const menu: LaidOutWindow = { kind: 'dialog', package: 'com.example.shop', root: node('android.widget.ListView', bounds(600, 80, 1060, 500)) };
  const pixels = await screen(frame([appWindow([]), menu]));
  expect(pixels.meanLuminance(bounds(0, 600, 1080, 1500))).toBeGreaterThan(0.95);
  expect(pixels.count(bounds(620, 100, 1040, 480), light.dialog, 2)).toBeGreaterThan(150_000);
});

test('the soft keyboard is drawn as a panel of keys when its window is present', async () => {
  const keyboard = bounds(0, 1580, 1080, 2337);
  const without = await screen(signInFrame());
  const withKeys = await screen(signInFrame({ keyboard: true }));
  expect(without.count(keyboard, light.keyboard, 3)).toBe(0);
  expect(withKeys.count(keyboard, light.keyboard, 3)).toBeGreaterThan(100_000);
  expect(withKeys.count(keyboard, light.key, 3)).toBeGreaterThan(200_000);
  expect(withKeys.ink(bounds(0, 1700, 1080, 2337), light.key, 200)).toBeGreaterThan(20_000);
});

test('a toast is a dark pill with light text over the app', async () => {
  const toast: LaidOutWindow = {
    kind: 'toast',
    package: 'android',
    root: node('android.widget.Toast', bounds(240, 2000, 840, 2120), { text: 'Added to cart' }),
  };
  const pixels = await screen(frame([appWindow([]), toast]));
  expect(pixels.meanLuminance(bounds(260, 2010, 820, 2110))).toBeLessThan(0.3);
  expect(pixels.count(bounds(260, 2010, 820, 2110), '#ffffff', 30)).toBeGreaterThan(500);
});

test('a screen with a zero or absurd size is refused with an explanation', async () => {
  await expect(renderPng(frame([], { size: { width: 0, height: 2400, density: 420 } }))).rejects.toThrow(RenderError);
  await expect(renderPng(frame([], { size: { width: 1080, height: 100_000, density: 420 } }))).rejects.toThrow(/whole pixels from 1 to/);
});

test('windows are drawn even when the app left nodes outside the screen or empty', async () => {
  const pixels = await screen(
    frame([
      appWindow([
        node('android.widget.TextView', bounds(-500, -500, -100, -100), { text: 'off screen' }),
        node('android.widget.TextView', bounds(100, 500, 100, 600), { text: 'zero width' }),
        node('android.widget.TextView', bounds(100, 2300, 1200, 2600), { text: 'past the edge' }),
      ]),
    ]),
  );
  expect([pixels.width, pixels.height]).toEqual([PHONE.width, PHONE.height]);
});

function toCss(colour: { r: number; g: number; b: number }): string {
  return `rgb(${colour.r},${colour.g},${colour.b})`;
}
