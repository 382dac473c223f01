// The drawing toolbar's glyphs, painted as plain shapes around a centre point (dp): no icon font,
// no label, as many real toolbars ship them.
import type { DrawOp } from '../../types.js';

export type ToolIcon = 'pencil' | 'eraser' | 'undo' | 'palette' | 'clear';

/** The glyph of a toolbar button centred on (cx, cy), about 20 dp across. */
export function toolIcon(icon: ToolIcon, at: { cx: number; cy: number; ink: string; accent: string }): DrawOp[] {
  const { cx, cy, ink, accent } = at;
  switch (icon) {
    case 'pencil':
      return [
        { op: 'path', d: `M${cx - 5} ${cy + 9}L${cx + 7} ${cy - 3}L${cx + 3} ${cy - 7}L${cx - 9} ${cy + 5}Z`, fill: ink },
        { op: 'path', d: `M${cx + 5} ${cy - 9}L${cx + 9} ${cy - 5}L${cx + 10} ${cy - 8}L${cx + 8} ${cy - 10}Z`, fill: accent },
        { op: 'path', d: `M${cx - 9} ${cy + 5}L${cx - 5} ${cy + 9}L${cx - 10} ${cy + 10}Z`, fill: ink },
      ];
    case 'eraser':
      return [
        { op: 'path', d: `M${cx - 10} ${cy + 3}L${cx + 1} ${cy - 8}L${cx + 9} ${cy}L${cx - 2} ${cy + 11}Z`, fill: '#ffffff', stroke: ink, strokeWidth: 2 },
        { op: 'path', d: `M${cx - 4} ${cy - 3}L${cx + 1} ${cy - 8}L${cx + 9} ${cy}L${cx + 4} ${cy + 5}Z`, fill: accent },
        {
          op: 'line',
          points: [
            { x: cx - 2, y: cy + 11 },
            { x: cx + 10, y: cy + 11 },
          ],
          colour: ink,
          width: 2,
        },
      ];
    case 'undo':
      return [
        { op: 'path', d: `M${cx - 7} ${cy - 3}H${cx + 3}A6 6 0 0 1 ${cx + 3} ${cy + 9}H${cx - 4}`, stroke: ink, strokeWidth: 2.5 },
        { op: 'path', d: `M${cx - 3} ${cy - 8}L${cx - 8} ${cy - 3}L${cx - 3} ${cy + 2}`, stroke: ink, strokeWidth: 2.5 },
      ];
    case 'palette':
      return [
        { op: 'circle', cx, cy, r: 10, fill: 'none', stroke: ink, strokeWidth: 2 },
        { op: 'circle', cx: cx - 4, cy: cy - 4, r: 2.2, fill: '#d93025' },
        { op: 'circle', cx: cx + 4, cy: cy - 4, r: 2.2, fill: '#1e8e3e' },
        { op: 'circle', cx: cx - 5, cy: cy + 3, r: 2.2, fill: '#1a73e8' },
        { op: 'circle', cx: cx + 3, cy: cy + 5, r: 3, fill: accent },
      ];
    case 'clear':
      return [
        { op: 'rect', x: cx - 6, y: cy - 5, w: 12, h: 14, radius: 2, stroke: ink, strokeWidth: 2 },
        {
          op: 'line',
          points: [
            { x: cx - 9, y: cy - 7 },
            { x: cx + 9, y: cy - 7 },
          ],
          colour: ink,
          width: 2,
        },
        {
          op: 'line',
          points: [
            { x: cx - 2, y: cy - 10 },
            { x: cx + 2, y: cy - 10 },
          ],
          colour: ink,
          width: 2,
        },
      ];
  }
}
