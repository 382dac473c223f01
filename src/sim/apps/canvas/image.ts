// MainActivity's test hook: `am start -n com.example.canvas/.MainActivity --es image /sdcard/x.png`
// shows that PNG scaled to fit on one unlabelled SurfaceView, or paints why it cannot.
import type { AppContext, AppView, DrawingSize, DrawOp } from '../../types.js';
import { surfaceView } from './space.js';
import type { CanvasScreen } from './state.js';

type ImageScreen = Extract<CanvasScreen, { kind: 'image' }>;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Signature, IHDR length and type, width and height: the least a PNG file holds before its pixels. */
const PNG_HEADER_BYTES = 24;

/** The PNG's bytes, or why the file cannot be shown in the words of Java's exceptions. */
function readPng(ctx: AppContext, path: string): { reason: string } | { png: Buffer } {
  const stat = ctx.files?.stat(path);
  if (!stat) return { reason: 'open failed: ENOENT (No such file or directory)' };
  if (stat.type === 'dir') return { reason: 'open failed: EISDIR (Is a directory)' };
  const data = ctx.files?.read(path);
  if (!data) return { reason: 'open failed: EACCES (Permission denied)' };
  if (data.length < PNG_HEADER_BYTES || !data.subarray(0, 8).equals(PNG_SIGNATURE) || data.toString('latin1', 12, 16) !== 'IHDR') {
    return { reason: 'not a PNG image' };
  }
  if (data.readUInt32BE(16) === 0 || data.readUInt32BE(20) === 0) return { reason: 'PNG image has no pixels' };
  return { png: data };
}

/** Reads the pushed file; a failure is logged at error priority and painted in place of the picture. */
export function loadImage(ctx: AppContext, path: string): ImageScreen {
  const found = readPng(ctx, path);
  if ('png' in found) {
    ctx.log('I', 'canvas', `canvas: showing ${path} (${found.png.readUInt32BE(16)}x${found.png.readUInt32BE(20)})`);
    return { kind: 'image', path, pngBase64: found.png.toString('base64') };
  }
  ctx.log('E', 'canvas', `canvas: cannot show ${path}: ${found.reason}`);
  return { kind: 'image', path, error: found.reason };
}

function paintImage(size: DrawingSize, screen: ImageScreen): DrawOp[] {
  const ops: DrawOp[] = [{ op: 'rect', x: 0, y: 0, w: size.width, h: size.height, fill: '#000000' }];
  if (screen.pngBase64) {
    ops.push({ op: 'image', pngBase64: screen.pngBase64, x: 0, y: 0, w: size.width, h: size.height, fit: 'contain' });
    return ops;
  }
  const cx = size.width / 2;
  const cy = size.height * 0.4;
  ops.push(
    { op: 'rect', x: cx - 36, y: cy - 90, w: 72, h: 56, radius: 6, stroke: '#9e9e9e', strokeWidth: 3 },
    {
      op: 'line',
      points: [
        { x: cx - 36, y: cy - 34 },
        { x: cx + 36, y: cy - 90 },
      ],
      colour: '#ef5350',
      width: 3,
    },
    { op: 'text', text: "Can't show this image", x: cx, cy, size: 22, bold: true, colour: '#ffffff', anchor: 'middle' },
    { op: 'text', text: screen.path, x: cx, cy: cy + 36, size: 15, colour: '#bdbdbd', anchor: 'middle' },
    { op: 'text', text: screen.error ?? '', x: cx, cy: cy + 64, size: 15, colour: '#ef9a9a', anchor: 'middle' },
  );
  return ops;
}

export function imageView(screen: ImageScreen): AppView {
  return { activity: '.MainActivity', root: surfaceView({ key: 'image_surface', paint: (size) => paintImage(size, screen) }) };
}
