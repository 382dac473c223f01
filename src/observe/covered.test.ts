import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { buildScreen, coveredElements, coverText, markCovered, markDrawn, parseUiautomatorXml, pixelsOf, screenText, type Screen } from './index.js';
import { fixture, fixtureNames } from './testing/fixtures.js';
import type { UiNode } from './ui-node.js';

// An upgrade offer as uiautomator dumps it: a title, three buttons, and a close icon named only by its
// content-desc. Frames are drawn from SVG; an overlay the dump does not hold is drawn over some of them.
const node = (attrs: { text?: string; desc?: string; cls: string; bounds: number[]; clickable?: boolean }) => {
  const [l, t, r, b] = attrs.bounds;
  return `<node index="0" text="${attrs.text ?? ''}" resource-id="" class="${attrs.cls}" package="com.example.canvas" content-desc="${attrs.desc ?? ''}" checkable="false" checked="false" clickable="${attrs.clickable ?? false}" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[${l},${t}][${r},${b}]" />`;
};
const TEXTS: Array<[string, string, number[]]> = [
  ['Pro upgrade', 'android.widget.TextView', [63, 126, 1017, 231]],
  ['Buy', 'android.widget.Button', [63, 567, 1017, 693]],
  ['Cancel', 'android.widget.Button', [63, 735, 1017, 861]],
  ['Restore purchase', 'android.widget.Button', [63, 903, 1017, 1029]],
];
const XML = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">
<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.example.canvas" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">
${TEXTS.map(([text, cls, bounds]) => node({ text, cls, bounds, clickable: cls.endsWith('Button') })).join('\n')}
${node({ desc: 'Close', cls: 'android.widget.ImageButton', bounds: [950, 20, 1040, 110], clickable: true })}
</node></hierarchy>`;

const PAGE = '#ffffff';
const CARD = '#263238';

/** A box drawn over the page after the offer: what the dump does not show. */
interface Overlay {
  top: number;
  bottom: number;
  fill: string;
  /** Words drawn in the overlay: [baseline y, text]. */
  words?: Array<[number, string]>;
}

function textSvg(at: { x: number; y: number; size?: number }, label: string, colour: string): string {
  return `<text x="${at.x}" y="${at.y}" font-size="${at.size ?? 46}" font-family="DejaVu Sans" fill="${colour}">${label}</text>`;
}

async function frame(options: { overlays?: Overlay[]; undrawn?: string[]; width?: number } = {}): Promise<Buffer> {
  const shapes = TEXTS.filter(([label]) => !options.undrawn?.includes(label)).map(([label, cls, [l, t, r, b]]) => {
    const button = cls.endsWith('Button');
    const fill = label === 'Buy' ? '#1a73e8' : '#eef0f3';
    const shape = button ? `<rect x="${l}" y="${t}" width="${r - l}" height="${b - t}" rx="60" fill="${fill}"/>` : '';
    return shape + textSvg({ x: button ? (l + r) / 2 - label.length * 13 : l, y: (t + b) / 2 + 16 }, label, label === 'Buy' ? '#ffffff' : '#1f1f1f');
  });
  const overlays = (options.overlays ?? []).map(
    (o) =>
      `<rect x="32" y="${o.top}" width="1016" height="${o.bottom - o.top}" rx="42" fill="${o.fill}"/>` +
      (o.words ?? []).map(([y, words]) => textSvg({ x: 84, y, size: 40 }, words, '#ffffff')).join(''),
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="2400"><rect width="1080" height="2400" fill="${PAGE}"/>${shapes.join('')}${overlays.join('')}</svg>`;
  const png = sharp(Buffer.from(svg)).png();
  return (options.width ? png.resize({ width: options.width }) : png).toBuffer();
}

const offer = (): Screen => buildScreen(parseUiautomatorXml(XML, { source: 'offer' }), { size: { width: 1080, height: 2400 } });
const coveredLabels = async (screen: Screen, png: Buffer): Promise<string[]> =>
  markCovered(screen, pixelsOf(png, screen))
    .elements.filter((e) => e.states.includes('covered'))
    .map((e) => e.label);

/** A tutorial card over Buy and Cancel, its words at its foot over Cancel's box. */
const TUTORIAL: Overlay = {
  top: 540,
  bottom: 880,
  fill: CARD,
  words: [
    [800, 'New: layers'],
    [850, 'Tap to close'],
  ],
};

test('every text drawn where the tree puts it: nothing is covered, and texts named only by a content-desc are not judged', async () => {
  const screen = offer();
  expect(screen.elements.filter((e) => e.textBox).map((e) => e.label)).toEqual(['Pro upgrade', 'Buy', 'Cancel', 'Restore purchase']);
  expect(markCovered(screen, pixelsOf(await frame(), screen))).toBe(screen);
});

