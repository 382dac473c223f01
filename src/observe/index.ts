// Public entry of the observation layer.
export type { Rect, NodeFlags, UiNode, UiWindow, UiHierarchy } from './ui-node.js';
export { HierarchyParseError, type DumpPosition } from './hierarchy-error.js';
export { parseUiautomatorXml, MAX_DEPTH, type ParseOptions } from './uiautomator.js';
