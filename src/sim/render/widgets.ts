// Draws one window's node tree: each node's own background, class default look, text and icon.
import { defaultTextFace, LABEL_ICON_DP, LABEL_ICON_GAP_DP } from '../text-metrics.js';
import type { LaidOutNode } from '../types.js';
import type { Rgba } from './colour.js';
import { drawCheck, drawField, drawSwitch } from './controls.js';
import { drawingElement } from './drawing.js';
import { iconElement } from './icons.js';
import { fade } from './paint-ops.js';
import { cutRect } from './cut-shapes.js';
import { box, circle, clipTo, contentBox, line, paint, paintOf, parseBorder, readable, rect, type Box, type Canvas } from './shapes.js';
import { drawTextBlock } from './text-block.js';
import { measure } from './text.js';
import { DISABLED_OPACITY } from './theme.js';

export type WidgetKind = 'button' | 'imageButton' | 'field' | 'switch' | 'checkbox' | 'radio' | 'image' | 'progress' | 'text';

export function widgetKind(cls: string): WidgetKind {
  const name = cls.split(/[.$]/).pop() ?? cls;
  if (/ImageButton$|FloatingActionButton$/.test(name)) return 'imageButton';
  if (/RadioButton$/.test(name)) return 'radio';
  if (/Button$/.test(name)) return 'button';
  if (/EditText$|AutoCompleteTextView$/.test(name)) return 'field';
  if (/Switch(Compat|Material)?$/.test(name)) return 'switch';
  if (/CheckBox$|CheckedTextView$/.test(name)) return 'checkbox';
  if (/ImageView$/.test(name)) return 'image';
  if (/ProgressBar$/.test(name)) return 'progress';
  return 'text';
}

/** What a node is drawn over and how it may draw. */
export interface NodeScene {
  canvas: Canvas;
  /** The colour beneath the node, for contrast decisions. */
  under: Rgba;
  parent?: LaidOutNode;
}

/** Draws a node and its descendants, parents first so children paint over them. */
export function drawTree(node: LaidOutNode, scene: NodeScene): void {
  const visible = box(node.bounds);
  if (visible.w <= 0 || visible.h <= 0) return;
  // A node partly scrolled away keeps its place: text and icons are laid out in its whole frame and cut at the edge.
  const area = node.frame ? box(node.frame) : visible;
  const own: string[] = [];
  const content: string[] = [];
  const under = drawNode(node, { area, visible, content }, { ...scene, canvas: { ...scene.canvas, out: own } });
  if (content.length > 0) own.push(sameBox(area, visible) ? content.join('') : clipTo(scene.canvas, visible, content.join('')));
  if (own.length > 0) scene.canvas.out.push(node.enabled ? own.join('') : fade(own.join(''), DISABLED_OPACITY));
  for (const child of node.children) drawTree(child, { canvas: scene.canvas, under, parent: node });
}

/** Where a node is drawn: its whole frame, the part of it on screen, and where its content goes. */
interface Placement {
  area: Box;
  visible: Box;
  content: string[];
}

/** Draws the node's background into the canvas and its content into placement.content; returns the colour its children are drawn over. */
function drawNode(node: LaidOutNode, placement: Placement, scene: NodeScene): Rgba {
  const { u, pal, out } = scene.canvas;
  const { area, visible } = placement;
  const canvas = { ...scene.canvas, out: placement.content };
  const kind = widgetKind(node.cls);
  const style = node.style ?? {};
  let under = scene.under;
  let fill = paint(style.background);
  if (!fill && kind === 'button') fill = paintOf(pal.primary);
  const radius = style.radius !== undefined ? u.dp(style.radius) : kind === 'button' ? Math.min(area.h / 2, u.dp(20)) : 0;
  if (fill && fill.opacity > 0 && kind !== 'field') {
    out.push(cutRect(area, visible, { fill: fill.hex, fillOpacity: fill.opacity, radius }));
    if (fill.opacity >= 0.5) under = fill.rgba;
  }
  const border = parseBorder(style.border, u);
  if (border && kind !== 'field') out.push(cutRect(area, visible, { stroke: border.colour.hex, strokeWidth: border.width, radius }));
  if (style.drawing) {
    canvas.out.push(drawingElement(style.drawing, { area, canvas }));
    return under;
  }

  switch (kind) {
    case 'field':
      drawField(node, area, { canvas, under });
      break;
    case 'switch':
      drawSwitch(node, area, { canvas, under });
      break;
    case 'checkbox':
    case 'radio':
      drawCheck(node, area, { canvas, under, round: kind === 'radio' });
      break;
    case 'button':
      drawButtonContent(node, area, { canvas, under, filled: fill !== undefined && fill.opacity > 0 });
      break;
    case 'imageButton':
    case 'image':
    case 'progress':
      drawGlyphNode(node, area, { canvas, under, kind });
      break;
    default:
      drawLabel(node, area, { canvas, under, parent: scene.parent, boxed: under !== scene.under });
  }
  return under;
}

interface ContentScene {
  canvas: Canvas;
  under: Rgba;
}

