// One normalised node model for every platform's hierarchy (uiautomator XML, WebDriverAgent XML or JSON).

/** Pixels on the device screen, right and bottom exclusive (WebDriverAgent's points times the screen's scale). */
export interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** What a node can do and what state it is in, in platform-neutral words. */
export interface NodeFlags {
  clickable: boolean;
  longClickable: boolean;
  checkable: boolean;
  checked: boolean;
  /** Accepts typed text (Android: EditText and its subclasses; iOS: text fields). */
  editable: boolean;
  scrollable: boolean;
  enabled: boolean;
  focusable: boolean;
  focused: boolean;
  selected: boolean;
  password: boolean;
  /** False when the platform says the node is not visible to the user (Android's visible-to-user). */
  visible: boolean;
}

/** A plain node's flags: shown and enabled, and nothing to press, type into or scroll. */
export const PLAIN_FLAGS: Readonly<NodeFlags> = {
  clickable: false,
  longClickable: false,
  checkable: false,
  checked: false,
  editable: false,
  scrollable: false,
  enabled: true,
  focusable: false,
  focused: false,
  selected: false,
  password: false,
  visible: true,
};

export interface UiNode {
  /** Platform class: 'android.widget.Button', 'XCUIElementTypeButton'. */
  className: string;
  /** Resource id ('com.example.shop:id/login') or accessibility identifier ('loginButton'); '' when none. */
  resourceId: string;
  /** Text shown by the node ('' when none). For an empty field Android shows its hint here; iOS leaves it '' and reports the placeholder as `hint`. */
  text: string;
  /** Accessibility label (Android content-desc, iOS label). */
  contentDesc: string;
  /** Placeholder of an editable field when the platform reports it apart from the text. */
  hint: string;
  package: string;
  flags: NodeFlags;
  bounds: Rect;
  /** Index of the window this node belongs to; 0 is the topmost window. */
  window: number;
  /** Nesting depth inside its window; the window's root is 0. */
  depth: number;
  children: UiNode[];
}

/** One window of the screen: its root node and the package that owns it. */
export interface UiWindow {
  /** 0 for the topmost window: uiautomator lists windows topmost first (WebDriverAgent's, bottom first, are turned round). */
  index: number;
  package: string;
  root: UiNode;
}

export interface UiHierarchy {
  platform: 'android' | 'ios';
  /** 0..3 quarter turns, as the dump reports. */
  rotation: number;
  /** Topmost first. */
  windows: UiWindow[];
  /** How many nodes the dump held. */
  nodeCount: number;
  /** Nodes left out because they were nested too deep to be real UI (see MAX_DEPTH in the parser). */
  skippedNodes: number;
}

export function width(r: Rect): number {
  return r.right - r.left;
}

export function height(r: Rect): number {
  return r.bottom - r.top;
}

export function area(r: Rect): number {
  return Math.max(0, width(r)) * Math.max(0, height(r));
}
