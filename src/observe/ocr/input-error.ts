/** The image given to the OCR cannot be read: empty, not a PNG, truncated or of no size. */
export class OcrInputError extends Error {
  override name = 'OcrInputError';
}
