// After layout: what uiautomator dumps and the renderer draws.
import type { WidgetStyle } from './app.js';

export interface Bounds {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface LaidOutNode {
  cls: string;
  /** Full resource-id ('com.example.shop:id/login') or ''. */
  resourceId: string;
  package: string;
  text: string;
  contentDesc: string;
  checkable: boolean;
  checked: boolean;
  clickable: boolean;
  enabled: boolean;
  focusable: boolean;
  focused: boolean;
  scrollable: boolean;
  longClickable: boolean;
  password: boolean;
  selected: boolean;
  /** Pixels, clipped to the visible part of the window. */
  bounds: Bounds;
  /** Pixels before clipping (a row half scrolled away); the renderer lays content out in it and clips to bounds. Not dumped. */
  frame?: Bounds;
  /** True when the text shown is the EditText hint. */
  showingHint?: boolean;
  /** Space between the bounds and the content (text, icon), px; absent when none. Not dumped. */
  padding?: { top: number; right: number; bottom: number; left: number };
  style?: WidgetStyle;
  children: LaidOutNode[];
}

/** One window on screen. A dump lists windows topmost first. */
export interface LaidOutWindow {
  kind: 'app' | 'popup' | 'dialog' | 'system-dialog' | 'keyboard' | 'toast';
  package: string;
  root: LaidOutNode;
  /** Dim what is beneath (dialogs). */
  scrim?: boolean;
}

export interface ScreenSize {
  width: number;
  height: number;
  density: number;
}

/** Which phone the runtime stands in for: an Android phone (default) or an iPhone. */
export type Platform = 'android' | 'ios';

/** Everything the renderer needs to draw one frame. */
export interface Frame {
  size: ScreenSize;
  /** Absent on Android frames; 'ios' draws the iPhone's status bar, home indicator and keyboard. */
  platform?: Platform;
  /** Bottom to top. */
  windows: LaidOutWindow[];
  statusBar: { time: string; battery: number; wifi: boolean; notifications: number };
  orientation: 0 | 1 | 2 | 3;
  darkTheme: boolean;
  /** Pixel heights of the status bar (top) and the navigation bar (bottom) that the system draws over the app window. */
  insets?: { top: number; bottom: number };
}
