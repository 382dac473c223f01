// The screen as the agent sees it: the actionable and informative elements, with refs.
import type { Rect } from './ui-node.js';

export type Role = 'button' | 'input' | 'toggle' | 'checkbox' | 'tab' | 'list' | 'item' | 'image' | 'text' | 'dialog' | 'keyboard' | 'progress' | 'toast';

export type ElementState =
  | 'checked'
  | 'unchecked'
  | 'disabled'
  /** The tree says enabled, the pixels say greyed out (greyed.ts): a person reads it as disabled. */
  | 'looks-disabled'
  /** The tree says visible, the pixels show something else over it (covered.ts): an overlay the tree does not show is on top. */
  | 'covered'
  | 'focused'
  | 'selected'
  | 'password'
  | 'scrollable-vertical'
  | 'scrollable-horizontal'
  | 'long-clickable';

/** Roles that stand for something to touch: an unlabelled one is still worth a line (and a read of its pixels). */
export const TOUCHABLE_ROLES: ReadonlySet<Role> = new Set<Role>(['button', 'item', 'tab', 'checkbox', 'toggle', 'input', 'image']);

/** Whether a person would take the element as disabled: the tree says so, or its pixels do. */
export function isDisabled(e: { states: readonly ElementState[] }): boolean {
  return e.states.includes('disabled') || e.states.includes('looks-disabled');
}

/** Whether the pixels show something the tree does not over the element: a touch there lands on that, not on the element. */
export function isCovered(e: { states: readonly ElementState[] }): boolean {
  return e.states.includes('covered');
}

/** What the pixels say against the tree's word that the element is live: covered, drawn greyed out, or nothing. */
export function pixelBlock(e: { states: readonly ElementState[] }): 'covered' | 'looks-disabled' | undefined {
  return e.states.includes('covered') ? 'covered' : e.states.includes('looks-disabled') ? 'looks-disabled' : undefined;
}

export interface ScreenElement {
  /** Short handle ('e7') that stays the same across observations while the element stays. */
  ref: string;
  role: Role;
  /** What a person would call it: its text, its children's text, or its accessibility label; '' when none. */
  label: string;
  /** An input's current text when it differs from its label. */
  value?: string;
  /** Extra words for the reader, e.g. the keyboard's enter key ('enter key "Search"'). */
  detail?: string;
  /** Visible part on screen, pixels. */
  bounds: Rect;
  /** Where the tree says the element's own text is drawn (its nodes with a `text`, not a content-desc), within bounds. */
  textBox?: Rect;
  states: ElementState[];
  /** Index into Screen.windows. */
  window: number;
  /** Ref of the list this element sits in, if any. */
  list?: string;
  /** Identity beyond the label, for refs and locators. */
  className: string;
  resourceId: string;
  /** 'ocr' when the label was read off the screenshot, not given by the tree (an element OCR found has className 'ocr'). */
  source?: 'ocr';
}

export type WindowKind = 'app' | 'dialog' | 'keyboard' | 'system' | 'toast';

export interface ScreenWindow {
  kind: WindowKind;
  package: string;
  bounds: Rect;
  /** Elements left out because a dialog above makes them unreachable. */
  hiddenElements: number;
  /** Where the app draws (its `android:id/content`), when that is less than the window: the rest is the system bars. */
  content?: Rect;
  /** The dialog's or keyboard's own element, when it has one. */
  ref?: string;
}

export interface ForegroundApp {
  package: string;
  /** As the platform reports it: '.MainActivity' or 'com.example.shop.MainActivity'; '' when unknown. */
  activity: string;
}

export interface Screen {
  width: number;
  height: number;
  rotation: number;
  /** Foreground app and activity, when the caller knows them (a live device); else the top app window's package. */
  foreground?: ForegroundApp;
  /** Topmost first. */
  windows: ScreenWindow[];
  /** Reading order: windows topmost first, then top to bottom within a window. */
  elements: ScreenElement[];
  /** Nodes in the dump, and nodes left out for nesting too deep. */
  nodeCount: number;
  skippedNodes: number;
}
