// Lays a node's text into its box: one centred line, or wrapped lines when the box is tall enough.
import { lineHeight } from '../text-metrics.js';
import { type Box } from './shapes.js';
import { cleanText, ELLIPSIS, fitLine, measure, textElement, wrapLines, type TextStyle } from './text.js';

/** Bounds are whole pixels; this much room is taken as fitting so rounding never costs a letter. */
const ROUNDING_PX = 0.5;

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
  const lineH = lineHeight(style);
  const width = area.w + ROUNDING_PX;
  const maxLines = Math.max(1, Math.floor((area.h + ROUNDING_PX) / lineH));
  const text = cleanText(block.text);
  let lines = maxLines === 1 ? [fitLine(text.replace(/\s*[\r\n]+\s*/g, ' '), width, style)] : wrapLines(text, { maxWidth: width, maxLines, style });
  if (lines.length === 1 && text.trim() !== '' && (lines[0] === '' || lines[0] === ELLIPSIS)) {
    // Too narrow even for an ellipsis: the first character says more than nothing.
    lines = [Array.from(text.trim())[0]];
  }
  const top = area.y + area.h / 2 - ((lines.length - 1) * lineH) / 2;
  const x = block.align === 'center' ? area.x + area.w / 2 : area.x;
  let lastWidth = 0;
  lines.forEach((line, i) => {
    lastWidth = Math.min(measure(line, style), area.w);
    out.push(
      textElement({
        text: line,
        x,
        cy: top + i * lineH,
        px: block.px,
        bold: block.bold,
        colour: block.colour,
        anchor: block.align === 'center' ? 'middle' : 'start',
        opacity: block.opacity,
      }),
    );
  });
  const endX = block.align === 'center' ? x + lastWidth / 2 : x + lastWidth;
  return { endX, cy: top + (lines.length - 1) * lineH };
}
