// Which windows uiautomator sees. A plain dump holds the active window alone: the window the user
// interacts with (a dialog when one is up, else the activity), never the soft keyboard, a toast, a
// popup window that takes no focus or the system bars. `dump --windows` lists every interactive window of the display, topmost first;
// a toast takes no touches and is in neither.
import type { Bounds } from '../types.js';
import { decorNode } from './node.js';
import type { Metrics, UiWindow } from './windows.js';
import type { DumpedWindow } from './xml.js';

const SYSTEM_UI = 'com.android.systemui';
const KEYBOARD_TITLE = 'Gboard';
// AccessibilityWindowInfo ids are handed out as windows are added; these stay put for the phone's
// lifetime, as a status bar's does on a real one.
const STATUS_BAR_ID = 2;
const NAV_BAR_ID = 3;
const KEYBOARD_ID = 5;
const FIRST_APP_ID = 10;

/** The window a plain `uiautomator dump` writes: the topmost window that can take input focus (not a popup). */
export function activeWindow(windows: readonly UiWindow[]): UiWindow {
  for (let i = windows.length - 1; i >= 0; i--) {
    const w = windows[i];
    if (w.kind !== 'keyboard' && w.kind !== 'toast' && w.kind !== 'popup') return w;
  }
  return windows[0];
}

/** The windows `uiautomator dump --windows` lists, topmost first, from the composition's bottom-to-top list. */
export function displayWindows(options: { windows: readonly UiWindow[]; metrics: Metrics; label: (pkg: string) => string }): DumpedWindow[] {
  const { windows, metrics: m, label } = options;
  const active = activeWindow(windows);
  const interactive = windows.filter((w) => w.kind !== 'toast');
  const apps = interactive.filter((w) => w.kind !== 'keyboard');
  const listed: DumpedWindow[] = [
    systemBar({ title: 'Status bar', id: STATUS_BAR_ID, bounds: { left: 0, top: 0, right: m.width, bottom: m.statusBar } }),
    systemBar({ title: 'Navigation bar', id: NAV_BAR_ID, bounds: { left: 0, top: m.height - m.navBar, right: m.width, bottom: m.height } }),
  ];
  for (const w of [...interactive].reverse()) {
    if (w.kind === 'keyboard') {
      listed.push({ root: w.root, title: KEYBOARD_TITLE, type: 'TYPE_INPUT_METHOD', active: false, focused: false, id: KEYBOARD_ID, layer: 0 });
    } else {
      listed.push({
        root: w.root,
        title: label(w.package),
        type: 'TYPE_APPLICATION',
        active: w === active,
        focused: w === active,
        id: FIRST_APP_ID + apps.indexOf(w),
        layer: 0,
      });
    }
  }
  // Layers order the windows: the greater one is drawn on top.
  return listed.map((w, i) => ({ ...w, layer: listed.length - i }));
}

function systemBar(o: { title: string; id: number; bounds: Bounds }): DumpedWindow {
  const root = decorNode({ cls: 'android.widget.FrameLayout', pkg: SYSTEM_UI, bounds: o.bounds });
  return { root, title: o.title, type: 'TYPE_SYSTEM', active: false, focused: false, id: o.id, layer: 0 };
}
