import { test, expect } from '@playwright/test';
import type { LaidOutNode } from '../types.js';
import { ICON_NAMES } from './icons.js';
import { renderPng } from './index.js';
import { appWindow, bounds, frame, node } from './sample-frames.js';
import { ScreenPixels } from './screen-pixels.js';
import { palette } from './theme.js';

const light = palette(false);

async function draw(nodes: LaidOutNode[], options: { darkTheme?: boolean } = {}): Promise<ScreenPixels> {
  return new ScreenPixels(await renderPng(frame([appWindow(nodes)], options)));
}

test('a switch that is on shows the accent colour in its thumb, and off does not', async () => {
  const row = (top: number, checked: boolean): LaidOutNode =>
    node('android.widget.Switch', bounds(63, top, 1017, top + 126), { text: 'Wi-Fi', checkable: true, checked });
  const pixels = await draw([row(400, true), row(700, false)]);
  const thumbArea = (top: number) => bounds(880, top, 1017, top + 126);
  expect(pixels.count(thumbArea(400), light.primary, 6)).toBeGreaterThan(800);
  expect(pixels.count(thumbArea(700), light.primary, 40)).toBe(0);
  expect(pixels.ink(bounds(63, 700, 800, 826), light.background)).toBeGreaterThan(300);
});

test('a switch that paints its own track gets a thumb at the end when on and at the start when off', async () => {
  const track = (top: number, checked: boolean): LaidOutNode =>
    node('android.widget.Switch', bounds(800, top, 937, top + 84), {
      checkable: true,
      checked,
      style: { background: checked ? '#0b57d0' : '#e1e2ec', color: checked ? '#ffffff' : '#46464f', radius: 16 },
    });
  const pixels = await draw([track(400, true), track(700, false)]);
  // Thumb centres sit half the track's height in from either end: x 842 off, x 895 on.
  const spot = (top: number, end: boolean) => bounds(end ? 880 : 827, top + 30, end ? 910 : 857, top + 54);
  expect(pixels.count(spot(400, true), '#ffffff', 6)).toBe(30 * 24);
  expect(pixels.count(spot(400, false), '#ffffff', 6)).toBe(0);
  expect(pixels.count(spot(700, false), '#46464f', 6)).toBeGreaterThan(500);
  expect(pixels.count(spot(700, true), '#46464f', 6)).toBe(0);
  expect(pixels.count(bounds(800, 400, 937, 484), light.primary, 6)).toBe(0);
});

test('a checked box is filled with the accent colour and an unchecked one is only outlined', async () => {
  const box = (top: number, checked: boolean): LaidOutNode =>
    node('android.widget.CheckBox', bounds(63, top, 1017, top + 126), { text: 'Remember me', checkable: true, checked });
  const pixels = await draw([box(400, true), box(700, false)]);
  const mark = (top: number) => bounds(63, top, 130, top + 126);
  expect(pixels.count(mark(400), light.primary, 6)).toBeGreaterThan(800);
  expect(pixels.count(mark(700), light.primary, 40)).toBe(0);
  expect(pixels.ink(mark(700), light.background)).toBeGreaterThan(200);
});

test('a radio button shows a dot only when checked', async () => {
  const radio = (top: number, checked: boolean): LaidOutNode =>
    node('android.widget.RadioButton', bounds(63, top, 1017, top + 126), { text: 'Express', checkable: true, checked });
  const pixels = await draw([radio(400, true), radio(700, false)]);
  const centre = (top: number) => bounds(80, top + 53, 100, top + 73);
  expect(pixels.count(centre(400), light.primary, 6)).toBeGreaterThan(200);
  expect(pixels.ink(centre(700), light.background)).toBe(0);
});

test('a focused field has an accent underline and a caret after its text; an unfocused one has neither', async () => {
  const field = (top: number, focused: boolean): LaidOutNode =>
    node('android.widget.EditText', bounds(63, top, 1017, top + 147), { text: 'alice', focused, focusable: true });
  const pixels = await draw([field(400, true), field(700, false)]);
  const underline = (top: number) => bounds(63, top + 120, 1017, top + 147);
  expect(pixels.count(underline(400), light.primary, 6)).toBeGreaterThan(2000);
  expect(pixels.count(underline(700), light.primary, 12)).toBe(0);
  const afterText = (top: number) => bounds(150, top + 20, 400, top + 120);
  expect(pixels.count(afterText(400), light.primary, 6)).toBeGreaterThan(50);
  expect(pixels.count(afterText(700), light.primary, 12)).toBe(0);
});

