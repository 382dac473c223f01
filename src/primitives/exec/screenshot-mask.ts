// Secrets drawn on the screen: a secret typed into a field that shows its text is in the pixels, so
// before a screenshot is stored every element showing a known secret, and every text field a secret was
// typed into, is painted over with a solid box, on the full-size image.
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { knownSecrets } from '../../events/index.js';
import type { RawImage } from '../../drivers/index.js';
import type { DeviceObserver, Rect, Screen, ScreenElement } from '../../observe/index.js';

/** Dark grey: reads as "hidden" on light and dark apps alike, and OCR finds no text in it. */
const MASK_COLOUR = { r: 32, g: 33, b: 36, alpha: 1 };
/** Device pixels added around each box: anti-aliased glyph edges reach past an element's bounds. */
const MARGIN = 2;

// Refs belong to the observer that handed them out, so the fields are remembered per observer.
const secretFields = new WeakMap<DeviceObserver, Set<string>>();

/** Remembers that a secret was typed into the element `ref` of the screens `observer` reads. */
export function markSecretField(observer: DeviceObserver, ref: string): void {
  let refs = secretFields.get(observer);
  if (!refs) secretFields.set(observer, (refs = new Set()));
  refs.add(ref);
}

/** Refs of the fields a secret was typed into, on the screens `observer` reads. */
export function secretFieldsOf(observer: DeviceObserver): ReadonlySet<string> {
  return secretFields.get(observer) ?? EMPTY;
}
const EMPTY: ReadonlySet<string> = new Set();

export interface SecretBoxOptions {
  /** Known secrets by default. */
  secrets?: readonly string[];
  /** Refs of fields a secret was typed into. */
  fields?: ReadonlySet<string>;
}

/**
 * Where `screen` shows a secret, in device pixels: elements whose label, value or detail contains a
 * known secret, and the fields a secret was typed into (but not password fields: they show dots).
 */
export function secretBoxes(screen: Screen, options: SecretBoxOptions = {}): Rect[] {
  const secrets = options.secrets ?? knownSecrets();
  const fields = options.fields ?? EMPTY;
  if (secrets.length === 0 && fields.size === 0) return [];
  const shows = (e: ScreenElement) => secrets.some((s) => e.label.includes(s) || e.value?.includes(s) === true || e.detail?.includes(s) === true);
  const typedInto = (e: ScreenElement) => fields.has(e.ref) && !e.states.includes('password');
  return screen.elements.filter((e) => typedInto(e) || shows(e)).map((e) => e.bounds);
}

/**
 * `image` (a PNG, or raw pixels) as a sharp pipeline with `boxes` (device pixels of `screen`) painted over at full size; the
 * plain decode when there are none, so the common case costs nothing more.
 */
export async function maskedImage(image: Buffer | RawImage, boxes: readonly Rect[], screen: { width: number; height: number }): Promise<Sharp> {
  const source = () => (Buffer.isBuffer(image) ? sharp(image) : sharp(image.data, { raw: { width: image.width, height: image.height, channels: 4 } }));
  if (boxes.length === 0) return source();
  const { width = 0, height = 0 } = Buffer.isBuffer(image) ? await source().metadata() : image;
  // The screenshot may not be in the dump's pixels (a scaled capture): boxes follow the image.
  const sx = screen.width > 0 ? width / screen.width : 1;
  const sy = screen.height > 0 ? height / screen.height : 1;
  const overlays: OverlayOptions[] = [];
  for (const b of boxes) {
    const left = clamp(Math.floor((b.left - MARGIN) * sx), width);
    const top = clamp(Math.floor((b.top - MARGIN) * sy), height);
    const right = clamp(Math.ceil((b.right + MARGIN) * sx), width);
    const bottom = clamp(Math.ceil((b.bottom + MARGIN) * sy), height);
    if (right <= left || bottom <= top) continue;
    overlays.push({ input: { create: { width: right - left, height: bottom - top, channels: 4, background: MASK_COLOUR } }, left, top });
  }
  if (overlays.length === 0) return source();
  // Composited first, then handed on raw: a later resize in the same pipeline would run before the boxes.
  const { data, info } = await source().composite(overlays).raw().toBuffer({ resolveWithObject: true });
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
}

/** `png` with every place `screen` shows a secret painted over; the same buffer when it shows none. */
export async function maskSecrets(png: Buffer, screen: Screen, options: SecretBoxOptions = {}): Promise<Buffer> {
  const boxes = secretBoxes(screen, options);
  if (boxes.length === 0) return png;
  return (await maskedImage(png, boxes, screen)).png().toBuffer();
}

function clamp(n: number, max: number): number {
  return Math.min(Math.max(n, 0), max);
}
