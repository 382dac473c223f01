// Offline OCR of phone screenshots (tesseract.js, never downloading).
export { OcrEngine, type OcrEngineOptions } from './engine.js';
export { OcrInputError } from './input-error.js';
export { OCR_PACKAGES, OcrEngineError, OcrUnavailable } from './engine-error.js';
export type { OcrWord, OcrLine, OcrResult, OcrReadOptions } from './types.js';
