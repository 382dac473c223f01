import { test, expect } from '@playwright/test';
import type { LaidOutNode } from '../types.js';
import { ICON_NAMES } from './icons.js';
import { renderPng } from './index.js';
import { appWindow, frame, node } from './sample-frames.js';
import { ScreenPixels } from './screen-pixels.js';
import { palette } from './theme.js';

const light = palette(false);

async function draw(nodes: LaidOutNode[], options: { darkTheme?: boolean } = {}): Promise<ScreenPixels> {
  return new ScreenPixels(await renderPng(frame([appWindow(nodes)], options)));
}

test('a switch that is on shows the accent colour in its thumb, and off does not', async () => {
  const row = (top: number, checked: boolean): LaidOutNode =>
    node('android.widget.Switch', { left: 63, top, right: 1017, bottom: top + 126 }, { text: 'Wi-Fi', checkable: true, checked });
  const pixels = await draw([row(400, true), row(700, false)]);
  const thumbArea = (top: number) => ({ left: 880, top, right: 1017, bottom: top + 126 });
  expect(pixels.count(thumbArea(400), light.primary, 6)).toBeGreaterThan(800);
  expect(pixels.count(thumbArea(700), light.primary, 40)).toBe(0);
  expect(pixels.ink({ left: 63, top: 700, right: 800, bottom: 826 }, light.background)).toBeGreaterThan(300);
});

test('a switch that paints its own track gets a thumb at the end when on and at the start when off', async () => {
  const track = (top: number, checked: boolean): LaidOutNode =>
    node(
      'android.widget.Switch',
      { left: 800, top, right: 937, bottom: top + 84 },
      {
        checkable: true,
        checked,
        style: { background: checked ? '#0b57d0' : '#e1e2ec', color: checked ? '#ffffff' : '#46464f', radius: 16 },
      },
    );
  const pixels = await draw([track(400, true), track(700, false)]);
  // Thumb centres sit half the track's height in from either end: x 842 off, x 895 on.
  const spot = (top: number, end: boolean) => ({ left: end ? 880 : 827, top: top + 30, right: end ? 910 : 857, bottom: top + 54 });
  expect(pixels.count(spot(400, true), '#ffffff', 6)).toBe(30 * 24);
  expect(pixels.count(spot(400, false), '#ffffff', 6)).toBe(0);
  expect(pixels.count(spot(700, false), '#46464f', 6)).toBeGreaterThan(500);
  expect(pixels.count(spot(700, true), '#46464f', 6)).toBe(0);
  expect(pixels.count({ left: 800, top: 400, right: 937, bottom: 484 }, light.primary, 6)).toBe(0);
});

test('a checked box is filled with the accent colour and an unchecked one is only outlined', async () => {
  const box = (top: number, checked: boolean): LaidOutNode =>
    node('android.widget.CheckBox', { left: 63, top, right: 1017, bottom: top + 126 }, { text: 'Remember me', checkable: true, checked });
  const pixels = await draw([box(400, true), box(700, false)]);
  const mark = (top: number) => ({ left: 63, top, right: 130, bottom: top + 126 });
  expect(pixels.count(mark(400), light.primary, 6)).toBeGreaterThan(800);
  expect(pixels.count(mark(700), light.primary, 40)).toBe(0);
  expect(pixels.ink(mark(700), light.background)).toBeGreaterThan(200);
});

test('a radio button shows a dot only when checked', async () => {
  const radio = (top: number, checked: boolean): LaidOutNode =>
    node('android.widget.RadioButton', { left: 63, top, right: 1017, bottom: top + 126 }, { text: 'Express', checkable: true, checked });
  const pixels = await draw([radio(400, true), radio(700, false)]);
  const centre = (top: number) => ({ left: 80, top: top + 53, right: 100, bottom: top + 73 });
  expect(pixels.count(centre(400), light.primary, 6)).toBeGreaterThan(200);
  expect(pixels.ink(centre(700), light.background)).toBe(0);
});

test('a focused field has an accent underline and a caret after its text; an unfocused one has neither', async () => {
  const field = (top: number, focused: boolean): LaidOutNode =>
    node('android.widget.EditText', { left: 63, top, right: 1017, bottom: top + 147 }, { text: 'alice', focused, focusable: true });
  const pixels = await draw([field(400, true), field(700, false)]);
  const underline = (top: number) => ({ left: 63, top: top + 120, right: 1017, bottom: top + 147 });
  expect(pixels.count(underline(400), light.primary, 6)).toBeGreaterThan(2000);
  expect(pixels.count(underline(700), light.primary, 12)).toBe(0);
  const afterText = (top: number) => ({ left: 150, top: top + 20, right: 400, bottom: top + 120 });
  expect(pixels.count(afterText(400), light.primary, 6)).toBeGreaterThan(50);
  expect(pixels.count(afterText(700), light.primary, 12)).toBe(0);
});

test('hint text is grey, typed text is dark, and a password shows dots instead of letters', async () => {
  const pixels = await draw([
    node('android.widget.EditText', { left: 63, top: 400, right: 1017, bottom: 547 }, { text: 'Email', showingHint: true }),
    node('android.widget.EditText', { left: 63, top: 700, right: 1017, bottom: 847 }, { text: 'Email' }),
    node('android.widget.EditText', { left: 63, top: 1000, right: 1017, bottom: 1147 }, { text: 'WWWWWW', password: true }),
    node('android.widget.EditText', { left: 63, top: 1300, right: 1017, bottom: 1447 }, { text: 'WWWWWW' }),
  ]);
  const text = (top: number) => ({ left: 63, top, right: 1017, bottom: top + 110 });
  expect(pixels.count(text(400), light.hint, 30)).toBeGreaterThan(100);
  expect(pixels.count(text(400), light.onSurface, 30)).toBe(0);
  expect(pixels.count(text(700), light.onSurface, 30)).toBeGreaterThan(100);
  expect(pixels.ink(text(1000), light.background)).toBeGreaterThan(100);
  expect(pixels.ink(text(1000), light.background)).toBeLessThan(pixels.ink(text(1300), light.background) / 2);
});

