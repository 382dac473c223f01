// Input widgets: text fields with hint, password dots and caret; switches; check boxes and radios.
import { controlWidthDp, defaultTextFace, LABEL_ICON_DP, LABEL_ICON_GAP_DP } from '../text-metrics.js';
import type { LaidOutNode } from '../types.js';
import type { Rgba } from './colour.js';
import { iconElement } from './icons.js';
import { circle, contentBox, line, paint, parseBorder, readable, rect, type Box, type Canvas } from './shapes.js';
import { drawTextBlock } from './text-block.js';
import { round } from './text.js';

interface ControlScene {
  canvas: Canvas;
  under: Rgba;
}

/** EditText: filled or outlined box when styled, else Material's underline; accent and caret when focused. */
export function drawField(node: LaidOutNode, area: Box, scene: ControlScene): void {
  const { u, pal, out } = scene.canvas;
  const style = node.style ?? {};
  const fill = paint(style.background);
  const border = parseBorder(style.border, u);
  const radius = u.dp(style.radius ?? 4);
  const boxed = (fill !== undefined && fill.opacity > 0) || border !== undefined;
  let under = scene.under;
  if (fill && fill.opacity > 0) {
    out.push(rect(area, { fill: fill.hex, fillOpacity: fill.opacity, radius }));
    if (fill.opacity >= 0.5) under = fill.rgba;
  }
  if (border || (boxed && node.focused)) {
    const colour = node.focused ? pal.primary : (border?.colour.hex ?? pal.outline);
    const width = node.focused ? Math.max(u.dp(2), border?.width ?? 0) : (border?.width ?? u.dp(1));
    out.push(rect(area, { stroke: colour, strokeWidth: width, radius }));
  }
  if (!boxed) {
    const width = node.focused ? u.dp(2) : u.dp(1);
    const y = area.y + area.h - width / 2 - u.dp(2);
    out.push(
      `<rect x="${round(area.x)}" y="${round(y - width / 2)}" width="${round(area.w)}" height="${round(width)}" fill="${node.focused ? pal.primary : pal.outline}"/>`,
    );
  }
  let textArea = contentBox(area, node.padding);
  const fallback = defaultTextFace(node.cls);
  const px = u.sp(style.fontSize ?? fallback.sp);
  if (style.icon) {
    const slot = Math.min(u.dp(LABEL_ICON_DP), textArea.w);
    const size = Math.min(slot, area.h * 0.6);
    out.push(
      iconElement({
        name: style.icon,
        cx: textArea.x + slot / 2,
        cy: textArea.y + textArea.h / 2,
        size,
        colour: readable(undefined, pal.onSurfaceVariant, under).hex,
      }),
    );
    const used = slot + u.dp(LABEL_ICON_GAP_DP);
    textArea = { ...textArea, x: textArea.x + used, w: Math.max(0, textArea.w - used) };
  }
  const hint = node.showingHint === true;
  const shown = node.password && !hint ? '•'.repeat(Array.from(node.text).length) : node.text;
  const colour = hint ? readable(undefined, pal.hint, under) : readable(style.color, pal.onSurface, under);
  let endX = textArea.x;
  let cy = textArea.y + textArea.h / 2;
  if (shown && textArea.w > 0) {
    const end = drawTextBlock(out, {
      text: shown,
      area: textArea,
      px,
      bold: style.bold ?? fallback.bold,
      colour: colour.hex,
      opacity: colour.opacity,
      align: 'start',
    });
    if (!hint) ({ endX, cy } = end);
  }
  if (node.focused) {
    const x = Math.min(endX + u.dp(1), area.x + area.w - u.dp(2));
    out.push(line({ x, y: cy - px * 0.6 }, { x, y: cy + px * 0.6 }, { colour: pal.primary, width: u.dp(2) }));
  }
}

