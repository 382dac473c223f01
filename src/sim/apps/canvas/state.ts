// What the Canvas app remembers while it runs, and what its screens may ask of the process.
import type { AppContext, Touch } from '../../types.js';

export const CANVAS_PACKAGE = 'com.example.canvas';
/** The deep link to the upgrade offer (CoveredActivity). */
export const OFFER_LINK = 'canvas://offer';

/** A stroke on the drawing surface, dp from its corner. */
export interface Stroke {
  points: Array<{ x: number; y: number }>;
  colour: string;
  width: number;
}

export type Tool = 'pencil' | 'eraser';

export type CanvasScreen =
  | { kind: 'start' }
  | { kind: 'game'; paused: boolean }
  | { kind: 'image'; path: string; pngBase64?: string; error?: string }
  | { kind: 'draw'; tool: Tool; colour: number; strokes: Stroke[] }
  | { kind: 'signup'; email: string; password: string; agreed: boolean }
  | { kind: 'welcome'; email: string }
  | { kind: 'photo'; shared: boolean }
  | { kind: 'covered'; tip: boolean; status: string };

export interface CanvasActions {
  readonly ctx: AppContext;
  /** Opens a screen over the current one. */
  open(screen: CanvasScreen): void;
  /** Swaps the current screen for an updated one. */
  replace(screen: CanvasScreen): void;
  /** Closes the current screen; false when it is the last. */
  close(): boolean;
}

/** The log line for a touch, in device pixels, under the app's tag. */
export function touchLine(touch: Touch): string {
  const at = (x: number, y: number): string => `${Math.round(x)},${Math.round(y)}`;
  return touch.kind === 'tap' ? `canvas: tap ${at(touch.x, touch.y)}` : `canvas: swipe ${at(touch.x, touch.y)} ${at(touch.endX, touch.endY)}`;
}

/** The drawing canvas as it opens: pencil in the first colour, nothing drawn. */
export function blankDrawing(): CanvasScreen {
  return { kind: 'draw', tool: 'pencil', colour: 0, strokes: [] };
}
