import { test, expect } from '@playwright/test';
import { RefRegistry, type ElementIdentity } from './index.js';

const el = (label: string, top: number, extra: Partial<ElementIdentity> = {}): ElementIdentity => ({
  role: 'item',
  className: 'android.widget.LinearLayout',
  resourceId: '',
  label,
  package: 'com.example',
  bounds: { left: 0, top, right: 1080, bottom: top + 200 },
  ...extra,
});

test('an element that stays keeps its ref; a new one gets the next; numbering never reuses a ref', () => {
  const refs = new RefRegistry();
  expect(refs.assign([el('A', 0), el('B', 200)])).toEqual(['e1', 'e2']);
  expect(refs.assign([el('B', 200), el('C', 400)])).toEqual(['e2', 'e3']);
  // A comes back after it was gone: it is a new observation of the screen, so it gets a new ref.
  expect(refs.assign([el('A', 0), el('B', 200)])).toEqual(['e4', 'e2']);
});

test('after a scroll, rows still on screen keep their refs, repeated labels included', () => {
  const refs = new RefRegistry();
  const bar = el('Search', 0, { role: 'button', resourceId: 'com.example:id/search', bounds: { left: 900, top: 0, right: 1080, bottom: 150 } });
  const before = [bar, el('HomeNet', 200), el('Secured', 400), el('Office', 600), el('Secured', 800), el('Cafe', 1000), el('Secured', 1200)];
  const first = refs.assign(before);
  // The list moved up by one and a half rows: HomeNet left, a new "Secured" row came in at the bottom.
  const after = [bar, el('Secured', 100), el('Office', 300), el('Secured', 500), el('Cafe', 700), el('Secured', 900), el('Guest', 1100), el('Secured', 1300)];
  const second = refs.assign(after);
  expect(second[0]).toBe(first[0]);
  expect(second.slice(1, 6)).toEqual(first.slice(2, 7));
  expect(second.slice(6)).toEqual(['e8', 'e9']);
});

test('an input keeps its ref while text is typed; a control keeps it when its counter changes in place', () => {
  const refs = new RefRegistry();
  const field = (text: string) => el(text, 600, { role: 'input', className: 'android.widget.EditText', resourceId: 'com.example:id/email' });
  const cart = (label: string) => el(label, 0, { role: 'button', resourceId: 'com.example:id/cart' });
  const [f1, c1] = refs.assign([field('Email'), cart('Cart, 0 items')]);
  const [f2, c2] = refs.assign([field('alice@example.com'), cart('Cart, 1 item')]);
  expect([f2, c2]).toEqual([f1, c1]);
  // Without an id to go by, a new label is a new element.
  const [t1] = refs.assign([el('3 results', 300)]);
  const [t2] = refs.assign([el('4 results', 300)]);
  expect(t2).not.toBe(t1);
});

test('a label whose clock or relative time ticks keeps its ref', () => {
  const refs = new RefRegistry();
  const [a] = refs.assign([el('Alice · Running late 9:41', 300)]);
  const [b] = refs.assign([el('Alice · Running late 9:42', 300)]);
  const [c] = refs.assign([el('Build passed 3 min ago', 500)]);
  const [d] = refs.assign([el('Build passed 4 min ago', 500)]);
  expect([b, d]).toEqual([a, c]);
});

test('the same label in another window or role is another element', () => {
  const refs = new RefRegistry();
  const [a] = refs.assign([el('Settings', 300)]);
  const [b] = refs.assign([el('Settings', 300, { package: 'com.other' })]);
  const [c] = refs.assign([el('Settings', 300, { package: 'com.other', role: 'button' })]);
  expect(new Set([a, b, c]).size).toBe(3);
});

test('a screen assigned again with the text read off its pixels keeps the refs that text had on the screen before', () => {
  const refs = new RefRegistry();
  const surface = el('', 0, { role: 'image', className: 'android.view.SurfaceView', bounds: { left: 0, top: 0, right: 1080, bottom: 2400 } });
  const start = el('Start', 1400, { role: 'button', className: 'ocr' });
  const title = el('SPACE RUN', 500, { role: 'text', className: 'ocr' });
  // One look: the tree alone, then again with what OCR read on it.
  expect(refs.assign([surface])).toEqual(['e1']);
  refs.retract();
  expect(refs.assign([surface, title, start])).toEqual(['e1', 'e2', 'e3']);
  // The next look of the same screen: the drawn Start is still e3.
  expect(refs.assign([surface])).toEqual(['e1']);
  refs.retract();
  expect(refs.assign([surface, title, start])).toEqual(['e1', 'e2', 'e3']);
  // Without taking the tree-only screen back, the read text would look new at every look.
  refs.assign([surface]);
  expect(refs.assign([surface, title, start])).toEqual(['e1', 'e4', 'e5']);
});
