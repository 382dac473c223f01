// An iPhone's status bar and home indicator: the time on the left, signal, Wi-Fi and a horizontal
// battery on the right, over the app's own colour; a dark (or light) pill at the bottom.
import type { Frame } from '../types.js';
import { luminance, type Rgba } from './colour.js';
import { rect, type Canvas } from './shapes.js';
import { textElement, measure } from './text.js';

/** The bars' content in points (1 dp = 1 pt on the iPhone frame). */
export function drawIosBars(canvas: Canvas, frame: Frame, bars: { statusHeight: number; navHeight: number; statusColour: Rgba; navColour: Rgba }): void {
  const { u, out, width, height } = canvas;
  if (bars.navHeight > 0) {
    const w = u.dp(134);
    const h = u.dp(5);
    const fill = luminance(bars.navColour) < 0.4 ? '#ffffff' : '#000000';
    out.push(rect({ x: (width - w) / 2, y: height - u.dp(8) - h, w, h }, { fill, radius: h / 2 }));
  }
  if (bars.statusHeight <= 0) return;
  const ink = luminance(bars.statusColour) > 0.4 ? '#000000' : '#ffffff';
  // The time and the icons sit a little above the bar's middle, beside the Dynamic Island.
  const cy = bars.statusHeight * 0.5;
  const px = u.sp(17);
  const time = frame.statusBar.time;
  out.push(textElement({ text: time, x: u.dp(64) - measure(time, { px, bold: true }) / 2, cy, px, bold: true, colour: ink }));
  let right = width - u.dp(24);
  right -= drawBattery(canvas, { right, cy, level: frame.statusBar.battery, ink });
  right -= u.dp(6);
  if (frame.statusBar.wifi) right -= drawWifi(canvas, { right, cy, ink }) + u.dp(6);
  drawSignal(canvas, { right, cy, ink });
}

function drawBattery(canvas: Canvas, at: { right: number; cy: number; level: number; ink: string }): number {
  const { u, out } = canvas;
  const w = u.dp(25);
  const h = u.dp(12);
  const x = at.right - w - u.dp(2);
  const y = at.cy - h / 2;
  const level = Math.min(100, Math.max(0, Number.isFinite(at.level) ? at.level : 0));
  out.push(rect({ x, y, w, h }, { stroke: at.ink, strokeWidth: u.dp(1), strokeOpacity: 0.4, radius: u.dp(3.5) }));
  out.push(rect({ x: x + w + u.dp(1), y: at.cy - u.dp(2), w: u.dp(1.5), h: u.dp(4) }, { fill: at.ink, fillOpacity: 0.4, radius: u.dp(0.75) }));
  const inner = w - u.dp(4);
  if (level > 0)
    out.push(rect({ x: x + u.dp(2), y: y + u.dp(2), w: (inner * level) / 100, h: h - u.dp(4) }, { fill: level <= 20 ? '#ff3b30' : at.ink, radius: u.dp(2) }));
  return w + u.dp(2);
}

function drawWifi(canvas: Canvas, at: { right: number; cy: number; ink: string }): number {
  const { u, out } = canvas;
  const w = u.dp(17);
  const cx = at.right - w / 2;
  const base = at.cy + u.dp(5);
  for (const [i, r] of [u.dp(4), u.dp(8.5), u.dp(13)].entries()) {
    const a = Math.PI / 4;
    const x1 = cx - r * Math.sin(a);
    const x2 = cx + r * Math.sin(a);
    const y1 = base - r * Math.cos(a);
    if (i === 0) out.push(`<path d="M${cx} ${base}L${x1} ${y1}A${r} ${r} 0 0 1 ${x2} ${y1}Z" fill="${at.ink}"/>`);
    else out.push(`<path d="M${x1} ${y1}A${r} ${r} 0 0 1 ${x2} ${y1}" fill="none" stroke="${at.ink}" stroke-width="${u.dp(2)}" stroke-linecap="round"/>`);
  }
  return w;
}

function drawSignal(canvas: Canvas, at: { right: number; cy: number; ink: string }): void {
  const { u, out } = canvas;
  const bar = u.dp(3);
  const gap = u.dp(1.5);
  const bottom = at.cy + u.dp(5.5);
  for (let i = 0; i < 4; i++) {
    const h = u.dp(4 + i * 2.3);
    const x = at.right - (4 - i) * (bar + gap);
    out.push(rect({ x, y: bottom - h, w: bar, h }, { fill: at.ink, radius: u.dp(1) }));
  }
}
