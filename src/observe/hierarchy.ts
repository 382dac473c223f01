// One entry for any platform's hierarchy: a driver's Hierarchy (or a saved source) → UiHierarchy.
import type { Hierarchy } from '../drivers/index.js';
import { parseUiautomatorXml } from './uiautomator.js';
import { hierarchyFormat } from './wda/wda-source.js';
import { parseWdaSource } from './wda/wda-hierarchy.js';
import type { UiHierarchy } from './ui-node.js';

export { hierarchyFormat };

export interface HierarchyParseOptions {
  /** Names the source in errors: a file path, or the device and what was read ('emulator-5554 dump'). */
  source?: string;
}

/** Parses a hierarchy in the form its `format` names, with its scale and app; throws HierarchyParseError. */
export function parseHierarchy(h: Pick<Hierarchy, 'format' | 'xml' | 'scale' | 'app'>, options: HierarchyParseOptions = {}): UiHierarchy {
  if (h.format === 'uiautomator-xml') return parseUiautomatorXml(h.xml, { source: options.source });
  return parseWdaSource(h.xml, { scale: h.scale, app: h.app, source: options.source });
}

/** A saved source of unknown form (`mobiletest look --xml FILE`): its format read off its first characters. */
export function parseSavedHierarchy(text: string, options: HierarchyParseOptions & { scale?: number; app?: string } = {}): UiHierarchy {
  return parseHierarchy({ format: hierarchyFormat(text), xml: text, scale: options.scale, app: options.app }, options);
}
