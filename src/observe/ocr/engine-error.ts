/** The tesseract worker failed to start, died or overran its deadline while reading. */
export class OcrEngineError extends Error {
  override name = 'OcrEngineError';
}
