// Turns a frame into one SVG document: windows bottom to top, then the system bars, then toasts.
import type { Frame } from '../types.js';
import { parseColour } from './colour.js';
import { drawBarBackgrounds, drawBarContent, drawDialogFrame, drawToast, systemBars } from './chrome.js';
import { RenderError } from './errors.js';
import { drawKeyboard } from './keyboard.js';
import { paint, rect, type Canvas } from './shapes.js';
import { palette, units } from './theme.js';
import { drawTree } from './widgets.js';

/** Largest edge resvg is asked to draw; bigger sizes are a mistake in the frame, not a phone. */
const MAX_EDGE = 8192;

export function frameToSvg(frame: Frame): string {
  const { width, height, density } = frame.size;
  checkSize(width, height, density);
  const pal = palette(frame.darkTheme);
  const canvas: Canvas = { out: [], u: units(frame.size), pal, width, height, clipIds: { next: 0 } };
  const background = parseColour(pal.background) ?? { r: 255, g: 255, b: 255, a: 1 };
  canvas.out.push(rect({ x: 0, y: 0, w: width, h: height }, { fill: pal.background }));
  const bars = systemBars(canvas, frame);
  let barsDrawn = false;
  for (const window of frame.windows) {
    if (!barsDrawn && window.kind !== 'app') {
      drawBarBackgrounds(canvas, bars);
      barsDrawn = true;
    }
    switch (window.kind) {
      case 'app': {
        const own = paint(window.root.style?.background);
        drawTree(window.root, { canvas, under: own && own.opacity >= 0.5 ? own.rgba : background });
        break;
      }
      case 'popup':
        drawTree(window.root, { canvas, under: background });
        break;
      case 'dialog':
      case 'system-dialog':
        drawTree(window.root, { canvas, under: drawDialogFrame(canvas, window) });
        break;
      case 'keyboard':
        drawKeyboard(canvas, window);
        break;
      case 'toast':
        break;
    }
  }
  if (!barsDrawn) drawBarBackgrounds(canvas, bars);
  drawBarContent(canvas, frame, bars);
  for (const window of frame.windows) if (window.kind === 'toast') drawToast(canvas, window);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${canvas.out.join('')}</svg>`;
}

function checkSize(width: number, height: number, density: number): void {
  const ok = (n: number, max: number): boolean => Number.isInteger(n) && n > 0 && n <= max;
  if (!ok(width, MAX_EDGE) || !ok(height, MAX_EDGE) || !(density > 0 && Number.isFinite(density))) {
    throw new RenderError(
      `Cannot draw a frame of ${width}x${height} at ${density} dpi: width and height must be whole pixels from 1 to ${MAX_EDGE} and density positive. Check the ScreenSize given to createPhone.`,
    );
  }
}
