// SPACE RUN, the game of MainActivity: its start and play screens are one SurfaceView each, whose
// text and buttons are painted pixels that only hit-testing against the layout tables knows about.
import type { AppView, DrawingSize, DrawOp, Touch, Widget } from '../../types.js';
import { gameScreen, startScreen, type DrawnLabel } from './layout.js';
import { labelOps, stars, tappedButton, type LabelLook } from './paint.js';
import { blankDrawing, type CanvasActions, type CanvasScreen } from './state.js';

/** A full-content SurfaceView that paints a picture and hears touches, with nothing for accessibility. */
export function surfaceView(options: { key: string; paint: (size: DrawingSize) => DrawOp[]; onTouch?: (touch: Touch) => void }): Widget {
  return {
    cls: 'android.view.SurfaceView',
    key: options.key,
    width: 'fill',
    height: 'fill',
    style: { drawing: options.paint },
    onTouch: options.onTouch,
  };
}

function space(size: DrawingSize, colours: { top: string; bottom: string }): DrawOp[] {
  return [
    {
      op: 'gradient',
      x: 0,
      y: 0,
      w: size.width,
      h: size.height,
      direction: 'down',
      stops: [
        { at: 0, colour: colours.top },
        { at: 1, colour: colours.bottom },
      ],
    },
    ...stars(size, { count: 60, seed: 7 }),
  ];
}

const START_LOOK: Record<string, LabelLook> = {
  'SPACE RUN': { colour: '#ffd54f' },
  Start: { colour: '#fff8f0', fill: '#ff6d00' },
  'High score 12,450': { colour: '#c5cae9' },
  Settings: { colour: '#9fa8da', stroke: '#5c6bc0' },
};

function paintStart(size: DrawingSize): DrawOp[] {
  const planet = { cx: size.width * 0.82, cy: size.height * 0.8, r: 64 };
  return [
    ...space(size, { top: '#0b1026', bottom: '#3a1c5c' }),
    { op: 'circle', ...planet, fill: '#ff8a65' },
    { op: 'circle', cx: planet.cx - 18, cy: planet.cy - 14, r: 14, fill: '#e64a19', opacity: 0.6 },
    {
      op: 'path',
      d: `M${planet.cx - 110} ${planet.cy + 18}C${planet.cx - 60} ${planet.cy - 20} ${planet.cx + 70} ${planet.cy - 50} ${planet.cx + 110} ${planet.cy - 22}`,
      stroke: '#ffccbc',
      strokeWidth: 5,
      opacity: 0.8,
    },
    ship({ cx: size.width * 0.2, cy: size.height * 0.72 }),
    ...labelOps(startScreen(size), (l) => START_LOOK[l.label] ?? { colour: '#ffffff' }),
  ];
}

function ship(at: { cx: number; cy: number }): DrawOp {
  const { cx, cy } = at;
  return {
    op: 'path',
    d: `M${cx} ${cy - 28}L${cx + 16} ${cy + 18}L${cx} ${cy + 10}L${cx - 16} ${cy + 18}Z`,
    fill: '#e0f7fa',
    stroke: '#4dd0e1',
    strokeWidth: 2,
  };
}

/** The start screen: Start begins a game, Settings opens the drawing canvas; elsewhere nothing happens. */
export function startView(app: CanvasActions): AppView {
  return {
    activity: '.MainActivity',
    root: surfaceView({
      key: 'start_surface',
      paint: paintStart,
      onTouch: (touch) => {
        const button = tappedButton(touch, startScreen);
        if (button === 'Start') app.open({ kind: 'game', paused: false });
        else if (button === 'Settings') app.open(blankDrawing());
      },
    }),
  };
}

function paintGame(size: DrawingSize, paused: boolean): DrawOp[] {
  const ops: DrawOp[] = [
    ...space(size, { top: '#02040f', bottom: '#10203f' }),
    { op: 'circle', cx: size.width * 0.3, cy: size.height * 0.35, r: 26, fill: '#78909c', stroke: '#b0bec5', strokeWidth: 2 },
    { op: 'circle', cx: size.width * 0.7, cy: size.height * 0.22, r: 16, fill: '#8d6e63' },
    { op: 'circle', cx: size.width * 0.62, cy: size.height * 0.58, r: 36, fill: '#607d8b' },
    ship({ cx: size.width / 2, cy: size.height - 110 }),
    { op: 'rect', x: 0, y: 0, w: size.width, h: 72, fill: '#000000', opacity: 0.45 },
  ];
  if (paused) ops.push({ op: 'rect', x: 0, y: 72, w: size.width, h: size.height - 72, fill: '#000000', opacity: 0.55 });
  const look = (l: DrawnLabel): LabelLook => (l.role === 'button' ? { colour: '#ffffff', fill: '#37474f', stroke: '#90a4ae' } : { colour: '#ffffff' });
  return [...ops, ...labelOps(gameScreen(size, { paused }), look)];
}

/** The game: Pause stops it and shows Resume; back returns to the start screen. */
export function gameView(app: CanvasActions, screen: Extract<CanvasScreen, { kind: 'game' }>): AppView {
  return {
    activity: '.MainActivity',
    root: surfaceView({
      key: 'game_surface',
      paint: (size) => paintGame(size, screen.paused),
      onTouch: (touch) => {
        const button = tappedButton(touch, (size) => gameScreen(size, screen));
        if (button === 'Pause' || button === 'Resume') app.replace({ ...screen, paused: button === 'Pause' });
      },
    }),
  };
}