test('a card over Buy and Cancel: Buy shows one flat fill, Cancel mostly the same fill joined to it; the text form says so', async () => {
  const screen = offer();
  const png = await frame({ overlays: [TUTORIAL] });
  const covers = [...coveredElements(screen, pixelsOf(png, screen))].map(([e, cover]) => `${e.label}: ${coverText(cover)}`);
  expect(covers).toEqual([
    'Buy: a flat #263238 fill where its text should be',
    'Cancel: mostly the #263238 fill that hides button e2 "Buy", one region across both',
  ]);
  expect(
    screenText(markDrawn(screen, pixelsOf(png, screen)))
      .split('\n')
      .slice(1, 6),
  ).toEqual([
    'e1 text "Pro upgrade"',
    'e2 button "Buy" covered (an overlay the tree does not show is on top)',
    'e3 button "Cancel" covered (an overlay the tree does not show is on top)',
    'e4 button "Restore purchase"',
    'e5 button "Close"',
  ]);
  // Read on a frame scaled to half, as trace frames are stored, the verdict is the same.
  expect(await coveredLabels(screen, await frame({ overlays: [TUTORIAL], width: 540 }))).toEqual(['Buy', 'Cancel']);
});

test('the fill that hides one element reaches another only along an unbroken path and over most of its box', async () => {
  const screen = offer();
  // Two cards of one colour with the page between them: Cancel's card carries words, and no path joins it to Buy's.
  const apart = [
    { top: 540, bottom: 710, fill: CARD },
    { top: 760, bottom: 880, fill: CARD, words: [[815, 'New: layers']] as Array<[number, string]> },
  ];
  expect(await coveredLabels(screen, await frame({ overlays: apart }))).toEqual(['Buy']);
  // One card over Buy that reaches only the top of Cancel's box: the path is the card's, the box mostly Cancel's own.
  expect(await coveredLabels(screen, await frame({ overlays: [{ top: 540, bottom: 770, fill: CARD }] }))).toEqual(['Buy']);
});

test("a single text missing on the page's own colour is not an overlay; the page's colour over several texts is", async () => {
  const screen = offer();
  expect(await coveredLabels(screen, await frame({ undrawn: ['Pro upgrade'] }))).toEqual([]);
  expect(await coveredLabels(screen, await frame({ overlays: [{ top: 540, bottom: 880, fill: PAGE }] }))).toEqual(['Buy', 'Cancel']);
});

test('a text box cut by its list edge or too small to read is not judged', async () => {
  const list = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">
<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.example.notes" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">
<node index="0" text="" resource-id="" class="androidx.recyclerview.widget.RecyclerView" package="com.example.notes" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="true" focused="false" scrollable="true" long-clickable="false" password="false" selected="false" bounds="[0,200][1080,1200]">
${node({ text: 'Groceries', cls: 'android.widget.TextView', bounds: [40, 400, 1040, 520], clickable: true })}
${node({ text: 'Ideas', cls: 'android.widget.TextView', bounds: [40, 1160, 1040, 1200], clickable: true })}
${node({ text: 'Tiny', cls: 'android.widget.TextView', bounds: [40, 600, 1040, 608], clickable: true })}
</node></node></hierarchy>`;
  const screen = buildScreen(parseUiautomatorXml(list, { source: 'list' }), { size: { width: 1080, height: 2400 } });
  expect(screen.elements.filter((e) => e.list !== undefined).map((e) => e.label)).toEqual(['Groceries', 'Ideas', 'Tiny']);
  // A dark sheet over the whole list: every text box in it is one flat fill, but only the whole, readable row is judged.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="2400"><rect width="1080" height="2400" fill="${PAGE}"/><rect y="180" width="1080" height="1040" fill="#202124"/></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  expect(await coveredLabels(screen, png)).toEqual(['Groceries']);
});

test('real dumps with their texts drawn where the tree puts them: no element is covered', async () => {
  let judged = 0;
  for (const name of fixtureNames()) {
    const { xml } = fixture(name);
    const tree = parseUiautomatorXml(xml, { source: name });
    const root = tree.windows[tree.windows.length - 1].root.bounds;
    const screen = buildScreen(tree);
    const pixels = pixelsOf(
      await drawTexts(
        tree.windows.map((w) => w.root),
        { width: root.right, height: root.bottom },
      ),
      screen,
    );
    judged += screen.elements.filter((e) => e.textBox).length;
    expect([...coveredElements(screen, pixels).keys()].map((e) => `${name}: ${e.ref} "${e.label}"`)).toEqual([]);
  }
  expect(judged).toBeGreaterThan(100);
});

/** Every node's text drawn dark on white in its bounds (letters stand in for scripts the test font lacks). */
async function drawTexts(roots: UiNode[], size: { width: number; height: number }): Promise<Buffer> {
  const out: string[] = [];
  const visit = (n: UiNode): void => {
    const { left, top, right, bottom } = n.bounds;
    if (n.text.trim() !== '' && !n.flags.editable && bottom > top && right > left) {
      const px = Math.max(8, Math.min(48, (bottom - top) * 0.6));
      const text = n.text.replace(/[^\x20-\x7e]/g, 'W').replace(/[<&>"]/g, 'x');
      out.push(textSvg({ x: left + 2, y: (top + bottom) / 2 + px * 0.35, size: px }, text, '#202124'));
    }
    n.children.forEach(visit);
  };
  roots.forEach(visit);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}"><rect width="${size.width}" height="${size.height}" fill="#ffffff"/>${out.join('')}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
