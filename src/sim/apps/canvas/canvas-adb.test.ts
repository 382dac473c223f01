import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import sharp from 'sharp';
import { usePhoneOverAdb } from '../../testing/adb-phone.js';
import { parseDump, type DumpNode } from '../../testing/dump-query.js';
import { decodePng, regionLook, saturation, type Picture, type Rgb } from '../../testing/pixels.js';
import { CANVAS_SCREENS, labelsOnScreen } from './index.js';

// The Canvas app as checks on a real phone drive it: the real adb CLI pushes files, starts
// activities with extras, taps, reads logcat and takes screenshots.
const phone = usePhoneOverAdb({ apps: ['canvas'] });
const SCALE = 420 / 160;

async function run(args: string[]): Promise<Buffer> {
  const result = await phone.adb.run(['-s', phone.sim.serial, ...args]);
  expect(result.code, `adb ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

async function shell(line: string): Promise<string> {
  return (await run(['shell', line])).toString();
}

async function screenshot(): Promise<Picture> {
  return decodePng(await run(['exec-out', 'screencap', '-p']));
}

async function content(): Promise<DumpNode[]> {
  const nodes = parseDump(await shell('uiautomator dump /dev/tty'));
  return nodes.find((n) => n.id === 'android:id/content')?.descendants ?? [];
}

function near(colour: Rgb, expected: Rgb): void {
  expect(
    Math.max(Math.abs(colour.r - expected.r), Math.abs(colour.g - expected.g), Math.abs(colour.b - expected.b)),
    JSON.stringify(colour),
  ).toBeLessThanOrEqual(6);
}

test.beforeEach(async () => {
  await shell('logcat -c');
});

test('over adb, a tap inside the drawn Start starts the game and logcat says where it landed', async () => {
  await shell('am start -W -n com.example.canvas/.MainActivity');
  const surface = (await content())[0] as DumpNode;
  expect(surface).toMatchObject({ cls: 'android.view.SurfaceView', text: '', desc: '', clickable: false });
  const labels = labelsOnScreen(CANVAS_SCREENS.start, { bounds: surface.bounds, scale: SCALE });
  const start = labels.find((l) => l.label === 'Start')?.bounds ?? surface.bounds;
  const x = Math.round((start.left + start.right) / 2);
  const y = Math.round((start.top + start.bottom) / 2);
  near((await screenshot()).at(x - 150, y), { r: 255, g: 109, b: 0 });
  await shell(`input tap ${x} ${y}`);
  expect(await shell('logcat -d -v tag -s canvas')).toContain(`I/canvas  : canvas: tap ${x},${y}`);
  expect(saturation((await screenshot()).at(x - 150, y))).toBeLessThan(0.9);
  expect((await screenshot()).at(x - 150, y)).not.toEqual({ r: 255, g: 109, b: 0 });
});

test('over adb, the sign-up button is painted grey and low in contrast until the form is complete, then vivid', async () => {
  await shell('am start -W -n com.example.canvas/.SignUpActivity');
  const nodes = await content();
  const submit = nodes.find((n) => n.text === 'Create account') as DumpNode;
  expect(submit).toMatchObject({ enabled: true, clickable: true });
  const greyed = regionLook(await screenshot(), submit.bounds);
  expect(greyed.contrast).toBeLessThan(3);
  expect(saturation(greyed.fill)).toBeLessThan(0.1);

  const at = (id: string): DumpNode => nodes.find((n) => n.id.endsWith(`:id/${id}`)) as DumpNode;
  await shell(`input tap ${submit.center.x} ${submit.center.y}`);
  expect(await shell('logcat -d -v tag -s canvas')).toContain('I/canvas  : canvas: submit ignored (form incomplete)');
  await shell(`input tap ${at('email').center.x} ${at('email').center.y}`);
  await shell('input text ada@example.com');
  await shell(`input tap ${at('password').center.x} ${at('password').center.y}`);
  await shell('input text hunter22');
  await shell('input keyevent KEYCODE_BACK');
  await shell(`input tap ${at('terms').center.x} ${at('terms').center.y}`);
  const live = regionLook(await screenshot(), submit.bounds);
  expect(live.contrast).toBeGreaterThan(4.5);
  expect(saturation(live.fill)).toBeGreaterThan(0.5);
  expect((await content()).find((n) => n.text === 'Create account')).toMatchObject({ enabled: true, clickable: true });
});

test.describe('the image hook', () => {
  let dir = '';
  test.beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'canvas-hook-'));
  });
  test.afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  test('shows a pushed PNG scaled to fit on one unlabelled SurfaceView', async () => {
    // Four quadrants, twice as wide as tall: scaled to the screen's width, centred with black above and below.
    const quadrant = (colour: Rgb) => ({ input: { create: { width: 100, height: 50, channels: 3 as const, background: colour } } });
    const png = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#000000' } })
      .composite([
        { ...quadrant({ r: 220, g: 40, b: 40 }), left: 0, top: 0 },
        { ...quadrant({ r: 40, g: 80, b: 220 }), left: 100, top: 0 },
        { ...quadrant({ r: 40, g: 200, b: 90 }), left: 0, top: 50 },
        { ...quadrant({ r: 250, g: 210, b: 40 }), left: 100, top: 50 },
      ])
      .png()
      .toBuffer();
    await writeFile(join(dir, 'quadrants.png'), png);
    await run(['push', join(dir, 'quadrants.png'), '/sdcard/Download/quadrants.png']);
    await shell('am start -W -n com.example.canvas/.MainActivity --es image /sdcard/Download/quadrants.png');

    const nodes = await content();
    expect(nodes.map((n) => [n.cls, n.text, n.desc])).toEqual([['android.view.SurfaceView', '', '']]);
    const { top, bottom } = (nodes[0] as DumpNode).bounds;
    const imageTop = top + (bottom - top - 540) / 2;
    const picture = await screenshot();
    near(picture.at(270, imageTop + 135), { r: 220, g: 40, b: 40 });
    near(picture.at(810, imageTop + 135), { r: 40, g: 80, b: 220 });
    near(picture.at(270, imageTop + 405), { r: 40, g: 200, b: 90 });
    near(picture.at(810, imageTop + 405), { r: 250, g: 210, b: 40 });
    near(picture.at(540, imageTop - 100), { r: 0, g: 0, b: 0 });
    near(picture.at(540, imageTop + 640), { r: 0, g: 0, b: 0 });
  });

  test('a missing file or a file that is not a PNG is painted as an error and logged at error priority', async () => {
    await shell('am start -W -n com.example.canvas/.MainActivity --es image /sdcard/Download/missing.png');
    expect(await shell('logcat -d -v tag -s canvas:E')).toContain(
      'E/canvas  : canvas: cannot show /sdcard/Download/missing.png: open failed: ENOENT (No such file or directory)',
    );
    const picture = await screenshot();
    const xml = await shell('uiautomator dump /dev/tty');
    expect(xml).not.toContain('show this image');
    // The error is painted text: light pixels on the black surface near the middle of the screen.
    expect(regionLook(picture, { left: 100, top: 1000, right: 980, bottom: 1200 }).contrast).toBeGreaterThan(7);

    await writeFile(join(dir, 'notes.txt'), 'not a picture\n');
    await run(['push', join(dir, 'notes.txt'), '/sdcard/Download/notes.png']);
    await shell('am start -W -n com.example.canvas/.MainActivity --es image /sdcard/Download/notes.png');
    expect(await shell('logcat -d -v tag -s canvas:E')).toContain('E/canvas  : canvas: cannot show /sdcard/Download/notes.png: not a PNG image');
  });
});
