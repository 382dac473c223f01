import { test, expect } from '@playwright/test';
import type { Bounds, Widget } from '../types.js';
import { Layout } from './layout.js';
import type { UiNode } from './node.js';
import { lineHeight, textWidth } from '../text-metrics.js';

// density 320: 2 px per dp keeps the arithmetic readable.
const SCREEN = { left: 0, top: 0, right: 800, bottom: 1200 };

function layOut(root: Widget, options: { scroll?: Record<string, number> } = {}): UiNode {
  const layout = new Layout({ scale: 2, pkg: 'com.example.layout', keyPrefix: 'app', scrollOffset: (key) => options.scroll?.[key] ?? 0 });
  const node = layout.layoutRoot(root, { x: 0, y: 0, w: 800, h: 1200 }, SCREEN);
  if (!node) throw new Error('the root was not laid out');
  return node;
}

function byKey(root: UiNode, key: string): UiNode | undefined {
  if (root.key === key) return root;
  for (const child of root.children) {
    const found = byKey(child, key);
    if (found) return found;
  }
  return undefined;
}

function bounds(root: UiNode, key: string): Bounds | undefined {
  return byKey(root, key)?.bounds;
}

const box = (key: string, extra: Partial<Widget> = {}): Widget => ({ cls: 'android.view.View', key, ...extra });

test('a column stacks children in dp with padding and gaps; fixed, wrap and fill widths', () => {
  const root = layOut({
    cls: 'android.widget.LinearLayout',
    padding: 10,
    gap: 5,
    children: [
      box('fixed', { width: 100, height: 50 }),
      box('fill', { height: 20 }),
      { cls: 'android.widget.TextView', key: 'wrap', text: 'abcd', width: 'wrap', style: { fontSize: 10 } },
      box('centred', { width: 50, height: 10, align: 'center' }),
      box('end', { width: 50, height: 10, align: 'end' }),
    ],
  });
  expect(bounds(root, 'fixed')).toEqual({ left: 20, top: 20, right: 220, bottom: 120 });
  expect(bounds(root, 'fill')).toEqual({ left: 20, top: 130, right: 780, bottom: 170 });
  // DejaVu Sans at 20 px: "abcd" is 48.6 px wide, one line is 27 px tall.
  expect(bounds(root, 'wrap')).toEqual({ left: 20, top: 180, right: 69, bottom: 207 });
  expect(bounds(root, 'centred')).toEqual({ left: 350, top: 217, right: 450, bottom: 237 });
  expect(bounds(root, 'end')).toEqual({ left: 680, top: 247, right: 780, bottom: 267 });
});

test('the root fills the content area whatever size it asks for', () => {
  const root = layOut({ cls: 'android.widget.LinearLayout', width: 100, height: 100 });
  expect(root.bounds).toEqual(SCREEN);
});

test('a row shares what is left by weight; a default-width child takes a share too', () => {
  const root = layOut({
    cls: 'android.widget.LinearLayout',
    children: [
      {
        cls: 'android.widget.LinearLayout',
        layout: 'row',
        height: 100,
        children: [
          box('icon', { width: 50, height: 50, align: 'center' }),
          box('one', { width: 0, weight: 1, height: 'fill' }),
          box('three', { width: 0, weight: 3, height: 10 }),
          box('default', { height: 10 }),
        ],
      },
    ],
  });
  expect(bounds(root, 'icon')).toEqual({ left: 0, top: 50, right: 100, bottom: 150 });
  expect(bounds(root, 'one')).toEqual({ left: 100, top: 0, right: 240, bottom: 200 });
  expect(byKey(root, 'three')?.frame.right).toBe(660);
  expect(byKey(root, 'default')?.frame).toEqual({ left: 660, top: 0, right: 800, bottom: 20 });
});

test('weighted children of a column fill the height the others leave', () => {
  const root = layOut({
    cls: 'android.widget.LinearLayout',
    height: 'fill',
    children: [box('bar', { height: 100 }), box('body', { height: 0, weight: 1 }), box('footer', { height: 50 })],
  });
  expect(bounds(root, 'body')).toEqual({ left: 0, top: 200, right: 800, bottom: 1100 });
  expect(bounds(root, 'footer')).toEqual({ left: 0, top: 1100, right: 800, bottom: 1200 });
});

test('a stack places children by gravity and align, later ones on top', () => {
  const root = layOut({
    cls: 'android.widget.FrameLayout',
    layout: 'stack',
    height: 'fill',
    children: [
      box('under', { height: 'fill' }),
      box('badge', { width: 20, height: 20, gravity: 'top', align: 'end' }),
      box('mid', { width: 100, height: 100, gravity: 'center', align: 'center' }),
    ],
  });
  expect(bounds(root, 'under')).toEqual(SCREEN);
  expect(bounds(root, 'badge')).toEqual({ left: 760, top: 0, right: 800, bottom: 40 });
  expect(bounds(root, 'mid')).toEqual({ left: 300, top: 500, right: 500, bottom: 700 });
  expect(root.children.map((c) => c.key)).toEqual(['under', 'badge', 'mid']);
});

