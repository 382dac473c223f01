import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { buildScreen, markGreyedOut, parseUiautomatorXml, pixelsOf, screenText, type Screen } from './index.js';

// A sign-up form as uiautomator dumps it: every button enabled, whatever it looks like.
const button = (text: string, [l, t, r, b]: number[]) =>
  `<node index="0" text="${text}" resource-id="" class="android.widget.Button" package="com.example.canvas" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[${l},${t}][${r},${b}]" />`;
const BUTTONS: Array<[string, number[], string, string]> = [
  // label, bounds, fill, text colour
  ['Create account', [90, 1500, 990, 1640], '#e3e3e3', '#a3a3a3'],
  ['Sign in', [90, 1700, 990, 1840], '#6750a4', '#ffffff'],
  ['Not now', [90, 1900, 990, 2040], '#eeeeee', '#5f5f5f'],
];
const XML = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">
<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.example.canvas" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">
${BUTTONS.map(([label, bounds]) => button(label, bounds)).join('\n')}
</node></hierarchy>`;

async function frame(buttons: typeof BUTTONS): Promise<Buffer> {
  const shapes = buttons.map(
    ([label, [l, t, r, b], fill, ink]) =>
      `<rect x="${l}" y="${t}" width="${r - l}" height="${b - t}" rx="28" fill="${fill}"/><text x="${(l + r) / 2}" y="${(t + b) / 2 + 18}" font-size="52" font-family="DejaVu Sans" text-anchor="middle" fill="${ink}">${label}</text>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="2400"><rect width="1080" height="2400" fill="#fffbfe"/>${shapes.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const screenOf = (): Screen => buildScreen(parseUiautomatorXml(XML, { source: 'sign-up' }), { size: { width: 1080, height: 2400 } });

test('a button the tree calls enabled but drawn grey on grey reads as disabled; coloured and dark-on-light ones stay live', async () => {
  const screen = screenOf();
  const marked = markGreyedOut(screen, pixelsOf(await frame(BUTTONS), screen));
  expect(screenText(marked).split('\n').slice(1)).toEqual([
    'e1 button "Create account" disabled (looks greyed out)',
    'e2 button "Sign in"',
    'e3 button "Not now"',
  ]);
  // Read on a frame scaled to half, as trace frames are stored, the verdict is the same.
  const half = await sharp(await frame(BUTTONS))
    .resize({ width: 540 })
    .png()
    .toBuffer();
  expect(markGreyedOut(screen, pixelsOf(half, screen)).elements.map((e) => e.states)).toEqual([['looks-disabled'], [], []]);
});

test('once drawn live, the same button is enabled again', async () => {
  const screen = screenOf();
  const live = BUTTONS.map(([label, bounds, fill, ink]): (typeof BUTTONS)[number] =>
    label === 'Create account' ? [label, bounds, '#6750a4', '#ffffff'] : [label, bounds, fill, ink],
  );
  expect(markGreyedOut(screen, pixelsOf(await frame(live), screen))).toBe(screen);
});
