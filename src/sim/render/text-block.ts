// Lays a node's text into its box: one centred line, or wrapped lines when the box is tall enough.
import { type Box } from './shapes.js';
import { cleanText, fitLine, measure, textElement, wrapLines, type TextStyle } from './text.js';

export interface TextBlock {
  text: string;
  area: Box;
  px: number;
  bold: boolean;
  colour: string;
  opacity?: number;
  align: 'start' | 'center';
}

/** Appends the text's SVG and returns where its last line ends (for the caret), in pixels. */
export function drawTextBlock(out: string[], block: TextBlock): { endX: number; cy: number } {
  const style: TextStyle = { px: block.px, bold: block.bold };
  const { area } = block;
  const lineHeight = block.px * 1.25;
  const maxLines = Math.max(1, Math.floor(area.h / lineHeight));
  const text = cleanText(block.text);
  const flat = text.replace(/\s*[\r\n]\s*/g, ' ');
  const centreY = area.y + area.h / 2;
  let lines: string[];
  if (maxLines === 1 || (measure(flat, style) <= area.w && flat === text)) {
    lines = [fitLine(flat, area.w, style)];
  } else {
    lines = wrapLines(text.replace(/\r\n?/g, '\n'), area.w, maxLines, style);
  }
  const top = centreY - ((lines.length - 1) * lineHeight) / 2;
  const x = block.align === 'center' ? area.x + area.w / 2 : area.x;
  lines.forEach((line, i) => {
    out.push(textElement({
      text: line, x, cy: top + i * lineHeight, px: block.px, bold: block.bold, colour: block.colour,
      anchor: block.align === 'center' ? 'middle' : 'start', opacity: block.opacity,
    }));
  });
  const last = lines[lines.length - 1] ?? '';
  const lastWidth = measure(last, style);
  const endX = block.align === 'center' ? x + lastWidth / 2 : x + lastWidth;
  return { endX, cy: top + (lines.length - 1) * lineHeight };
}
