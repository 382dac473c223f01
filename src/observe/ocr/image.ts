// The screenshot as the OCR sees it: decoded once to RGB pixels, checked, and scaled down for the
// whole-screen pass.
import sharp from 'sharp';
import { OcrInputError } from './input-error.js';

/** 8-bit RGB pixels, row-major, 3 bytes a pixel. */
export interface RgbImage {
  width: number;
  height: number;
  data: Buffer;
}

/** An image prepared for tesseract and how its pixels map back onto the screenshot's. */
export interface PreparedImage {
  png: Buffer;
  /** Screenshot x = left + (image x - pad) / scale; the same for y with top. */
  left: number;
  top: number;
  scale: number;
  pad: number;
}

/** Largest screenshot side accepted: a phone or tablet screen, not an arbitrary poster. */
const MAX_SIDE = 8192;

/** Decodes a PNG screenshot; anything that is not one (empty, corrupt, truncated) is an OcrInputError. */
export async function decodeScreenshot(png: Buffer): Promise<RgbImage> {
  if (png.length === 0) throw new OcrInputError('the screenshot given to the OCR is empty (0 bytes)');
  try {
    const { data, info } = await sharp(png, { failOn: 'truncated' })
      .removeAlpha()
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    if (info.width > MAX_SIDE || info.height > MAX_SIDE) {
      throw new OcrInputError(`the screenshot given to the OCR is ${info.width}x${info.height} px, larger than ${MAX_SIDE} px on a side`);
    }
    if (info.channels !== 3) throw new OcrInputError(`the screenshot given to the OCR decodes to ${info.channels} channels, not RGB`);
    return { width: info.width, height: info.height, data };
  } catch (error) {
    if (error instanceof OcrInputError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new OcrInputError(`the screenshot given to the OCR (${png.length} bytes) is not a readable image: ${reason}`);
  }
}

/** The screenshot at about `width` px wide (never enlarged), and that width over the screenshot's. */
export async function scaledScreen(image: RgbImage, width: number): Promise<{ screen: RgbImage; scale: number }> {
  if (image.width <= width) return { screen: image, scale: 1 };
  const { data, info } = await sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .resize({ width })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { screen: { width: info.width, height: info.height, data }, scale: info.width / image.width };
}

/** A one-byte-a-pixel grey image of the scaled screen (as `darkOnWhite` draws it), for tesseract. */
export async function screenImage(grey: { width: number; height: number; data: Buffer }, scale: number): Promise<PreparedImage> {
  const png = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return { png, left: 0, top: 0, scale, pad: 0 };
}
