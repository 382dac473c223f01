// The system's own drawing: status bar, gesture pill, dialog cards over a scrim, toasts.
import type { Frame, LaidOutNode, LaidOutWindow } from '../types.js';
import { darken, luminance, mix, parseColour, toHex, type Rgba } from './colour.js';
import { iconElement } from './icons.js';
import { dim } from './paint-ops.js';
import { box, paint, rect, type Canvas, type Point } from './shapes.js';
import { drawTextBlock } from './text-block.js';
import { fitLine, measure, textElement } from './text.js';
import { NAV_BAR_DP, STATUS_BAR_DP } from './theme.js';
import { drawTree } from './widgets.js';
import { drawIosBars } from './ios-chrome.js';

/** The colour the app (or keyboard) paints at a point: its deepest opaque styled background there. */
export function appColourAt(windows: LaidOutWindow[], { x, y }: Point, fallback: Rgba): Rgba {
  let found = fallback;
  const visit = (node: LaidOutNode): void => {
    const b = node.bounds;
    if (x < b.left || x >= b.right || y < b.top || y >= b.bottom) return;
    const colour = parseColour(node.style?.background);
    if (colour && colour.a >= 0.5) found = colour;
    node.children.forEach(visit);
  };
  for (const window of windows) if (window.kind === 'app' || window.kind === 'keyboard') visit(window.root);
  return found;
}

/** Where the system bars are and what colour sits behind them. */
export interface SystemBars {
  statusHeight: number;
  navHeight: number;
  statusColour: Rgba;
  navColour: Rgba;
}

/** Status bar a shade darker than the app's top edge; navigation area the colour just above it. */
export function systemBars(canvas: Canvas, frame: Frame): SystemBars {
  const { u, pal, width, height } = canvas;
  const statusHeight = Math.max(0, frame.insets?.top ?? u.dp(STATUS_BAR_DP));
  const navHeight = Math.max(0, frame.insets?.bottom ?? u.dp(NAV_BAR_DP));
  const white = { r: 255, g: 255, b: 255, a: 1 };
  const top = appColourAt(frame.windows, { x: width / 2, y: statusHeight + 1 }, parseColour(pal.background) ?? white);
  const fallback = frame.windows.some((w) => w.kind === 'keyboard') ? pal.keyboard : pal.background;
  const navColour = appColourAt(frame.windows, { x: width / 2, y: height - navHeight - 1 }, parseColour(fallback) ?? white);
  // An iPhone's status bar is transparent over the app; Android's is a shade darker than the app's top edge.
  const statusColour = frame.platform === 'ios' ? top : luminance(top) > 0.5 ? darken(top, 0.1) : mix(top, { r: 0, g: 0, b: 0, a: 1 }, 0.3);
  return { statusHeight, navHeight, statusColour, navColour };
}

/** The bars' backgrounds belong to the app's layer: a dialog's scrim dims them with the app. */
export function drawBarBackgrounds(canvas: Canvas, bars: SystemBars): void {
  const { out, width, height } = canvas;
  if (bars.statusHeight > 0) out.push(rect({ x: 0, y: 0, w: width, h: bars.statusHeight }, { fill: toHex(bars.statusColour) }));
  if (bars.navHeight > 0) out.push(rect({ x: 0, y: height - bars.navHeight, w: width, h: bars.navHeight }, { fill: toHex(bars.navColour) }));
}

/** Time, notifications, wifi and battery, and the gesture handle: drawn above every window. */
export function drawBarContent(canvas: Canvas, frame: Frame, bars: SystemBars): void {
  if (frame.platform === 'ios') {
    drawIosBars(canvas, frame, bars);
    return;
  }
  const { u, out, width, height } = canvas;
  if (bars.navHeight > 0) {
    const w = Math.min(u.dp(108), width / 3);
    const h = Math.min(u.dp(4), bars.navHeight / 3);
    const fill = luminance(bars.navColour) < 0.4 ? '#e6e1e5' : '#1c1b1f';
    out.push(rect({ x: (width - w) / 2, y: height - bars.navHeight / 2 - h / 2, w, h }, { fill, fillOpacity: 0.85, radius: h / 2 }));
  }
  if (bars.statusHeight <= 0) return;
  const ink = luminance(bars.statusColour) > 0.4 ? '#1c1b1f' : '#f4eff4';
  const cy = bars.statusHeight / 2;
  const px = Math.min(u.sp(14), bars.statusHeight * 0.6);
  const side = Math.min(u.dp(16), bars.statusHeight * 0.7);
  let x = u.dp(16);
  const time = fitLine(frame.statusBar.time, width / 3, { px, bold: true });
  out.push(textElement({ text: time, x, cy, px, bold: true, colour: ink }));
  x += measure(time, { px, bold: true }) + u.dp(8);
  for (let i = 0; i < Math.min(3, frame.statusBar.notifications); i++) {
    out.push(iconElement({ name: 'bell', cx: x + side / 2, cy, size: side, colour: ink }));
    x += side + u.dp(4);
  }
  let right = width - u.dp(16);
  right -= drawBattery(canvas, { right, cy, level: frame.statusBar.battery, ink });
  if (frame.statusBar.wifi) {
    right -= u.dp(6);
    out.push(iconElement({ name: 'wifi', cx: right - side / 2, cy, size: side, colour: ink }));
  }
}