test('long text wraps at the available width and the widget grows by whole lines', () => {
  const root = layOut({
    cls: 'android.widget.LinearLayout',
    children: [
      {
        cls: 'android.widget.LinearLayout',
        width: 100,
        children: [{ cls: 'android.widget.TextView', key: 'text', text: 'one two three four five six', style: { fontSize: 10 } }],
      },
    ],
  });
  // At 20 px "one two three four" (186 px) fits the 200 px; "five six" goes on a second line of 27 px.
  expect(bounds(root, 'text')).toEqual({ left: 0, top: 0, right: 200, bottom: 54 });
});

test('a wrap-content label, button or check box is exactly as wide as its text, its control and its padding', () => {
  const root = layOut({
    cls: 'android.widget.LinearLayout',
    children: [
      { cls: 'android.widget.TextView', key: 'title', text: 'Welcome back', width: 'wrap', style: { fontSize: 28, bold: true } },
      { cls: 'android.widget.TextView', key: 'price', text: '$59.99', width: 'wrap', padding: { left: 8, right: 4 }, style: { fontSize: 16 } },
      { cls: 'android.widget.Button', key: 'button', text: 'Forgot password?', width: 'wrap' },
      { cls: 'android.widget.CheckBox', key: 'check', text: 'Remember me', width: 'wrap' },
    ],
  });
  const width = (key: string) => {
    const b = bounds(root, key);
    return b ? b.right - b.left : 0;
  };
  expect(width('title')).toBe(Math.ceil(textWidth('Welcome back', { px: 56, bold: true })));
  expect(width('price')).toBe(Math.ceil(textWidth('$59.99', { px: 32 })) + 24);
  // Buttons are bold by default and padded 16 dp a side, as Material's are.
  expect(width('button')).toBe(Math.ceil(textWidth('Forgot password?', { px: 28, bold: true })) + 64);
  expect(width('check')).toBe(Math.ceil(textWidth('Remember me', { px: 28 })) + 64);
  expect(byKey(root, 'price')?.padding).toEqual({ top: 0, right: 8, bottom: 0, left: 16 });
  const title = bounds(root, 'title');
  expect(title ? title.bottom - title.top : 0).toBe(Math.ceil(lineHeight({ px: 56 })));
});

test('a scroll container drops rows outside its viewport and clips the one cut by its edge', () => {
  const list: Widget = {
    cls: 'androidx.recyclerview.widget.RecyclerView',
    key: 'list',
    height: 250,
    scrollable: 'vertical',
    children: Array.from({ length: 50 }, (_, i) =>
      box(`row${i}`, { height: 40, children: [{ cls: 'android.widget.TextView', key: `t${i}`, text: `Row ${i}` }] }),
    ),
  };
  let root = layOut({ cls: 'android.widget.LinearLayout', children: [list] });
  let rows = byKey(root, 'list')?.children ?? [];
  expect(rows.map((r) => r.key)).toEqual(['row0', 'row1', 'row2', 'row3', 'row4', 'row5', 'row6']);
  expect(rows[6]?.bounds).toEqual({ left: 0, top: 480, right: 800, bottom: 500 });
  expect(rows[6]?.frame).toEqual({ left: 0, top: 480, right: 800, bottom: 560 });
  expect(byKey(root, 'list')?.scroll).toEqual({ axis: 'vertical', key: 'list', offset: 0, max: 50 * 80 - 500 });

  root = layOut({ cls: 'android.widget.LinearLayout', children: [list] }, { scroll: { list: 100 } });
  rows = byKey(root, 'list')?.children ?? [];
  expect(rows[0]?.key).toBe('row1');
  expect(rows[0]?.bounds).toEqual({ left: 0, top: 0, right: 800, bottom: 60 });

  root = layOut({ cls: 'android.widget.LinearLayout', children: [list] }, { scroll: { list: 99_999 } });
  rows = byKey(root, 'list')?.children ?? [];
  expect(rows[rows.length - 1]?.key).toBe('row49');
  expect(rows[rows.length - 1]?.bounds.bottom).toBe(500);
});

test('a horizontal scroll container lays its row out at full length and shows the part in view', () => {
  const root = layOut(
    {
      cls: 'android.widget.HorizontalScrollView',
      key: 'chips',
      scrollable: 'horizontal',
      height: 40,
      children: [
        {
          cls: 'android.widget.LinearLayout',
          key: 'group',
          layout: 'row',
          width: 'wrap',
          children: Array.from({ length: 10 }, (_, i) => box(`chip${i}`, { width: 120, height: 40 })),
        },
      ],
    },
    { scroll: { chips: 480 } },
  );
  const group = byKey(root, 'group');
  expect(group?.frame).toEqual({ left: -480, top: 0, right: 1920, bottom: 80 });
  expect(group?.children[0]?.key).toBe('chip2');
  expect(group?.children[0]?.bounds).toEqual({ left: 0, top: 0, right: 240, bottom: 80 });
  expect(byKey(root, 'chips')?.scroll?.max).toBe(2400 - 800);
});

test('widgets that are gone take no space', () => {
  const root = layOut({
    cls: 'android.widget.LinearLayout',
    children: [box('a', { height: 10 }), box('gone', { height: 10, visible: false }), box('b', { height: 10 })],
  });
  expect(root.children.map((c) => c.key)).toEqual(['a', 'b']);
  expect(bounds(root, 'b')?.top).toBe(20);
});
