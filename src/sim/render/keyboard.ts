// The soft keyboard: a grey panel with QWERTY key caps drawn inside the keyboard window's bounds.
import type { LaidOutWindow } from '../types.js';
import { parseColour } from './colour.js';
import { box, rect, type Box, type Canvas } from './shapes.js';
import { measure, round, textElement } from './text.js';
import { drawTree } from './widgets.js';

interface Key {
  label: string;
  /** Width in letter-key units. */
  units: number;
  special?: 'shift' | 'delete' | 'enter' | 'symbols';
}

const letters = (row: string): Key[] => [...row].map((label) => ({ label, units: 1 }));

const ROWS: Array<{ indent: number; keys: Key[] }> = [
  { indent: 0, keys: letters('qwertyuiop') },
  { indent: 0.5, keys: letters('asdfghjkl') },
  { indent: 0, keys: [{ label: '', units: 1.5, special: 'shift' }, ...letters('zxcvbnm'), { label: '', units: 1.5, special: 'delete' }] },
  {
    indent: 0,
    keys: [
      { label: '?123', units: 1.5, special: 'symbols' },
      { label: ',', units: 1 },
      { label: '', units: 5 },
      { label: '.', units: 1 },
      { label: '', units: 1.5, special: 'enter' },
    ],
  },
];

/** Outlines for the non-letter keys on a 24-unit grid. */
const GLYPHS: Record<'shift' | 'delete' | 'enter', string> = {
  shift: 'M12 4L4 12.5h4.5V20h7v-7.5H20z',
  delete: 'M8 5h12a1.5 1.5 0 0 1 1.5 1.5v11A1.5 1.5 0 0 1 20 19H8l-6-7zM11 9l6 6M17 9l-6 6',
  enter: 'M19 5v7H6M10 8l-4 4 4 4',
};

/** Draws the keyboard's own key nodes when the window has them, else a standard QWERTY layout. */
export function drawKeyboard(canvas: Canvas, window: LaidOutWindow): void {
  const { u, pal, out } = canvas;
  const panel = box(window.root.bounds);
  if (panel.w <= 0 || panel.h <= 0) return;
  out.push(rect(panel, { fill: pal.keyboard }));
  if (window.root.children.length > 0) {
    drawTree(window.root, { canvas, under: parseColour(pal.keyboard) ?? { r: 128, g: 128, b: 128, a: 1 } });
    return;
  }
  const pad = Math.min(u.dp(4), panel.w / 50);
  const gap = Math.min(u.dp(6), panel.w / 80);
  const strip = panel.h > u.dp(200) ? panel.h * 0.16 : 0;
  const rowsTop = panel.y + strip + pad;
  const rowH = (panel.h - strip - 2 * pad - 3 * gap) / 4;
  const unit = (panel.w - 2 * pad) / 10;
  const px = Math.min(rowH * 0.42, unit * 0.62);
  ROWS.forEach((row, r) => {
    let x = panel.x + pad + row.indent * unit;
    const y = rowsTop + r * (rowH + gap);
    for (const key of row.keys) {
      const cap: Box = { x: x + gap / 2, y, w: key.units * unit - gap, h: rowH };
      drawKey(canvas, { key, cap, px });
      x += key.units * unit;
    }
  });
}

function drawKey(canvas: Canvas, at: { key: Key; cap: Box; px: number }): void {
  const { u, pal, out } = canvas;
  const { key, cap, px } = at;
  const enter = key.special === 'enter';
  const fill = enter ? pal.primary : key.special ? pal.keySpecial : pal.key;
  const ink = enter ? pal.onPrimary : pal.onKey;
  out.push(rect(cap, { fill, radius: u.dp(6) }));
  const cx = cap.x + cap.w / 2;
  const cy = cap.y + cap.h / 2;
  if (key.special && key.special !== 'symbols') {
    const size = Math.min(cap.h, cap.w) * 0.5;
    const paint =
      key.special === 'shift'
        ? `fill="none" stroke="${ink}" stroke-width="1.8" stroke-linejoin="round"`
        : `fill="none" stroke="${ink}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"`;
    out.push(
      `<path transform="translate(${round(cx - size / 2)} ${round(cy - size / 2)}) scale(${round((size / 24) * 1000) / 1000})" d="${GLYPHS[key.special]}" ${paint}/>`,
    );
    return;
  }
  if (key.label) {
    const wanted = key.special === 'symbols' ? px * 0.7 : px;
    // A label wider than its cap ("?123" on a narrow screen) is set smaller rather than spilling over.
    const natural = measure(key.label, { px: wanted, bold: false });
    const size = natural > cap.w * 0.8 ? (wanted * cap.w * 0.8) / natural : wanted;
    out.push(textElement({ text: key.label, x: cx, cy, px: size, bold: false, colour: ink, anchor: 'middle' }));
  }
}
