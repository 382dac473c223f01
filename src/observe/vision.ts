// The screen as a picture for a model that sees: when the tree and OCR together name too few of its
// elements (needsVision), the planner and the validator also get the screenshot, scaled to about 720 px
// wide, the fixed system bars cropped off, each element (the tree's and OCR's) boxed and tagged with its
// ref, so an answer can name a ref it sees or a point on the picture, which maps back to the device.
// Secrets are painted over by the caller before the picture is made (primitives know which fields hold one).
import sharp from 'sharp';
import type { Screen } from './screen-types.js';
import type { Rect } from './ui-node.js';

/** Width of the picture: enough to read a label, few image tokens (about 1,400 for a phone screen). */
export const VISION_WIDTH = 720;
const BOX_COLOUR = '#e8336b';
/** A system bar at an edge is cropped off when it spans at least this share of the screen's width. */
const BAR_SPAN = 0.9;

/** The annotated picture and how its pixels map to the device's. */
export interface VisionFrame {
  /** PNG, `width` × `height`. */
  png: Buffer;
  width: number;
  height: number;
  /** The part of the screen the picture shows, in device pixels (the screen less its cropped bars). */
  shows: Rect;
  /** Picture pixels per device pixel. */
  scale: number;
  /** The refs boxed and tagged in it, in the screen's order. */
  refs: string[];
}

export interface VisionFrameOptions {
  /** Width to scale to; VISION_WIDTH by default (never scaled up). */
  width?: number;
  /** Keep the system bars (the MCP look shows the whole screen when asked for a screenshot). */
  keepBars?: boolean;
}

/**
 * The screen less the system bars along its top and bottom edges (status bar, navigation bar): the rows
 * the app draws in (its window's content), when that spans the screen's width; the whole screen otherwise.
 */
export function barlessArea(screen: Screen): Rect {
  const whole = { left: 0, top: 0, right: screen.width, bottom: screen.height };
  const app = screen.windows.find((w) => w.kind === 'app');
  const content = app?.content;
  if (!content || content.right - content.left < BAR_SPAN * screen.width) return whole;
  // Only a bar's worth is cropped at either edge: an app drawn in a small part of the screen is shown whole.
  const bar = screen.height / 8;
  const top = content.top > 0 && content.top <= bar ? content.top : 0;
  const bottom = content.bottom < screen.height && screen.height - content.bottom <= bar ? content.bottom : screen.height;
  // A keyboard or dialog reaching past the content is shown whole.
  const reach = screen.windows.filter((w) => w.kind === 'keyboard' || w.kind === 'dialog').map((w) => w.bounds);
  return {
    ...whole,
    top: Math.min(top, ...reach.map((r) => Math.max(0, r.top))),
    bottom: Math.max(bottom, ...reach.map((r) => Math.min(screen.height, r.bottom))),
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * `png` (a screenshot of `screen`, secrets already painted over) cropped of its system bars, scaled to
 * about 720 px wide, each element boxed and tagged with its ref.
 */
export async function visionFrame(png: Buffer, screen: Screen, options: VisionFrameOptions = {}): Promise<VisionFrame> {
  const { width: imageWidth = screen.width, height: imageHeight = screen.height } = await sharp(png).metadata();
  // The screenshot may not be in the dump's pixels (a scaled capture): crop in the image's own.
  const toImage = screen.width > 0 ? imageWidth / screen.width : 1;
  const shows = options.keepBars ? { left: 0, top: 0, right: screen.width, bottom: screen.height } : barlessArea(screen);
  const crop = {
    left: Math.floor(shows.left * toImage),
    top: Math.floor(shows.top * toImage),
    width: Math.max(1, Math.min(imageWidth, Math.round((shows.right - shows.left) * toImage))),
    height: Math.max(1, Math.min(imageHeight - Math.floor(shows.top * toImage), Math.round((shows.bottom - shows.top) * toImage))),
  };
  const width = Math.min(options.width ?? VISION_WIDTH, crop.width);
  const scale = width / Math.max(1, shows.right - shows.left);
  const scaled = await sharp(png).extract(crop).resize({ width }).raw().toBuffer({ resolveWithObject: true });
  const height = scaled.info.height;
  const font = Math.max(12, Math.round(width / 48));
  const refs: string[] = [];
  const marks: string[] = [];
  for (const e of screen.elements) {
    const x = Math.round((e.bounds.left - shows.left) * scale);
    const y = Math.round((e.bounds.top - shows.top) * scale);
    const w = Math.round((e.bounds.right - e.bounds.left) * scale);
    const h = Math.round((e.bounds.bottom - e.bounds.top) * scale);
    // Outside the picture (on a cropped bar) or too small to box: not tagged, so not offered.
    if (w < 2 || h < 2 || x >= width || y >= height || x + w <= 0 || y + h <= 0) continue;
    refs.push(e.ref);
    const tagX = Math.max(0, x);
    const tagY = Math.max(0, y);
    const tagWidth = Math.round(font * 0.62 * e.ref.length + font * 0.5);
    marks.push(
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="none" stroke="${BOX_COLOUR}" stroke-width="2"/>`,
      `<rect x="${tagX}" y="${tagY}" width="${tagWidth}" height="${font + 4}" fill="${BOX_COLOUR}"/>`,
      `<text x="${tagX + font * 0.25}" y="${tagY + font}" font-family="DejaVu Sans Mono, monospace" font-size="${font}" fill="#fff">${escapeXml(e.ref)}</text>`,
    );
  }
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${marks.join('')}</svg>`);
  const out = await sharp(scaled.data, { raw: { width, height, channels: scaled.info.channels } })
    .composite([{ input: svg, left: 0, top: 0 }])
    .png()
    .toBuffer();
  return { png: out, width, height, shows, scale, refs };
}

/** A point on the picture in device pixels; undefined when it is not on the picture. */
export function devicePoint(
  frame: Pick<VisionFrame, 'width' | 'height' | 'shows' | 'scale'>,
  p: { x: number; y: number },
): { x: number; y: number } | undefined {
  if (!(p.x >= 0 && p.y >= 0 && p.x < frame.width && p.y < frame.height)) return undefined;
  return { x: Math.round(frame.shows.left + p.x / frame.scale), y: Math.round(frame.shows.top + p.y / frame.scale) };
}
