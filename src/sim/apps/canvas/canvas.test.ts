import { test, expect } from '@playwright/test';
import { createPhone } from '../../phone.js';
import { shell } from '../../shell/testing.js';
import type { Bounds, Phone } from '../../types.js';
import { parseDump, type DumpNode } from '../../testing/dump-query.js';
import { colourShare, decodePng, distinctColours, regionLook, saturation, type Picture } from '../../testing/pixels.js';
import { CANVAS_PACKAGE, CANVAS_SCREENS, canvasApp, labelsOnScreen, type DrawnLabel } from './index.js';

const DRAWN_TEXT = ['SPACE RUN', 'Start', 'High score', 'Settings', 'Level 1', 'Score 0', 'Pause', 'Sunset over the harbour', 'Share'];

async function sh(phone: Phone, line: string): Promise<Buffer> {
  const r = await shell(phone, line);
  expect(r.code, `${line} printed ${r.out}${r.err}`).toBe(0);
  return r.bytes;
}

function open(activity = '.MainActivity'): Phone {
  const phone = createPhone({ apps: [canvasApp], seed: 3, frozenAt: Date.UTC(2025, 5, 1, 12, 0, 0) });
  expect(phone.ui.launch(CANVAS_PACKAGE, { activity }).ok).toBe(true);
  return phone;
}

async function own(phone: Phone): Promise<DumpNode[]> {
  return parseDump((await sh(phone, 'uiautomator dump /dev/tty')).toString()).filter((n) => n.package === CANVAS_PACKAGE);
}

/** The app's content: the nodes inside android:id/content. */
async function content(phone: Phone): Promise<DumpNode[]> {
  const frame = (await own(phone)).find((n) => n.id === 'android:id/content');
  return frame?.descendants ?? [];
}

async function screenshot(phone: Phone): Promise<{ png: Buffer; picture: Picture }> {
  const png = await sh(phone, 'screencap -p');
  return { png, picture: await decodePng(png) };
}

async function canvasLog(phone: Phone): Promise<string> {
  return (await sh(phone, 'logcat -d -s canvas')).toString();
}

/** The table of a painted screen in screen pixels, for the surface the dump shows. */
function table(surface: DumpNode, labels: (size: { width: number; height: number }) => DrawnLabel[]): DrawnLabel[] {
  return labelsOnScreen(labels, { bounds: surface.bounds, scale: 420 / 160 });
}

function centre(b: Bounds): { x: number; y: number } {
  return { x: Math.round((b.left + b.right) / 2), y: Math.round((b.top + b.bottom) / 2) };
}

function labelled(labels: DrawnLabel[], name: string): DrawnLabel {
  const found = labels.find((l) => l.label === name);
  if (!found) throw new Error(`no drawn "${name}" in ${labels.map((l) => l.label).join(', ')}`);
  return found;
}

test('the start screen is one SurfaceView with no text, while its pixels show the title and buttons', async () => {
  const phone = open();
  const nodes = await content(phone);
  expect(nodes.map((n) => n.cls)).toEqual(['android.view.SurfaceView']);
  const surface = nodes[0] as DumpNode;
  expect(surface).toMatchObject({ text: '', desc: '', clickable: false, bounds: { left: 0, top: 63, right: 1080, bottom: 2337 } });
  const xml = (await sh(phone, 'uiautomator dump /dev/tty')).toString();
  for (const text of DRAWN_TEXT) expect(xml).not.toContain(text);

  const { picture } = await screenshot(phone);
  const start = labelled(table(surface, CANVAS_SCREENS.start), 'Start');
  // The pill's fill is the orange the game paints, and its text is light on it.
  expect(regionLook(picture, start.bounds)).toMatchObject({ fill: { r: 255, g: 109, b: 0 } });
  expect(regionLook(picture, start.bounds).contrast).toBeGreaterThan(2.5);
  const title = labelled(table(surface, CANVAS_SCREENS.start), 'SPACE RUN');
  expect(colourShare(picture, { box: title.bounds, colour: { r: 255, g: 213, b: 79 } })).toBeGreaterThan(0.15);
  expect(
    colourShare(picture, { box: { ...title.bounds, top: title.bounds.top - 150, bottom: title.bounds.top - 50 }, colour: { r: 255, g: 213, b: 79 } }),
  ).toBe(0);
});

