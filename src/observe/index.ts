// Public entry of the observation layer: hierarchy → screen → text and JSON, refs, signatures,
// situation reports and waiting.
export type { Rect, NodeFlags, UiNode, UiWindow, UiHierarchy } from './ui-node.js';
export { area } from './ui-node.js';
export { holdsPoint } from './geometry.js';
export type { Role, ElementState, ScreenElement, ScreenWindow, WindowKind, ForegroundApp, Screen } from './screen-types.js';
export { isCovered, isDisabled, pixelBlock } from './screen-types.js';
export { contrastRatio, drawnLook, greyedOut, markGreyedOut, pixelsOf, type DrawnLook, type Pixels } from './greyed.js';
export { coveredElements, coverText, markCovered, type Cover } from './covered.js';
export { HierarchyParseError, type DumpPosition } from './hierarchy-error.js';
export { OcrFailed, PixelReadError, ScreenshotCorrupt } from './pixel-errors.js';
export { parseUiautomatorXml, MAX_DEPTH, type ParseOptions } from './uiautomator.js';
export { parseHierarchy, parseSavedHierarchy, hierarchyFormat, type HierarchyParseOptions } from './hierarchy.js';
export { parseWdaSource, type WdaParseOptions } from './wda/wda-hierarchy.js';
export { IOS_KEYBOARD, SPRINGBOARD } from './wda/ios-names.js';
export { buildScreen, type ScreenOptions } from './screen.js';
export { DEFAULT_MIN_TEXT_COVERAGE, textCounts, textCoverage, unlabelledRegions, type ReadText } from './read-text.js';
export { RefRegistry, type ElementIdentity } from './refs.js';
export { screenText, screenJson, elementLine, MAX_ELEMENTS, type RenderOptions, type ScreenJsonElement } from './screen-text.js';
export { screenSignature, contentKey, maskVolatile } from './signature.js';
export { observeXml, observeScreen, type Observation, type ObserveXmlOptions } from './observation.js';
export { foregroundApp } from './foreground.js';
export { thumbnail, sameFrame, type Thumbnail } from './frames.js';
export { reportChanged, situationReport, STUCK_AFTER, type SituationInput, type SituationReport, type ElementSummary, type LogRecord } from './situation.js';
export { situationText } from './situation-text.js';
export { waitForScreen, sleepRest, screenState, type ScreenState, type WaitOptions, type WaitResult, type WaitClock } from './wait.js';
export { WaitTimeoutError } from './wait-error.js';
export { DeviceObserver, HOLD_MS, type PixelVerdict, type DeviceObserverOptions, type Look, type LookOptions } from './device-observer.js';
export {
  OcrEngine,
  OcrInputError,
  OcrEngineError,
  OcrUnavailable,
  OCR_PACKAGES,
  type OcrEngineOptions,
  type OcrWord,
  type OcrLine,
  type OcrResult,
  type OcrReadOptions,
} from './ocr/index.js';
export {
  markDrawn,
  pixelsShown,
  needsOcr,
  needsVision,
  withPixelLayers,
  type OcrRun,
  type PixelLayerOptions,
  type PixelLayers,
  type TextReader,
} from './pixel-layers.js';
export { barlessArea, devicePoint, visionFrame, VISION_WIDTH, type VisionFrame, type VisionFrameOptions } from './vision.js';