/** A vertical battery filled to its level (red when low); returns the width used. */
function drawBattery(canvas: Canvas, at: { right: number; cy: number; level: number; ink: string }): number {
  const { u, out } = canvas;
  const w = u.dp(8);
  const h = u.dp(14);
  const x = at.right - w;
  const y = at.cy - h / 2 + u.dp(1);
  const level = Math.min(100, Math.max(0, Number.isFinite(at.level) ? at.level : 0));
  out.push(rect({ x: x + w * 0.3, y: y - u.dp(2), w: w * 0.4, h: u.dp(2) }, { fill: at.ink }));
  out.push(rect({ x, y, w, h }, { stroke: at.ink, strokeWidth: u.dp(1.2), radius: u.dp(1.5) }));
  const inner = h - u.dp(3);
  const filled = (inner * level) / 100;
  if (filled > 0)
    out.push(rect({ x: x + u.dp(1.5), y: y + u.dp(1.5) + inner - filled, w: w - u.dp(3), h: filled }, { fill: level <= 15 ? '#e53935' : at.ink }));
  return w;
}

/** Scrim over everything beneath, then the card the dialog's widgets sit on. */
export function drawDialogFrame(canvas: Canvas, window: LaidOutWindow): Rgba {
  const { u, pal, out } = canvas;
  if (window.scrim) {
    const beneath = dim(out.join(''), pal.scrimOpacity);
    out.length = 0;
    out.push(beneath);
  }
  const own = cardBackground(window.root);
  if (own) return own;
  const area = box(window.root.bounds);
  const radius = u.dp(window.root.style?.radius ?? 16);
  out.push(rect(area, { fill: pal.dialog, radius }));
  out.push(rect(area, { stroke: pal.dark ? '#ffffff' : '#000000', strokeWidth: u.dp(1), strokeOpacity: 0.12, radius }));
  return parseColour(pal.dialog) ?? { r: 255, g: 255, b: 255, a: 1 };
}

/** The dialog's own card: an opaque background on the root or on the node that fills it. */
function cardBackground(node: LaidOutNode): Rgba | undefined {
  const own = paint(node.style?.background);
  if (own && own.opacity >= 0.5) return own.rgba;
  const b = node.bounds;
  const filler = node.children.find((c) => c.bounds.left === b.left && c.bounds.top === b.top && c.bounds.right === b.right && c.bounds.bottom === b.bottom);
  return filler ? cardBackground(filler) : undefined;
}

/** A toast: a dark rounded pill with its message centred, unless the window styles its own. */
export function drawToast(canvas: Canvas, window: LaidOutWindow): void {
  const { u, pal, out } = canvas;
  const area = box(window.root.bounds);
  if (area.w <= 0 || area.h <= 0) return;
  if (hasStyle(window.root)) {
    drawTree(window.root, { canvas, under: parseColour(pal.background) ?? { r: 255, g: 255, b: 255, a: 1 } });
    return;
  }
  out.push(rect(area, { fill: pal.toast, fillOpacity: 0.95, radius: Math.min(area.h / 2, u.dp(24)) }));
  const message = firstText(window.root);
  if (message) {
    const pad = Math.min(u.dp(16), area.w / 8);
    drawTextBlock(out, {
      text: message,
      area: { ...area, x: area.x + pad, w: area.w - 2 * pad },
      px: u.sp(14),
      bold: false,
      colour: pal.onToast,
      align: 'center',
    });
  }
}

function hasStyle(node: LaidOutNode): boolean {
  return node.style?.background !== undefined || node.children.some(hasStyle);
}

function firstText(node: LaidOutNode): string {
  if (node.text) return node.text;
  for (const child of node.children) {
    const text = firstText(child);
    if (text) return text;
  }
  return node.contentDesc;
}