test('a tap inside the drawn Start starts the game and is logged; a tap beside it changes nothing', async () => {
  const phone = open();
  const surface = (await content(phone))[0] as DumpNode;
  const start = labelled(table(surface, CANVAS_SCREENS.start), 'Start');
  const before = await screenshot(phone);

  const beside = { x: start.bounds.right + 30, y: centre(start.bounds).y };
  await sh(phone, `input tap ${beside.x} ${beside.y}`);
  expect(await canvasLog(phone)).toContain(`canvas: tap ${beside.x},${beside.y}`);
  expect((await screenshot(phone)).png.equals(before.png)).toBe(true);
  // The box's corner lies outside the painted pill's rounded end.
  await sh(phone, `input tap ${start.bounds.left + 4} ${start.bounds.top + 4}`);
  expect((await screenshot(phone)).png.equals(before.png)).toBe(true);

  const inside = centre(start.bounds);
  await sh(phone, `input tap ${inside.x} ${inside.y}`);
  expect(await canvasLog(phone)).toContain(`canvas: tap ${inside.x},${inside.y}`);
  const game = await screenshot(phone);
  expect(regionLook(game.picture, start.bounds).fill).not.toEqual({ r: 255, g: 109, b: 0 });
  const pause = labelled(
    table(surface, (size) => CANVAS_SCREENS.game(size, { paused: false })),
    'Pause',
  );
  expect(regionLook(game.picture, pause.bounds).fill).toEqual({ r: 55, g: 71, b: 79 });
  // Still one unlabelled SurfaceView, and the same activity.
  expect((await content(phone)).map((n) => [n.cls, n.text, n.desc])).toEqual([['android.view.SurfaceView', '', '']]);
  expect(phone.ui.foreground().activity).toBe('.MainActivity');

  await sh(phone, 'input keyevent KEYCODE_BACK');
  expect((await screenshot(phone)).png.equals(before.png)).toBe(true);
});

test('the drawn Settings button opens the drawing canvas: five icon-only ImageButtons over a surface', async () => {
  const phone = open();
  const surface = (await content(phone))[0] as DumpNode;
  const settings = centre(labelled(table(surface, CANVAS_SCREENS.start), 'Settings').bounds);
  await sh(phone, `input tap ${settings.x} ${settings.y}`);
  expect(phone.ui.foreground().activity).toBe('.DrawActivity');
  const nodes = await content(phone);
  const tools = nodes.filter((n) => n.cls === 'android.widget.ImageButton');
  expect(tools).toHaveLength(5);
  for (const tool of tools) expect(tool).toMatchObject({ text: '', desc: '', clickable: true, enabled: true });
  expect(nodes.filter((n) => n.text || n.desc)).toEqual([]);

  const pencil = tools[0] as DumpNode;
  const eraser = tools[1] as DumpNode;
  const highlight = { r: 194, g: 231, b: 255 };
  let picture = (await screenshot(phone)).picture;
  expect(regionLook(picture, pencil.bounds).fill).toEqual(highlight);
  await sh(phone, `input tap ${eraser.center.x} ${eraser.center.y}`);
  picture = (await screenshot(phone)).picture;
  expect(regionLook(picture, eraser.bounds).fill).toEqual(highlight);
  expect(regionLook(picture, pencil.bounds).fill).not.toEqual(highlight);
});

test('a drag on the drawing surface draws a stroke where the finger went, and is logged as a swipe', async () => {
  const phone = open('.DrawActivity');
  const board = (await content(phone)).find((n) => n.cls === 'android.view.View' && n.bounds.bottom === 2337) as DumpNode;
  expect(board).toMatchObject({ text: '', desc: '' });
  const y = board.center.y;
  expect((await screenshot(phone)).picture.at(540, y)).toEqual({ r: 255, g: 255, b: 255 });
  await sh(phone, `input swipe 200 ${y} 900 ${y} 300`);
  expect(await canvasLog(phone)).toContain(`canvas: swipe 200,${y} 900,${y}`);
  const picture = (await screenshot(phone)).picture;
  expect(picture.at(540, y)).toEqual({ r: 32, g: 33, b: 36 });
  expect(picture.at(540, y - 40)).toEqual({ r: 255, g: 255, b: 255 });
});

