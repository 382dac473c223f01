// DrawActivity: a toolbar of icon-only ImageButtons (no text, no content-desc) over a surface the
// finger draws on. The chosen tool is shown only by its painted highlight.
import type { AppView, DrawingSize, DrawOp, Touch, Widget } from '../../types.js';
import { localPoint } from './paint.js';
import type { CanvasActions, CanvasScreen, Stroke } from './state.js';
import { toolIcon, type ToolIcon } from './tool-icons.js';

type DrawScreen = Extract<CanvasScreen, { kind: 'draw' }>;

/** Pencil colours the palette button steps through. */
export const INKS = ['#202124', '#d93025', '#1e8e3e', '#1a73e8', '#f9ab00'] as const;
const PAPER = '#ffffff';
const PENCIL_DP = 4;
const ERASER_DP = 24;

/** The toolbar, left to right. */
export const TOOLBAR: readonly ToolIcon[] = ['pencil', 'eraser', 'undo', 'palette', 'clear'];

function ink(screen: DrawScreen): string {
  return INKS[screen.colour % INKS.length] ?? INKS[0];
}

function press(app: CanvasActions, screen: DrawScreen, icon: ToolIcon): void {
  switch (icon) {
    case 'pencil':
    case 'eraser':
      app.replace({ ...screen, tool: icon });
      break;
    case 'undo':
      app.replace({ ...screen, strokes: screen.strokes.slice(0, -1) });
      break;
    case 'palette':
      app.replace({ ...screen, tool: 'pencil', colour: (screen.colour + 1) % INKS.length });
      break;
    case 'clear':
      app.replace({ ...screen, strokes: [] });
      break;
  }
}

function toolButton(app: CanvasActions, screen: DrawScreen, icon: ToolIcon): Widget {
  const chosen = icon === screen.tool;
  return {
    cls: 'android.widget.ImageButton',
    key: `tool_${icon}`,
    width: 48,
    height: 48,
    align: 'center',
    clickable: true,
    focusable: true,
    onClick: () => press(app, screen, icon),
    style: {
      drawing: (size) => [
        ...(chosen ? [{ op: 'rect', x: 2, y: 2, w: size.width - 4, h: size.height - 4, radius: 12, fill: '#c2e7ff' } satisfies DrawOp] : []),
        ...toolIcon(icon, {
          cx: size.width / 2,
          cy: size.height / 2,
          ink: chosen ? '#001d35' : '#444746',
          accent: icon === 'palette' ? ink(screen) : '#f28b82',
        }),
      ],
    },
  };
}

/** A swipe is a straight stroke from where the finger went down to where it lifted; a tap is a dot. */
function strokeFor(screen: DrawScreen, touch: Touch): Stroke {
  const from = localPoint(touch);
  const to = localPoint({ ...touch, x: touch.endX, y: touch.endY });
  const eraser = screen.tool === 'eraser';
  const end = touch.kind === 'tap' ? { x: from.x + 0.01, y: from.y } : to;
  return { points: [from, end], colour: eraser ? PAPER : ink(screen), width: eraser ? ERASER_DP : PENCIL_DP };
}

function paintStrokes(size: DrawingSize, strokes: readonly Stroke[]): DrawOp[] {
  return [{ op: 'rect', x: 0, y: 0, w: size.width, h: size.height, fill: PAPER }, ...strokes.map((s) => ({ op: 'line', ...s }) satisfies DrawOp)];
}

export function drawView(app: CanvasActions, screen: DrawScreen): AppView {
  const toolbar: Widget = {
    cls: 'android.widget.LinearLayout',
    key: 'toolbar',
    layout: 'row',
    height: 64,
    padding: { left: 8, right: 8 },
    gap: 8,
    style: { background: '#f0f4f9' },
    children: TOOLBAR.map((icon) => toolButton(app, screen, icon)),
  };
  const surface: Widget = {
    cls: 'android.view.View',
    key: 'drawing_surface',
    height: 'fill',
    style: { drawing: (size) => paintStrokes(size, screen.strokes) },
    onTouch: (touch) => app.replace({ ...screen, strokes: [...screen.strokes, strokeFor(screen, touch)] }),
  };
  return {
    activity: '.DrawActivity',
    root: { cls: 'android.widget.LinearLayout', key: 'draw_root', width: 'fill', height: 'fill', children: [toolbar, surface] },
  };
}