test('hint text is grey, typed text is dark, and a password shows dots instead of letters', async () => {
  const pixels = await draw([
    node('android.widget.EditText', bounds(63, 400, 1017, 547), { text: 'Email', showingHint: true }),
    node('android.widget.EditText', bounds(63, 700, 1017, 847), { text: 'Email' }),
    node('android.widget.EditText', bounds(63, 1000, 1017, 1147), { text: 'WWWWWW', password: true }),
    node('android.widget.EditText', bounds(63, 1300, 1017, 1447), { text: 'WWWWWW' }),
  ]);
  const text = (top: number) => bounds(63, top, 1017, top + 110);
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
    return node('android.widget.ImageView', bounds(left, top, left + 147, top + 147), { style: { icon } });
  });
  const pixels = await draw(cells);
  for (const cell of cells) {
    expect(pixels.ink(cell.bounds, light.background), `icon ${cell.style?.icon}`).toBeGreaterThan(150);
  }
});

test('an icon button with no text and no description is still visible, even in the background colour', async () => {
  const pixels = await draw([
    node('android.widget.ImageButton', bounds(900, 2100, 1047, 2247), { clickable: true, style: { icon: 'add' } }),
    node('android.widget.ImageButton', bounds(700, 2100, 847, 2247), { clickable: true, style: { icon: 'edit', color: '#ffffff' } }),
    node('android.widget.ImageButton', bounds(500, 2100, 647, 2247), { clickable: true }),
  ]);
  expect(pixels.ink(bounds(900, 2100, 1047, 2247), light.background)).toBeGreaterThan(300);
  expect(pixels.ink(bounds(700, 2100, 847, 2247), light.background)).toBeGreaterThan(300);
  expect(pixels.ink(bounds(500, 2100, 647, 2247), light.background)).toBeGreaterThan(150);
});

test('a floating action button draws its round fill and a contrasting glyph', async () => {
  const pixels = await draw([
    node('android.widget.ImageButton', bounds(850, 2000, 1018, 2168), {
      clickable: true,
      style: { icon: 'add', background: '#6750a4', radius: 16, color: '#ffffff' },
    }),
  ]);
  expect(pixels.count(bounds(850, 2000, 1018, 2168), '#6750a4', 6)).toBeGreaterThan(15_000);
  expect(pixels.count(bounds(850, 2000, 1018, 2168), '#ffffff', 20)).toBeGreaterThan(300);
});

test('the selected tab is underlined in the accent colour and the others are not', async () => {
  const tab = (left: number, text: string, selected: boolean): LaidOutNode =>
    node('android.widget.TextView', bounds(left, 300, left + 360, 426), { text, selected, clickable: true });
  const pixels = await draw([
    node('android.widget.LinearLayout', bounds(0, 300, 1080, 426), {
      children: [tab(0, 'All', true), tab(360, 'Pinned', false), tab(720, 'Archive', false)],
    }),
  ]);
  const underline = (left: number) => bounds(left, 410, left + 360, 426);
  expect(pixels.count(underline(0), light.primary, 6)).toBeGreaterThan(2000);
  expect(pixels.count(underline(360), light.primary, 40)).toBe(0);
  expect(pixels.count(underline(720), light.primary, 40)).toBe(0);
});

test('a progress bar shows a spinner in the accent colour', async () => {
  const pixels = await draw([node('android.widget.ProgressBar', bounds(440, 1000, 640, 1200))]);
  expect(pixels.count(bounds(440, 1000, 640, 1200), light.primary, 10)).toBeGreaterThan(500);
});

test('text drawn in dark theme is light', async () => {
  const pixels = await draw([node('android.widget.TextView', bounds(63, 400, 1017, 500), { text: 'Settings' })], { darkTheme: true });
  expect(pixels.count(bounds(63, 400, 1017, 500), palette(true).onSurface, 30)).toBeGreaterThan(200);
});

test('a card cut by the edge of its list keeps its round corners on screen and is square and open at the cut', async () => {
  const card = node('android.view.View', bounds(100, 400, 980, 600), {
    frame: bounds(100, 400, 980, 800),
    style: { background: '#ffd8e4', border: '#b00020', radius: 24 },
  });
  const pixels = await draw([card]);
  // Top corners are rounded: the very corner pixel shows the window behind.
  expect(pixels.count(bounds(100, 400, 106, 406), light.background, 6)).toBeGreaterThan(20);
  // At the cut the fill reaches the corner, and no border runs along the cut edge.
  expect(pixels.count(bounds(112, 590, 118, 600), '#ffd8e4', 6)).toBe(60);
  expect(pixels.count(bounds(200, 590, 880, 600), '#b00020', 40)).toBe(0);
  expect(pixels.count(bounds(100, 500, 106, 600), '#b00020', 40)).toBeGreaterThan(150);
  expect(pixels.ink(bounds(100, 600, 980, 800), light.background)).toBe(0);
});
