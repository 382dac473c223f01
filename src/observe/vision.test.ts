import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { barlessArea, devicePoint, visionFrame } from './vision.js';
import type { Screen } from './screen-types.js';

const screen: Screen = {
  width: 1080,
  height: 2400,
  rotation: 0,
  windows: [
    {
      kind: 'app',
      package: 'com.example.canvas',
      bounds: { left: 0, top: 0, right: 1080, bottom: 2400 },
      hiddenElements: 0,
      content: { left: 0, top: 63, right: 1080, bottom: 2337 },
    },
  ],
  elements: [
    {
      ref: 'e4',
      role: 'button',
      label: 'Start',
      bounds: { left: 390, top: 1300, right: 690, bottom: 1420 },
      states: [],
      window: 0,
      className: 'ocr',
      resourceId: '',
      source: 'ocr',
    },
    {
      ref: 'e5',
      role: 'image',
      label: '',
      bounds: { left: 0, top: 0, right: 1080, bottom: 40 },
      states: [],
      window: 0,
      className: 'android.view.View',
      resourceId: '',
    },
  ],
  nodeCount: 3,
  skippedNodes: 0,
};

test('the picture is the app without its bars, 720 px wide, each element boxed and tagged; points on it map back to the device', async () => {
  const png = await sharp({ create: { width: 1080, height: 2400, channels: 4, background: '#102030' } })
    .png()
    .toBuffer();
  const frame = await visionFrame(png, screen);
  expect(barlessArea(screen)).toEqual({ left: 0, top: 63, right: 1080, bottom: 2337 });
  expect(frame.shows).toEqual({ left: 0, top: 63, right: 1080, bottom: 2337 });
  expect([frame.width, frame.height]).toEqual([720, Math.round(((2337 - 63) * 720) / 1080)]);
  // The element under the status bar is not on the picture: it is not tagged, so not offered.
  expect(frame.refs).toEqual(['e4']);
  const { data, info } = await sharp(frame.png).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
  // The box's left edge, in the mark colour, where e4's bounds map to.
  const left = Math.round(390 * frame.scale);
  const mid = Math.round((1360 - 63) * frame.scale);
  expect(at(left, mid)).toEqual([0xe8, 0x33, 0x6b]);
  expect(at(left + 40, mid + 20)).toEqual([0x10, 0x20, 0x30]);
  // The centre of e4 on the picture is the centre of e4 on the device, within the 1.5 device pixels one picture pixel spans.
  const back = devicePoint(frame, { x: Math.round(540 * frame.scale), y: Math.round((1360 - 63) * frame.scale) })!;
  expect(Math.abs(back.x - 540)).toBeLessThanOrEqual(1);
  expect(Math.abs(back.y - 1360)).toBeLessThanOrEqual(1);
  expect(devicePoint(frame, { x: 720, y: 10 })).toBeUndefined();
  expect(devicePoint(frame, { x: 10, y: frame.height })).toBeUndefined();
});

test('a screen with no content box, or one drawn in a small part of the screen, is shown whole', () => {
  expect(barlessArea({ ...screen, windows: [{ ...screen.windows[0], content: undefined }] })).toEqual({ left: 0, top: 0, right: 1080, bottom: 2400 });
  const small = { ...screen.windows[0], content: { left: 0, top: 900, right: 1080, bottom: 1500 } };
  expect(barlessArea({ ...screen, windows: [small] })).toEqual({ left: 0, top: 0, right: 1080, bottom: 2400 });
});