/** Switch: label at the start, track and thumb at the end of the padded box; the thumb takes the accent colour when on. */
export function drawSwitch(node: LaidOutNode, area: Box, scene: ControlScene): void {
  const { u, pal, out } = scene.canvas;
  const style = node.style ?? {};
  if (style.background && !node.text) {
    // The app painted the track itself (a Material 3 switch): only the thumb is left to draw.
    const r = node.checked ? Math.max(1, area.h / 2 - u.dp(4)) : Math.max(1, Math.min(u.dp(8), area.h / 2 - u.dp(4)));
    const cx = node.checked ? area.x + area.w - area.h / 2 : area.x + area.h / 2;
    const colour = readable(style.color, node.checked ? pal.onPrimary : pal.outline, scene.under);
    out.push(circle({ x: cx, y: area.y + area.h / 2 }, r, { fill: colour.hex }));
    return;
  }
  const content = contentBox(area, node.padding);
  const trackW = u.dp(36);
  const trackH = u.dp(14);
  const thumbR = u.dp(10);
  // The thumb's outer edge sits 2 dp inside the control's room, which the layout reserves beside the label.
  const right = content.x + content.w - u.dp(2);
  const trackX = Math.max(content.x + thumbR - trackH / 2, right - thumbR - trackW + trackH / 2);
  const cy = content.y + content.h / 2;
  const on = node.checked;
  const trackBox: Box = { x: trackX, y: cy - trackH / 2, w: trackW, h: trackH };
  out.push(rect(trackBox, { fill: on ? pal.primary : pal.switchOffTrack, fillOpacity: on ? 0.5 : 0.6, radius: trackH / 2 }));
  const thumbX = on ? trackX + trackW - trackH / 2 : trackX + trackH / 2;
  out.push(
    circle(
      { x: thumbX, y: cy },
      thumbR,
      on ? { fill: pal.primary } : { fill: pal.switchOffThumb, stroke: pal.dark ? '#8a8a8a' : '#b0b0b0', strokeWidth: u.dp(1) },
    ),
  );
  const label = { ...content, w: content.w - u.dp(controlWidthDp(node.cls)) };
  drawControlLabel(node, label, scene);
}

/** CheckBox (square with a tick) or RadioButton (ring with a dot), label after it. */
export function drawCheck(node: LaidOutNode, area: Box, scene: ControlScene & { round: boolean }): void {
  const { u, pal, out } = scene.canvas;
  const content = contentBox(area, node.padding);
  const side = Math.min(u.dp(18), content.h);
  const x = content.x + Math.min(u.dp(3), content.w / 10);
  const cy = content.y + content.h / 2;
  const mark: Box = { x, y: cy - side / 2, w: side, h: side };
  const ink = node.checked ? pal.primary : pal.onSurfaceVariant;
  if (scene.round) {
    out.push(circle({ x: x + side / 2, y: cy }, side / 2 - u.dp(1), { stroke: ink, strokeWidth: u.dp(2) }));
    if (node.checked) out.push(circle({ x: x + side / 2, y: cy }, side / 4, { fill: ink }));
  } else if (node.checked) {
    out.push(rect(mark, { fill: ink, radius: u.dp(2) }));
    out.push(iconElement({ name: 'check', cx: x + side / 2, cy, size: side * 0.9, colour: pal.onPrimary }));
  } else {
    out.push(rect(mark, { stroke: ink, strokeWidth: u.dp(2), radius: u.dp(2) }));
  }
  const used = u.dp(controlWidthDp(node.cls));
  drawControlLabel(node, { ...content, x: content.x + used, w: content.w - used }, scene);
}

/** A compound button's label in the room the layout left it beside the control. */
function drawControlLabel(node: LaidOutNode, area: Box, scene: ControlScene): void {
  if (!node.text || area.w <= 0) return;
  const { u, pal, out } = scene.canvas;
  const style = node.style ?? {};
  const fallback = defaultTextFace(node.cls);
  const colour = readable(style.color, pal.onSurface, scene.under);
  drawTextBlock(out, {
    text: node.text,
    area,
    px: u.sp(style.fontSize ?? fallback.sp),
    bold: style.bold ?? fallback.bold,
    colour: colour.hex,
    opacity: colour.opacity,
    align: 'start',
  });
}
