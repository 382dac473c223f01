// Lays a node's text into its box: one centred line, or wrapped lines when the box is tall enough.
import { type Box } from './shapes.js';
import { cleanText, ELLIPSIS, fitLine, measure, textElement, wrapLines, type TextStyle } from './text.js';

/**
 * The runtime sizes boxes with an average glyph of 0.55 em while DejaVu's run wider, so a line may
 * be squeezed to 80% of its width to stay whole and inside its box before it is cut with an ellipsis.
 */
const MIN_SQUEEZE = 0.8;
/** Line box height in em, as the runtime's layout counts it. */
const LINE_HEIGHT_EM = 1.35;

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
  const lineHeight = block.px * LINE_HEIGHT_EM;
  const budget = area.w / MIN_SQUEEZE;
  const maxLines = Math.max(1, Math.floor(area.h / lineHeight));
  const text = cleanText(block.text);
  const flat = text.replace(/\s*[\r\n]\s*/g, ' ');
  const centreY = area.y + area.h / 2;
  const natural = measure(flat, style);
  let lines: string[];
  if (maxLines === 1 || (flat === text && natural <= area.w)) {
    lines = [fitLine(flat, budget, style)];
  } else {
    const paragraphs = text.replace(/\r\n?/g, '\n');
    // Wrap at the true width when the lines fit the box; squeeze them only when they would not.
    const unsqueezed = wrapLines(paragraphs, area.w, maxLines + 1, style);
    lines = unsqueezed.length <= maxLines ? unsqueezed : wrapLines(paragraphs, budget, maxLines, style);
  }
  const top = centreY - ((lines.length - 1) * lineHeight) / 2;
  const x = block.align === 'center' ? area.x + area.w / 2 : area.x;
  let lastWidth = 0;
  if (lines.length === 1 && text.trim() !== '' && (lines[0] === '' || lines[0] === ELLIPSIS)) {
    // Too narrow even for an ellipsis: show the first character squeezed rather than nothing.
    lines = [Array.from(text.trim())[0]];
  }
  lines.forEach((line, i) => {
    const natural = measure(line, style);
    lastWidth = Math.min(natural, area.w);
    out.push(textElement({
      text: line, x, cy: top + i * lineHeight, px: block.px, bold: block.bold, colour: block.colour,
      anchor: block.align === 'center' ? 'middle' : 'start', opacity: block.opacity,
      length: natural > area.w ? area.w : undefined,
    }));
  });
  const endX = block.align === 'center' ? x + lastWidth / 2 : x + lastWidth;
  return { endX, cy: top + (lines.length - 1) * lineHeight };
}