test('every icon draws visible ink', async () => {
  const cells = ICON_NAMES.map((icon, i) => {
    const left = (i % 6) * 180;
    const top = 300 + Math.floor(i / 6) * 180;
    return node('android.widget.ImageView', { left, top, right: left + 147, bottom: top + 147 }, { style: { icon } });
  });
  const pixels = await draw(cells);
  for (const cell of cells) {
    expect(pixels.ink(cell.bounds, light.background), `icon ${cell.style?.icon}`).toBeGreaterThan(150);
  }
});

test('an icon button with no text and no description is still visible, even in the background colour', async () => {
  const pixels = await draw([
    node('android.widget.ImageButton', { left: 900, top: 2100, right: 1047, bottom: 2247 }, { clickable: true, style: { icon: 'add' } }),
    node('android.widget.ImageButton', { left: 700, top: 2100, right: 847, bottom: 2247 }, { clickable: true, style: { icon: 'edit', color: '#ffffff' } }),
    node('android.widget.ImageButton', { left: 500, top: 2100, right: 647, bottom: 2247 }, { clickable: true }),
  ]);
  expect(pixels.ink({ left: 900, top: 2100, right: 1047, bottom: 2247 }, light.background)).toBeGreaterThan(300);
  expect(pixels.ink({ left: 700, top: 2100, right: 847, bottom: 2247 }, light.background)).toBeGreaterThan(300);
  expect(pixels.ink({ left: 500, top: 2100, right: 647, bottom: 2247 }, light.background)).toBeGreaterThan(150);
});

test('a floating action button draws its round fill and a contrasting glyph', async () => {
  const pixels = await draw([
    node(
      'android.widget.ImageButton',
      { left: 850, top: 2000, right: 1018, bottom: 2168 },
      {
        clickable: true,
        style: { icon: 'add', background: '#6750a4', radius: 16, color: '#ffffff' },
      },
    ),
  ]);
  expect(pixels.count({ left: 850, top: 2000, right: 1018, bottom: 2168 }, '#6750a4', 6)).toBeGreaterThan(15_000);
  expect(pixels.count({ left: 850, top: 2000, right: 1018, bottom: 2168 }, '#ffffff', 20)).toBeGreaterThan(300);
});

test('the selected tab is underlined in the accent colour and the others are not', async () => {
  const tab = (left: number, text: string, selected: boolean): LaidOutNode =>
    node('android.widget.TextView', { left, top: 300, right: left + 360, bottom: 426 }, { text, selected, clickable: true });
  const pixels = await draw([
    node(
      'android.widget.LinearLayout',
      { left: 0, top: 300, right: 1080, bottom: 426 },
      {
        children: [tab(0, 'All', true), tab(360, 'Pinned', false), tab(720, 'Archive', false)],
      },
    ),
  ]);
  const underline = (left: number) => ({ left, top: 410, right: left + 360, bottom: 426 });
  expect(pixels.count(underline(0), light.primary, 6)).toBeGreaterThan(2000);
  expect(pixels.count(underline(360), light.primary, 40)).toBe(0);
  expect(pixels.count(underline(720), light.primary, 40)).toBe(0);
});

test('a progress bar shows a spinner in the accent colour', async () => {
  const pixels = await draw([node('android.widget.ProgressBar', { left: 440, top: 1000, right: 640, bottom: 1200 })]);
  expect(pixels.count({ left: 440, top: 1000, right: 640, bottom: 1200 }, light.primary, 10)).toBeGreaterThan(500);
});

test('text drawn in dark theme is light', async () => {
  const pixels = await draw([node('android.widget.TextView', { left: 63, top: 400, right: 1017, bottom: 500 }, { text: 'Settings' })], { darkTheme: true });
  expect(pixels.count({ left: 63, top: 400, right: 1017, bottom: 500 }, palette(true).onSurface, 30)).toBeGreaterThan(200);
});

test('a card cut by the edge of its list keeps its round corners on screen and is square and open at the cut', async () => {
  const card = node(
    'android.view.View',
    { left: 100, top: 400, right: 980, bottom: 600 },
    {
      frame: { left: 100, top: 400, right: 980, bottom: 800 },
      style: { background: '#ffd8e4', border: '#b00020', radius: 24 },
    },
  );
  const pixels = await draw([card]);
  // Top corners are rounded: the very corner pixel shows the window behind.
  expect(pixels.count({ left: 100, top: 400, right: 106, bottom: 406 }, light.background, 6)).toBeGreaterThan(20);
  // At the cut the fill reaches the corner, and no border runs along the cut edge.
  expect(pixels.count({ left: 112, top: 590, right: 118, bottom: 600 }, '#ffd8e4', 6)).toBe(60);
  expect(pixels.count({ left: 200, top: 590, right: 880, bottom: 600 }, '#b00020', 40)).toBe(0);
  expect(pixels.count({ left: 100, top: 500, right: 106, bottom: 600 }, '#b00020', 40)).toBeGreaterThan(150);
  expect(pixels.ink({ left: 100, top: 600, right: 980, bottom: 800 }, light.background)).toBe(0);
});
