import { expect, test } from '@playwright/test';
import { buildScreen, parseUiautomatorXml, screenJson, screenText, textCoverage, unlabelledRegions, type ReadText } from './index.js';
import { fixture } from './testing/fixtures.js';

// A game's start screen as uiautomator dumps it: one SurfaceView and nothing else to read.
const GAME = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">
<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.example.canvas" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">
<node index="0" text="" resource-id="" class="android.view.SurfaceView" package="com.example.canvas" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,80][1080,2400]" />
</node></hierarchy>`;

const line = (text: string, [left, top, right, bottom]: number[], filled = false): ReadText => ({
  text,
  confidence: 95,
  bounds: { left, top, right, bottom },
  filled,
});

test('on a surface the tree says nothing about, each line read is an element of its own: a button where it sat in a drawn shape', () => {
  const hierarchy = parseUiautomatorXml(GAME, { source: 'game' });
  const blind = buildScreen(hierarchy);
  expect(textCoverage(blind)).toBe(0);
  const read = [line('SPACE RUN', [236, 518, 860, 610]), line('Start', [440, 1330, 640, 1420], true), line('High score 12,450', [290, 1657, 790, 1710])];
  const screen = buildScreen(hierarchy, { readText: read });
  expect(screenText(screen)).toBe(
    ['app com.example.canvas · screen 1080x2400', 'e1 text "SPACE RUN" [ocr]', 'e2 button "Start" [ocr]', 'e3 text "High score 12,450" [ocr]'].join('\n'),
  );
  expect(screenJson(screen).elements[1]).toEqual({ ref: 'e2', role: 'button', label: 'Start', bounds: [440, 1330, 640, 1420], states: [], source: 'ocr' });
  expect(textCoverage(screen)).toBe(1);
});

test('the tree wins over OCR for a labelled element; OCR names an unlabelled button', () => {
  const hierarchy = parseUiautomatorXml(fixture('wework-chat-input.xml').xml, { source: 'wework' });
  const tree = buildScreen(hierarchy);
  const unnamed = tree.elements.find((e) => e.role === 'button' && e.label === '')!;
  const named = tree.elements.find((e) => e.role === 'button' && e.label !== '')!;
  expect(unlabelledRegions(tree)).toContainEqual(unnamed.bounds);
  const inset = (r: { left: number; top: number; right: number; bottom: number }) => [r.left + 4, r.top + 4, r.right - 4, r.bottom - 4];
  const screen = buildScreen(hierarchy, {
    readText: [line('Menu', inset(unnamed.bounds)), line('misread', inset(named.bounds))],
  });
  const after = (ref: string) => screen.elements.find((e) => e.ref === ref)!;
  expect(after(unnamed.ref)).toMatchObject({ label: 'Menu', source: 'ocr', role: 'button' });
  expect(after(named.ref)).toEqual(named);
  expect(screen.elements.map((e) => e.label)).not.toContain('misread');
  expect(screen.elements).toHaveLength(tree.elements.length);
  expect(textCoverage(screen)).toBeGreaterThan(textCoverage(tree));
});

test("text read on a system bar is not the app's", () => {
  const hierarchy = parseUiautomatorXml(fixture('tiktok-feed.xml').xml, { source: 'tiktok' });
  const tree = buildScreen(hierarchy);
  const bar = tree.windows.find((w) => w.kind === 'system')!.bounds;
  const screen = buildScreen(hierarchy, { readText: [line('9:41', [bar.left + 10, bar.top + 2, bar.left + 60, bar.bottom - 2])] });
  expect(screen.elements).toEqual(tree.elements);
});

test("a lone letter read faintly on an icon names nothing (tesseract takes an icon's strokes for 'Q' or '0'); a digit read clearly does", () => {
  const hierarchy = parseUiautomatorXml(fixture('wework-chat-input.xml').xml, { source: 'wework' });
  const tree = buildScreen(hierarchy);
  const [first, second] = tree.elements.filter((e) => e.role === 'button' && e.label === '');
  const inset = (r: { left: number; top: number; right: number; bottom: number }) => [r.left + 4, r.top + 4, r.right - 4, r.bottom - 4];
  const faint = { ...line('Q', inset(first.bounds)), confidence: 63 };
  const clear = { ...line('7', inset(second.bounds)), confidence: 91 };
  const screen = buildScreen(hierarchy, { readText: [faint, clear] });
  const after = (ref: string) => screen.elements.find((e) => e.ref === ref)!;
  expect(after(first.ref).label).toBe('');
  expect(after(second.ref)).toMatchObject({ label: '7', source: 'ocr' });
});
