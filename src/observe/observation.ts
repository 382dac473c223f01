// One look at the device: the screen with refs, its hashes, and optionally a thumbnail of the pixels.
import type { Screen } from './screen-types.js';
import { buildScreen, type ScreenOptions } from './screen.js';
import { contentKey, screenSignature } from './signature.js';
import { thumbnail, type RgbaImage, type Thumbnail } from './frames.js';
import { parseSavedHierarchy } from './hierarchy.js';

export interface Observation {
  screen: Screen;
  /** For plan caching: the same screen with other data has the same signature. */
  signature: string;
  /** For change detection: differs when anything a person would notice differs. */
  contentKey: string;
  /** When it was taken, ms on whatever clock the caller uses (the device's, or Date.now()). */
  at: number;
  /** Downscaled screenshot, when one was taken with the hierarchy. */
  frame?: Thumbnail;
}

export interface ObserveXmlOptions extends ScreenOptions {
  /** Names the dump in errors: a file path or a device serial. */
  source?: string;
  /** For a WebDriverAgent source: device pixels per point (default 1) and the bundle id of its app. */
  scale?: number;
  app?: string;
  /** PNG screenshot taken with the dump. */
  screenshot?: Buffer;
  at?: number;
}

/** Parses a uiautomator dump or a WebDriverAgent source (told apart by their text) and builds the observation (throws HierarchyParseError on a bad one). */
export function observeXml(xml: string, options: ObserveXmlOptions = {}): Observation {
  const screen = buildScreen(parseSavedHierarchy(xml, options), options);
  return observeScreen(screen, options);
}

export function observeScreen(screen: Screen, options: { screenshot?: Buffer | RgbaImage; at?: number } = {}): Observation {
  const observation: Observation = { screen, signature: screenSignature(screen), contentKey: contentKey(screen), at: options.at ?? Date.now() };
  if (options.screenshot) observation.frame = thumbnail(options.screenshot);
  return observation;
}
