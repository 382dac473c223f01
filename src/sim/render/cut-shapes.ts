// The background and border of a node partly scrolled out of view: the visible part of its
// rounded box, square where the window cuts it. Drawn as paths, because a clip layer the size of
// a list row costs resvg more than the rest of the screen.
import { paintAttributes, rect, type Box, type RectStyle } from './shapes.js';
import { round } from './text.js';

interface Cut {
  left: boolean;
  top: boolean;
  right: boolean;
  bottom: boolean;
}

export function cutRect(frame: Box, visible: Box, style: RectStyle): string {
  const cut: Cut = {
    left: visible.x > frame.x + 0.5,
    top: visible.y > frame.y + 0.5,
    right: visible.x + visible.w < frame.x + frame.w - 0.5,
    bottom: visible.y + visible.h < frame.y + frame.h - 0.5,
  };
  if (!cut.left && !cut.top && !cut.right && !cut.bottom) return rect(frame, style);
  const sw = style.stroke ? (style.strokeWidth ?? 1) : 0;
  // A stroke stays inside the box on the sides the window does not cut.
  const x = visible.x + (cut.left ? 0 : sw / 2);
  const y = visible.y + (cut.top ? 0 : sw / 2);
  const right = visible.x + visible.w - (cut.right ? 0 : sw / 2);
  const bottom = visible.y + visible.h - (cut.bottom ? 0 : sw / 2);
  if (right <= x || bottom <= y) return '';
  const r = Math.min(style.radius ?? 0, frame.w / 2, frame.h / 2, (right - x) / 2, (bottom - y) / 2);
  const corner = (a: boolean, b: boolean): number => (a || b ? 0 : r);
  const radii = [corner(cut.top, cut.right), corner(cut.right, cut.bottom), corner(cut.bottom, cut.left), corner(cut.left, cut.top)];
  // Sides clockwise from the top: where each starts and ends, and the corner after it.
  const sides = [
    { cut: cut.top, from: [x + radii[3], y], to: [right - radii[0], y], arc: radii[0] },
    { cut: cut.right, from: [right, y + radii[0]], to: [right, bottom - radii[1]], arc: radii[1] },
    { cut: cut.bottom, from: [right - radii[1], bottom], to: [x + radii[2], bottom], arc: radii[2] },
    { cut: cut.left, from: [x, bottom - radii[2]], to: [x, y + radii[3]], arc: radii[3] },
  ];
  const pt = (p: number[]): string => `${round(p[0])} ${round(p[1])}`;
  const arcTo = (i: number): string => (sides[i].arc > 0 ? `A${round(sides[i].arc)} ${round(sides[i].arc)} 0 0 1 ${pt(sides[(i + 1) % 4].from)}` : '');
  let out = '';
  if (style.fill) {
    const d = `M${pt(sides[0].from)}` + sides.map((s, i) => `L${pt(s.to)}${arcTo(i)}`).join('') + 'Z';
    out += `<path d="${d}" ${paintAttributes({ ...style, stroke: undefined })}/>`;
  }
  if (style.stroke) {
    const start = sides.findIndex((s, i) => !s.cut && sides[(i + 3) % 4].cut);
    let d = '';
    for (let k = 0; k < 4; k++) {
      const i = (start + k) % 4;
      const side = sides[i];
      if (side.cut) continue;
      if (d === '' || sides[(i + 3) % 4].cut) d += `M${pt(side.from)}`;
      d += `L${pt(side.to)}`;
      if (!sides[(i + 1) % 4].cut) d += arcTo(i);
    }
    out += `<path d="${d}" ${paintAttributes({ ...style, fill: undefined, fillOpacity: undefined })}/>`;
  }
  return out;
}
