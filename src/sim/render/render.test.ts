import { test, expect } from '@playwright/test';
import type { LaidOutWindow } from '../types.js';
import { renderPng, RenderError } from './index.js';
import { appWindow, catalogueFrame, frame, node, PHONE, signInFrame } from './sample-frames.js';
import { ScreenPixels } from './screen-pixels.js';
import { palette } from './theme.js';

const light = palette(false);
const dark = palette(true);
const STATUS_BAR = { left: 0, top: 0, right: 1080, bottom: 63 };

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
  expect(pixels.ink({ left: 0, top: 0, right: 300, bottom: 63 }, bar)).toBeGreaterThan(300);
  expect(pixels.ink({ left: 900, top: 0, right: 1080, bottom: 63 }, bar)).toBeGreaterThan(200);
});

test('the status bar follows the toolbar colour beneath it', async () => {
  const pixels = await screen(catalogueFrame());
  const bar = pixels.at(540, 5);
  expect(bar.b).toBeGreaterThan(bar.g + 20);
});

test('the gesture pill is drawn at the bottom edge', async () => {
  const pixels = await screen(frame([appWindow([])]));
  expect(pixels.ink({ left: 400, top: 2337, right: 680, bottom: 2400 }, light.background)).toBeGreaterThan(1000);
  expect(pixels.ink({ left: 0, top: 2337, right: 300, bottom: 2400 }, light.background)).toBe(0);
});

test('a light theme app is white and a dark theme app is dark', async () => {
  const blank = { left: 100, top: 600, right: 1000, bottom: 1500 };
  const lit = await screen(frame([appWindow([])]));
  const night = await screen(frame([appWindow([])], { darkTheme: true }));
  expect(lit.meanLuminance(blank)).toBeGreaterThan(0.9);
  expect(night.meanLuminance(blank)).toBeLessThan(0.05);
  expect(night.count(blank, dark.background, 2)).toBe(900 * 900);
});

test('an app background from the style fills its node', async () => {
  const pixels = await screen(
    frame([appWindow([node('android.view.View', { left: 0, top: 500, right: 1080, bottom: 900 }, { style: { background: '#00ff00' } })])]),
  );
  expect(pixels.count({ left: 0, top: 500, right: 1080, bottom: 900 }, '#00ff00', 2)).toBe(1080 * 400);
});

test('a button shows its fill colour and its label', async () => {
  const pixels = await screen(signInFrame());
  const button = { left: 63, top: 1180, right: 1017, bottom: 1306 };
  expect(pixels.count(button, light.primary)).toBeGreaterThan(80_000);
  expect(pixels.ink({ left: 300, top: 1180, right: 780, bottom: 1306 }, light.primary, 120)).toBeGreaterThan(500);
});

test('a button styled with its own colour uses it', async () => {
  const pixels = await screen(
    frame([
      appWindow([
        node('android.widget.Button', { left: 100, top: 500, right: 900, bottom: 626 }, { text: 'Buy', style: { background: '#e53935', color: '#ffffff' } }),
      ]),
    ]),
  );
  expect(pixels.count({ left: 100, top: 500, right: 900, bottom: 626 }, '#e53935')).toBeGreaterThan(60_000);
});

test('a disabled button is lighter than an enabled one', async () => {
  const pixels = await screen(signInFrame());
  const enabled = pixels.meanLuminance({ left: 63, top: 1180, right: 1017, bottom: 1306 });
  const disabled = pixels.meanLuminance({ left: 63, top: 1340, right: 1017, bottom: 1466 });
  expect(disabled).toBeGreaterThan(enabled + 0.2);
});

test('a dialog darkens the app and the bars beneath with its scrim, sits on a light card, and the clock stays legible', async () => {
  const dialog: LaidOutWindow = {
    kind: 'dialog',
    package: 'com.example.shop',
    scrim: true,
    root: node(
      'android.widget.FrameLayout',
      { left: 63, top: 900, right: 1017, bottom: 1500 },
      {
        children: [node('android.widget.TextView', { left: 126, top: 950, right: 954, bottom: 1050 }, { text: 'Delete this note?' })],
      },
    ),
  };
  const plain = await screen(frame([appWindow([])]));
  const dimmed = await screen(frame([appWindow([]), dialog]));
  const outside = { left: 0, top: 300, right: 1080, bottom: 800 };
  expect(dimmed.meanLuminance(outside)).toBeLessThan(plain.meanLuminance(outside) * 0.6);
  expect(dimmed.meanLuminance({ left: 100, top: 1300, right: 980, bottom: 1450 })).toBeGreaterThan(0.8);
  expect(dimmed.ink({ left: 126, top: 950, right: 954, bottom: 1050 }, light.dialog)).toBeGreaterThan(500);
  expect(dimmed.meanLuminance(STATUS_BAR)).toBeLessThan(plain.meanLuminance(STATUS_BAR) * 0.6);
  expect(dimmed.ink({ left: 0, top: 0, right: 300, bottom: 63 }, toCss(dimmed.at(540, 30)))).toBeGreaterThan(300);
});

