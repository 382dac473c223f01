// Pictures an app paints itself (a game's SurfaceView, a drawing canvas, a photo): shapes, text and
// images in dp from the widget's top-left corner. The renderer draws them in place of the class's
// default content; uiautomator never sees them, as it never sees what a Canvas draws.

/** The widget's size, dp, which a drawing is made for. */
export interface DrawingSize {
  width: number;
  height: number;
}

/** Builds the picture for the widget's current size; called each time the frame is drawn. */
export type Drawing = (size: DrawingSize) => DrawOp[];

/** Fill and outline of a shape; CSS colours ('#1a73e8'). */
export interface ShapePaint {
  fill?: string;
  stroke?: string;
  /** dp; default 1. */
  strokeWidth?: number;
  /** 0..1 for the whole shape; default 1. */
  opacity?: number;
}

export interface RectOp extends ShapePaint {
  op: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  radius?: number;
}

export interface CircleOp extends ShapePaint {
  op: 'circle';
  cx: number;
  cy: number;
  r: number;
}

/** SVG path data in dp ('M0 0L10 10z'). */
export interface PathOp extends ShapePaint {
  op: 'path';
  d: string;
}

/** A stroke through points with round ends and joins, as a finger draws. */
export interface LineOp {
  op: 'line';
  points: Array<{ x: number; y: number }>;
  colour: string;
  width: number;
  opacity?: number;
}

/** One line of text in the phone's font, vertically centred on cy. */
export interface TextOp {
  op: 'text';
  text: string;
  x: number;
  cy: number;
  /** sp. */
  size: number;
  colour: string;
  bold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
  opacity?: number;
}

/** A rectangle filled with a linear gradient; stops at 0..1 along the direction. */
export interface GradientOp {
  op: 'gradient';
  x: number;
  y: number;
  w: number;
  h: number;
  direction: 'down' | 'right' | 'diagonal';
  stops: Array<{ at: number; colour: string }>;
}

/** Grey grain over a rectangle (film grain), the same for the same seed. */
export interface NoiseOp {
  op: 'noise';
  x: number;
  y: number;
  w: number;
  h: number;
  seed: number;
  /** Grains per dp along each side; 0.25 is coarse, 1 fine. */
  frequency: number;
  opacity: number;
}

/** A PNG scaled into a rectangle: whole and centred ('contain') or filling it and cropped ('cover'). */
export interface ImageOp {
  op: 'image';
  /** The PNG file's bytes, base64. */
  pngBase64: string;
  x: number;
  y: number;
  w: number;
  h: number;
  fit: 'contain' | 'cover';
}

export type DrawOp = RectOp | CircleOp | PathOp | LineOp | TextOp | GradientOp | NoiseOp | ImageOp;