test('the sign-up button is enabled in the tree but ignores taps until the form is complete', async () => {
  const phone = open('.SignUpActivity');
  const submit = (await content(phone)).find((n) => n.text === 'Create account') as DumpNode;
  expect(submit).toMatchObject({ cls: 'android.widget.Button', enabled: true, clickable: true });
  await sh(phone, `input tap ${submit.center.x} ${submit.center.y}`);
  expect(await canvasLog(phone)).toContain('canvas: submit ignored (form incomplete)');
  expect((await content(phone)).some((n) => n.text === 'Welcome')).toBe(false);

  const nodes = await content(phone);
  const email = nodes.find((n) => n.id.endsWith(':id/email')) as DumpNode;
  const password = nodes.find((n) => n.id.endsWith(':id/password')) as DumpNode;
  const terms = nodes.find((n) => n.cls === 'android.widget.CheckBox') as DumpNode;
  await sh(phone, `input tap ${email.center.x} ${email.center.y}`);
  await sh(phone, 'input text ada@example.com');
  await sh(phone, `input tap ${password.center.x} ${password.center.y}`);
  await sh(phone, 'input text hunter22');
  await sh(phone, 'input keyevent KEYCODE_BACK');
  // Both fields filled but terms unchecked: still ignored.
  await sh(phone, `input tap ${submit.center.x} ${submit.center.y}`);
  expect((await canvasLog(phone)).match(/submit ignored/g)).toHaveLength(2);
  await sh(phone, `input tap ${terms.center.x} ${terms.center.y}`);
  await sh(phone, `input tap ${submit.center.x} ${submit.center.y}`);
  expect((await content(phone)).map((n) => n.text)).toEqual(expect.arrayContaining(['Welcome', 'Signed in as ada@example.com']));
});

test('the photo is one ImageView without a description, not a flat colour, with its caption only in pixels', async () => {
  const phone = open('.PhotoActivity');
  const nodes = await content(phone);
  expect(nodes.map((n) => [n.cls, n.text, n.desc])).toEqual([['android.widget.ImageView', '', '']]);
  const photo = nodes[0] as DumpNode;
  const xml = (await sh(phone, 'uiautomator dump /dev/tty')).toString();
  for (const text of DRAWN_TEXT) expect(xml).not.toContain(text);
  const { picture } = await screenshot(phone);
  expect(distinctColours(picture, { left: 0, top: 200, right: 1080, bottom: 1000 })).toBeGreaterThan(100);
  expect(distinctColours(picture, { left: 0, top: 1300, right: 1080, bottom: 1900 })).toBeGreaterThan(100);
  const labels = table(photo, (size) => CANVAS_SCREENS.photo(size, { shared: false }));
  const caption = labelled(labels, 'Sunset over the harbour');
  expect(colourShare(picture, { box: caption.bounds, colour: { r: 255, g: 255, b: 255 } })).toBeGreaterThan(0.1);
  const share = labelled(labels, 'Share');
  expect(saturation(regionLook(picture, share.bounds).fill)).toBeLessThan(0.1);

  await sh(phone, `input tap ${centre(share.bounds).x} ${centre(share.bounds).y}`);
  const shared = labelled(
    table(photo, (size) => CANVAS_SCREENS.photo(size, { shared: true })),
    'Shared',
  );
  expect(colourShare(picture, { box: shared.bounds, colour: { r: 255, g: 255, b: 255 } })).toBe(0);
  expect(colourShare((await screenshot(phone)).picture, { box: shared.bounds, colour: { r: 255, g: 255, b: 255 } })).toBeGreaterThan(0.1);
  expect((await sh(phone, 'uiautomator dump /dev/tty')).toString()).not.toContain('Shared');
});