function drawButtonContent(node: LaidOutNode, area: Box, scene: ContentScene & { filled: boolean }): void {
  const { u, pal, out } = scene.canvas;
  const style = node.style ?? {};
  const colour = readable(style.color, scene.filled ? pal.onPrimary : pal.primary, scene.under);
  const content = contentBox(area, node.padding);
  let textArea = content;
  let align: 'start' | 'center' = 'center';
  if (style.icon) {
    if (!node.text) {
      out.push(
        iconElement({
          name: style.icon,
          cx: content.x + content.w / 2,
          cy: content.y + content.h / 2,
          size: Math.min(u.dp(24), area.h * 0.6),
          colour: colour.hex,
        }),
      );
      return;
    }
    const slot = iconSlot(content, u.dp(LABEL_ICON_DP));
    out.push(
      iconElement({ name: style.icon, cx: content.x + slot / 2, cy: content.y + content.h / 2, size: Math.min(u.dp(18), area.h * 0.6), colour: colour.hex }),
    );
    textArea = afterIcon(content, slot + u.dp(LABEL_ICON_GAP_DP));
    align = 'start';
  }
  if (node.text) drawTextBlock(out, { text: node.text, area: textArea, ...face(node, u.sp), colour: colour.hex, opacity: colour.opacity, align });
}

function sameBox(a: Box, b: Box): boolean {
  return a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;
}

/** Size and weight of the node's text: its style, else its class's default, as the layout measured it. */
function face(node: LaidOutNode, sp: (value: number) => number): { px: number; bold: boolean } {
  const fallback = defaultTextFace(node.cls);
  return { px: sp(node.style?.fontSize ?? fallback.sp), bold: node.style?.bold ?? fallback.bold };
}

/** Width the icon takes at the start of a content box. */
function iconSlot(content: Box, size: number): number {
  return Math.min(size, content.w);
}

function afterIcon(content: Box, used: number): Box {
  return { ...content, x: content.x + used, w: Math.max(0, content.w - used) };
}

/** ImageView, ImageButton and ProgressBar: the named glyph, or a visible placeholder when none is named. */
function drawGlyphNode(node: LaidOutNode, area: Box, scene: ContentScene & { kind: WidgetKind }): void {
  const { kind } = scene;
  const { u, pal, out } = scene.canvas;
  const style = node.style ?? {};
  const content = contentBox(area, node.padding);
  const side = Math.min(content.w, content.h);
  const size = side <= u.dp(64) ? Math.min(u.dp(24), side * 0.75) : side * 0.45;
  const cx = content.x + content.w / 2;
  const cy = content.y + content.h / 2;
  const fallback = kind === 'progress' ? pal.primary : pal.onSurfaceVariant;
  const colour = readable(style.color, fallback, scene.under);
  const icon = style.icon ?? (kind === 'progress' ? 'spinner' : kind === 'image' ? 'image' : undefined);
  if (kind === 'image' && !style.icon && !style.background) {
    out.push(rect(area, { fill: pal.surfaceVariant, radius: u.dp(4) }));
  }
  if (icon) out.push(iconElement({ name: icon, cx, cy, size, colour: colour.hex }));
  else out.push(circle({ x: cx, y: cy }, size / 2, { stroke: colour.hex, strokeWidth: u.dp(2) }));
  if (node.text) {
    drawTextBlock(out, {
      text: node.text,
      area: { ...area, y: cy + size / 2, h: area.y + area.h - cy - size / 2 },
      px: u.sp(style.fontSize ?? 12),
      bold: false,
      colour: colour.hex,
      align: 'center',
    });
  }
}

/** TextView and plain views: optional icon at the start, text left-aligned and vertically centred in the padded box. */
function drawLabel(node: LaidOutNode, area: Box, scene: ContentScene & { parent?: LaidOutNode; boxed: boolean }): void {
  const { u, pal, out } = scene.canvas;
  const style = node.style ?? {};
  const inTabRow = isTab(node, scene.parent);
  const tab = node.selected && inTabRow;
  const colour = readable(style.color, tab ? pal.primary : pal.onSurface, scene.under);
  const content = contentBox(area, node.padding);
  let textArea = content;
  if (style.icon) {
    const size = Math.min(u.dp(LABEL_ICON_DP), content.h * 0.7);
    if (!node.text) {
      out.push(iconElement({ name: style.icon, cx: content.x + content.w / 2, cy: content.y + content.h / 2, size, colour: colour.hex }));
    } else {
      const slot = iconSlot(content, u.dp(LABEL_ICON_DP));
      out.push(iconElement({ name: style.icon, cx: content.x + slot / 2, cy: content.y + content.h / 2, size, colour: colour.hex }));
      textArea = afterIcon(content, slot + u.dp(LABEL_ICON_GAP_DP));
    }
  }
  if (node.text && textArea.w > 0) {
    const font = face(node, u.sp);
    const bold = style.bold ?? (tab || font.bold);
    // A label on its own fill (chip, badge, toast) is a box wrapped around its text and padding.
    const centred = inTabRow || (scene.boxed && !style.icon && measure(node.text, { px: font.px, bold }) <= textArea.w);
    drawTextBlock(out, {
      text: node.text,
      area: textArea,
      px: font.px,
      bold,
      colour: colour.hex,
      opacity: colour.opacity,
      align: style.textAlign ?? (centred ? 'center' : 'start'),
    });
  }
  if (tab) {
    const thickness = u.dp(3);
    const y = area.y + area.h - thickness / 2;
    out.push(line({ x: area.x + u.dp(8), y }, { x: area.x + area.w - u.dp(8), y }, { colour: pal.primary, width: thickness }));
  }
}

/** A tab: its class says so, or it sits in a row of same-height siblings one of which is selected. */
function isTab(node: LaidOutNode, parent: LaidOutNode | undefined): boolean {
  if (/Tab/.test(node.cls) || (parent && /Tab/.test(parent.cls))) return true;
  if (!parent || parent.children.length < 2 || !parent.children.some((c) => c.selected)) return false;
  const { top, bottom } = node.bounds;
  return parent.children.every((c) => c.bounds.top === top && c.bounds.bottom === bottom);
}
