/** What OCR needs besides this package: optional peer dependencies, installed by whoever wants OCR. */
export const OCR_PACKAGES = ['tesseract.js', '@tesseract.js-data/eng'] as const;

/** The tesseract worker failed to start, died or overran its deadline while reading. */
export class OcrEngineError extends Error {
  override name = 'OcrEngineError';
}

/** tesseract.js or its English data is not installed: OCR is optional, and this project has not added it. */
export class OcrUnavailable extends OcrEngineError {
  override name = 'OcrUnavailable';
}