test('a dialog that paints its own rounded card gets no second card behind it', async () => {
  const card = { left: 63, top: 900, right: 1017, bottom: 1500 };
  const dialog: LaidOutWindow = {
    kind: 'system-dialog',
    package: 'com.google.android.permissioncontroller',
    scrim: true,
    root: node('android.widget.FrameLayout', card, {
      children: [node('android.widget.LinearLayout', card, { style: { background: '#ffd8e4', radius: 28 } })],
    }),
  };
  const pixels = await screen(frame([appWindow([]), dialog]));
  expect(pixels.count({ left: 69, top: 924, right: 74, bottom: 930 }, light.dialog, 6)).toBe(0);
  expect(pixels.count({ left: 69, top: 924, right: 74, bottom: 930 }, '#ffd8e4', 6)).toBe(0);
  expect(pixels.count({ left: 300, top: 1100, right: 700, bottom: 1300 }, '#ffd8e4', 2)).toBe(400 * 200);
});

test('a popup without a scrim leaves the app undimmed', async () => {
  const menu: LaidOutWindow = {
    kind: 'dialog',
    package: 'com.example.shop',
    root: node('android.widget.ListView', { left: 600, top: 80, right: 1060, bottom: 500 }),
  };
  const pixels = await screen(frame([appWindow([]), menu]));
  expect(pixels.meanLuminance({ left: 0, top: 600, right: 1080, bottom: 1500 })).toBeGreaterThan(0.95);
  expect(pixels.count({ left: 620, top: 100, right: 1040, bottom: 480 }, light.dialog, 2)).toBeGreaterThan(150_000);
});

test('the soft keyboard is drawn as a panel of keys when its window is present', async () => {
  const keyboard = { left: 0, top: 1580, right: 1080, bottom: 2337 };
  const without = await screen(signInFrame());
  const withKeys = await screen(signInFrame({ keyboard: true }));
  expect(without.count(keyboard, light.keyboard, 3)).toBe(0);
  expect(withKeys.count(keyboard, light.keyboard, 3)).toBeGreaterThan(100_000);
  expect(withKeys.count(keyboard, light.key, 3)).toBeGreaterThan(200_000);
  expect(withKeys.ink({ left: 0, top: 1700, right: 1080, bottom: 2337 }, light.key, 200)).toBeGreaterThan(20_000);
});

test('a toast is a dark pill with light text over the app', async () => {
  const toast: LaidOutWindow = {
    kind: 'toast',
    package: 'android',
    root: node('android.widget.Toast', { left: 240, top: 2000, right: 840, bottom: 2120 }, { text: 'Added to cart' }),
  };
  const pixels = await screen(frame([appWindow([]), toast]));
  expect(pixels.meanLuminance({ left: 260, top: 2010, right: 820, bottom: 2110 })).toBeLessThan(0.3);
  expect(pixels.count({ left: 260, top: 2010, right: 820, bottom: 2110 }, '#ffffff', 30)).toBeGreaterThan(500);
});

test('a screen with a zero or absurd size is refused with an explanation', async () => {
  await expect(renderPng(frame([], { size: { width: 0, height: 2400, density: 420 } }))).rejects.toThrow(RenderError);
  await expect(renderPng(frame([], { size: { width: 1080, height: 100_000, density: 420 } }))).rejects.toThrow(/whole pixels from 1 to/);
});

test('windows are drawn even when the app left nodes outside the screen or empty', async () => {
  const pixels = await screen(
    frame([
      appWindow([
        node('android.widget.TextView', { left: -500, top: -500, right: -100, bottom: -100 }, { text: 'off screen' }),
        node('android.widget.TextView', { left: 100, top: 500, right: 100, bottom: 600 }, { text: 'zero width' }),
        node('android.widget.TextView', { left: 100, top: 2300, right: 1200, bottom: 2600 }, { text: 'past the edge' }),
      ]),
    ]),
  );
  expect([pixels.width, pixels.height]).toEqual([PHONE.width, PHONE.height]);
});

function toCss(colour: { r: number; g: number; b: number }): string {
  return `rgb(${colour.r},${colour.g},${colour.b})`;
}
