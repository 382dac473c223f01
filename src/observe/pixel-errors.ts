// Why a screen that needed its pixels read could not be: the screenshot is not an image, or the OCR
// failed on it. Either is a fault of the device's capture or of the OCR on this machine, never of the
// app: the action that needed the screen fails with it, and the next look tries again.

/** Reading the pixels of a screen whose tree names too few of its elements failed. */
export class PixelReadError extends Error {
  /** The device (or file) the screenshot came from. */
  readonly source: string;

  constructor(options: { source: string; message: string; cause?: unknown }) {
    super(options.message, { cause: options.cause });
    this.source = options.source;
  }
}

/** The screenshot a screen's OCR needed does not decode as a PNG: empty, truncated, corrupt or not an image. */
export class ScreenshotCorrupt extends PixelReadError {
  override name = 'ScreenshotCorrupt';
  readonly bytes: number;

  constructor(options: { source: string; bytes: number; reason: string; cause?: unknown }) {
    super({
      source: options.source,
      message:
        `the screenshot from ${options.source} is not a PNG (${options.bytes} bytes${options.reason ? `: ${options.reason}` : ''}), ` +
        'so the text its tree leaves out could not be read: take it again with the display on and check that it opens as an image',
      cause: options.cause,
    });
    this.bytes = options.bytes;
  }
}

/** The OCR failed reading a screen that needed it: its worker died, overran its deadline or did not start. */
export class OcrFailed extends PixelReadError {
  override name = 'OcrFailed';

  constructor(options: { source: string; reason: string; cause?: unknown }) {
    super({
      source: options.source,
      message:
        `OCR could not read the screen of ${options.source}: ${options.reason}; the next look starts a new OCR worker, ` +
        "so run the step again; if it keeps failing, check the machine's free memory and the tesseract.js install, or read the tree only (use: { ocr: false })",
      cause: options.cause,
    });
  }
}
