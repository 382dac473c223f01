// An app's own painting (Widget style.drawing) as SVG: the ops are in dp from the widget's corner,
// so they go in a group scaled to pixels and clipped to the widget, as a View's Canvas is.
import type { Drawing, DrawOp, GradientOp, ImageOp, NoiseOp, ShapePaint } from '../types.js';
import { FONT_FAMILY } from '../text-metrics.js';
import type { Box, Canvas } from './shapes.js';
import { grainPng } from './grain.js';
import { escapeXml, round } from './text.js';

/** Draws the app's picture for a widget whose frame is area, clipped to area. */
export function drawingElement(drawing: Drawing, { area, canvas }: { area: Box; canvas: Canvas }): string {
  const scale = canvas.u.dp(1);
  const ops = drawing({ width: area.w / scale, height: area.h / scale });
  const id = (prefix: string): string => `${prefix}${canvas.clipIds.next++}`;
  const clip = id('clip');
  const body = ops.map((op) => opElement(op, id)).join('');
  return (
    `<clipPath id="${clip}"><rect x="${round(area.x)}" y="${round(area.y)}" width="${round(area.w)}" height="${round(area.h)}"/></clipPath>` +
    `<g clip-path="url(#${clip})"><g transform="translate(${round(area.x)} ${round(area.y)}) scale(${scale})">${body}</g></g>`
  );
}

function opElement(op: DrawOp, id: (prefix: string) => string): string {
  switch (op.op) {
    case 'rect': {
      const rx = op.radius ? ` rx="${n(op.radius)}"` : '';
      return `<rect x="${n(op.x)}" y="${n(op.y)}" width="${n(op.w)}" height="${n(op.h)}"${rx} ${paint(op)}/>`;
    }
    case 'circle':
      return `<circle cx="${n(op.cx)}" cy="${n(op.cy)}" r="${n(op.r)}" ${paint(op)}/>`;
    case 'path':
      return `<path d="${escapeXml(op.d)}" ${paint(op)}/>`;
    case 'line': {
      const d = op.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${n(p.x)} ${n(p.y)}`).join('');
      const opacity = op.opacity !== undefined && op.opacity < 1 ? ` stroke-opacity="${n(op.opacity)}"` : '';
      return `<path d="${d}" fill="none" stroke="${op.colour}" stroke-width="${n(op.width)}" stroke-linecap="round" stroke-linejoin="round"${opacity}/>`;
    }
    case 'text': {
      const safe = escapeXml(op.text);
      if (safe.trim() === '') return '';
      const anchor = op.anchor && op.anchor !== 'start' ? ` text-anchor="${op.anchor}"` : '';
      const weight = op.bold ? ' font-weight="bold"' : '';
      const opacity = op.opacity !== undefined && op.opacity < 1 ? ` fill-opacity="${n(op.opacity)}"` : '';
      // DejaVu's ascent and descent balance at 0.35 em below the line's centre, as textElement places it.
      return `<text x="${n(op.x)}" y="${n(op.cy + op.size * 0.35)}" font-size="${n(op.size)}" font-family="${FONT_FAMILY}"${weight}${anchor} fill="${op.colour}"${opacity}>${safe}</text>`;
    }
    case 'gradient':
      return gradient(op, id('grad'));
    case 'noise':
      return noise(op);
    case 'image':
      return image(op);
  }
}

function gradient(op: GradientOp, gradientId: string): string {
  const end = op.direction === 'down' ? 'x2="0" y2="1"' : op.direction === 'right' ? 'x2="1" y2="0"' : 'x2="1" y2="1"';
  const stops = op.stops.map((s) => `<stop offset="${n(s.at)}" stop-color="${s.colour}"/>`).join('');
  return `<linearGradient id="${gradientId}" x1="0" y1="0" ${end}>${stops}</linearGradient><rect x="${n(op.x)}" y="${n(op.y)}" width="${n(op.w)}" height="${n(op.h)}" fill="url(#${gradientId})"/>`;
}

/** Grey grain at the given opacity, laid over what is beneath. */
function noise(op: NoiseOp): string {
  const png = grainPng({ width: op.w, height: op.h, seed: op.seed, frequency: op.frequency });
  return `<image x="${n(op.x)}" y="${n(op.y)}" width="${n(op.w)}" height="${n(op.h)}" preserveAspectRatio="none" image-rendering="optimizeSpeed" opacity="${n(op.opacity)}" href="data:image/png;base64,${png}"/>`;
}

function image(op: ImageOp): string {
  const aspect = op.fit === 'contain' ? 'xMidYMid meet' : 'xMidYMid slice';
  return `<image x="${n(op.x)}" y="${n(op.y)}" width="${n(op.w)}" height="${n(op.h)}" preserveAspectRatio="${aspect}" href="data:image/png;base64,${op.pngBase64}"/>`;
}

function paint(p: ShapePaint): string {
  let out = `fill="${p.fill ?? 'none'}"`;
  if (p.stroke) out += ` stroke="${p.stroke}" stroke-width="${n(p.strokeWidth ?? 1)}" stroke-linecap="round" stroke-linejoin="round"`;
  if (p.opacity !== undefined && p.opacity < 1) out += ` opacity="${n(p.opacity)}"`;
  return out;
}

/** dp to two decimals: a pixel at the phone's scale is under half a dp. */
function n(value: number): number {
  return Math.round(value * 100) / 100;
}
