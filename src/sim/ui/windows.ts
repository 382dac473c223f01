// Windows as WindowManager stacks them on a phone: the Activity window with its DecorView,
// dialogs over a scrim, the soft keyboard, toasts. Status and navigation bars are drawn by the
// renderer from the insets and are not part of an app's dump.
import type { LaidOutWindow, Platform, Popup, ScreenSize, Widget } from '../types.js';
import { Layout, type LayoutOptions } from './layout.js';
import { decorNode, isEmpty, type UiNode } from './node.js';

export interface Metrics {
  width: number;
  height: number;
  /** px per dp. */
  scale: number;
  statusBar: number;
  navBar: number;
  /** Top edge of the soft keyboard when it is shown. */
  keyboardTop: number;
}

export type WindowArea = 'app' | 'popup' | 'dialog' | 'system' | 'keyboard' | 'toast';

export interface UiWindow extends LaidOutWindow {
  root: UiNode;
  area: WindowArea;
  /** Every widget key laid out in the window, including those scrolled out of view. */
  keys: Set<string>;
}

const STATUS_BAR_DP = 24;
// Gesture navigation: the handle's band is 24 dp (3-button navigation would be 48).
const NAV_BAR_DP = 24;
const KEYBOARD_SHARE = 0.4;
// An iPhone's status bar (Dynamic Island) and home indicator, points; its keyboard is about 291 of 852 pt.
const IOS_STATUS_BAR_PT = 54;
const IOS_HOME_INDICATOR_PT = 34;
const IOS_KEYBOARD_SHARE = 0.34;
const DIALOG_MARGIN_DP = 24;
const POPUP_MARGIN_DP = 8;
const TOAST_OFFSET_DP = 64;

export function metricsFor(size: ScreenSize, rotation: number, platform: Platform = 'android'): Metrics {
  const turned = rotation % 2 === 1;
  const width = turned ? size.height : size.width;
  const height = turned ? size.width : size.height;
  const scale = size.density / 160;
  const ios = platform === 'ios';
  const navBar = Math.round((ios ? IOS_HOME_INDICATOR_PT : NAV_BAR_DP) * scale);
  return {
    width,
    height,
    scale,
    statusBar: Math.round((ios ? IOS_STATUS_BAR_PT : STATUS_BAR_DP) * scale),
    navBar,
    keyboardTop: Math.round(height * (1 - (ios ? IOS_KEYBOARD_SHARE : KEYBOARD_SHARE))),
  };
}

type WindowLayout = Omit<LayoutOptions, 'scale' | 'pkg'>;

/** An Activity window: DecorView > LinearLayout > android:id/content > the app's root, plus bar backgrounds. */
export function activityWindow(o: { pkg: string; root: Widget; snackbar?: Widget; metrics: Metrics; contentBottom: number; layout: WindowLayout }): UiWindow {
  const { metrics: m, pkg } = o;
  const layout = new Layout({ ...o.layout, scale: m.scale, pkg });
  const content = { left: 0, top: m.statusBar, right: m.width, bottom: o.contentBottom };
  const rect = { x: content.left, y: content.top, w: content.right - content.left, h: content.bottom - content.top };
  const children: UiNode[] = [];
  const app = layout.layoutRoot(o.root, rect, content);
  if (app) children.push(app);
  if (o.snackbar && o.snackbar.visible !== false) {
    const margin = layout.px(POPUP_MARGIN_DP);
    const width = rect.w - 2 * margin;
    const height = layout.heightFor(o.snackbar, width, rect.h);
    const bar = layout.layoutRoot(o.snackbar, { x: margin, y: content.bottom - margin - height, w: width, h: height }, content);
    if (bar) children.push(bar);
  }
  const full = { left: 0, top: 0, right: m.width, bottom: m.height };
  const root = decorNode({
    cls: 'android.widget.FrameLayout',
    pkg,
    bounds: full,
    key: 'decor',
    children: [
      decorNode({
        cls: 'android.widget.LinearLayout',
        pkg,
        bounds: full,
        key: 'decor_content_parent',
        children: [decorNode({ cls: 'android.widget.FrameLayout', pkg, bounds: content, resourceId: 'android:id/content', children })],
      }),
      decorNode({
        cls: 'android.view.View',
        pkg,
        bounds: { left: 0, top: m.height - m.navBar, right: m.width, bottom: m.height },
        resourceId: 'android:id/navigationBarBackground',
      }),
      decorNode({
        cls: 'android.view.View',
        pkg,
        bounds: { left: 0, top: 0, right: m.width, bottom: m.statusBar },
        resourceId: 'android:id/statusBarBackground',
      }),
    ],
  });
  return { kind: 'app', package: pkg, root, area: 'app', keys: layout.keys };
}

/** A popup window of the app over its activity, at its place in the content area; it takes touches but no focus. */
export function popupWindow(o: { pkg: string; popup: Popup; metrics: Metrics; layout: WindowLayout }): UiWindow {
  const { metrics: m, pkg, popup } = o;
  const layout = new Layout({ ...o.layout, scale: m.scale, pkg });
  const x = Math.round(layout.px(popup.at.x));
  const y = Math.round(m.statusBar + layout.px(popup.at.y));
  const right = popup.at.w === undefined ? m.width - x : Math.min(m.width, x + Math.round(layout.px(popup.at.w)));
  const rect = { left: x, top: y, right, bottom: Math.min(m.height, y + Math.round(layout.px(popup.at.h))) };
  const content = layout.layoutRoot(popup.root, { x: rect.left, y: rect.top, w: rect.right - rect.left, h: rect.bottom - rect.top }, rect);
  const root = decorNode({ cls: 'android.widget.FrameLayout', pkg, bounds: rect, key: 'popup', children: content ? [content] : [] });
  return { kind: 'popup', package: pkg, root, area: 'popup', keys: layout.keys };
}

/** A dialog window sized to its content and placed by the root's gravity/align, over a scrim. */
export function dialogWindow(o: {
  kind: 'dialog' | 'system-dialog';
  pkg: string;
  dialog: Widget;
  metrics: Metrics;
  areaBottom: number;
  layout: WindowLayout;
}): UiWindow {
  const { metrics: m, pkg, dialog } = o;
  const layout = new Layout({ ...o.layout, scale: m.scale, pkg });
  const centred = (dialog.gravity ?? 'center') === 'center' && (dialog.align ?? 'center') === 'center';
  const margin = layout.px(centred ? DIALOG_MARGIN_DP : POPUP_MARGIN_DP);
  const area = { left: margin, top: m.statusBar + margin, right: m.width - margin, bottom: o.areaBottom - margin };
  const maxW = area.right - area.left;
  const maxH = area.bottom - area.top;
  const width = typeof dialog.width === 'number' ? Math.min(layout.px(dialog.width), maxW) : dialog.width === 'wrap' ? layout.wrapWidth(dialog, maxW) : maxW;
  const height =
    typeof dialog.height === 'number' ? Math.min(layout.px(dialog.height), maxH) : dialog.height === 'fill' ? maxH : layout.heightFor(dialog, width, maxH);
  const align = dialog.align ?? 'center';
  const gravity = dialog.gravity ?? 'center';
  const x = align === 'start' ? area.left : align === 'end' ? area.right - width : area.left + (maxW - width) / 2;
  const y = gravity === 'top' ? area.top : gravity === 'bottom' ? area.bottom - height : area.top + (maxH - height) / 2;
  const rect = { left: Math.round(x), top: Math.round(y), right: Math.round(x + width), bottom: Math.round(y + height) };
  const screen = { left: 0, top: 0, right: m.width, bottom: m.height };
  const content = layout.layoutRoot(dialog, { x: rect.left, y: rect.top, w: rect.right - rect.left, h: rect.bottom - rect.top }, screen);
  const root = decorNode({
    cls: 'android.widget.FrameLayout',
    pkg,
    bounds: rect,
    key: 'decor',
    children: [decorNode({ cls: 'android.widget.FrameLayout', pkg, bounds: rect, resourceId: 'android:id/content', children: content ? [content] : [] })],
  });
  return { kind: o.kind, package: pkg, root, scrim: true, area: o.kind === 'dialog' ? 'dialog' : 'system', keys: layout.keys };
}

/** The input method window along the bottom of the screen, above the navigation bar. */
export function keyboardWindow(o: { pkg: string; keyboard: Widget; metrics: Metrics; layout: WindowLayout }): UiWindow {
  const { metrics: m, pkg } = o;
  const layout = new Layout({ ...o.layout, scale: m.scale, pkg });
  const rect = { left: 0, top: m.keyboardTop, right: m.width, bottom: m.height - m.navBar };
  const content = layout.layoutRoot(o.keyboard, { x: 0, y: rect.top, w: m.width, h: rect.bottom - rect.top }, rect);
  const root = decorNode({ cls: 'android.widget.FrameLayout', pkg, bounds: rect, key: 'input_window', children: content ? [content] : [] });
  return { kind: 'keyboard', package: pkg, root, area: 'keyboard', keys: layout.keys };
}

/** A toast: one TextView in its own untouchable window, centred above the navigation bar. */
export function toastWindow(o: { pkg: string; text: string; metrics: Metrics; colors: { background: string; color: string } }): UiWindow | undefined {
  const { metrics: m, pkg } = o;
  const layout = new Layout({ scale: m.scale, pkg, keyPrefix: 'toast', scrollOffset: () => 0 });
  const message: Widget = {
    cls: 'android.widget.TextView',
    id: 'android:id/message',
    text: o.text,
    width: 'wrap',
    padding: { left: 16, right: 16, top: 12, bottom: 12 },
    style: { background: o.colors.background, color: o.colors.color, fontSize: 14, radius: 24 },
  };
  const maxW = m.width - 2 * layout.px(DIALOG_MARGIN_DP);
  const width = layout.wrapWidth(message, maxW);
  const height = layout.heightFor(message, width, m.height);
  const bottom = m.height - m.navBar - layout.px(TOAST_OFFSET_DP);
  const x = Math.round((m.width - width) / 2);
  const rect = { left: x, top: Math.round(bottom - height), right: Math.round(x + width), bottom: Math.round(bottom) };
  const node = layout.layoutRoot(message, { x: rect.left, y: rect.top, w: rect.right - rect.left, h: rect.bottom - rect.top }, rect);
  if (!node || isEmpty(rect)) return undefined;
  const root = decorNode({ cls: 'android.widget.FrameLayout', pkg, bounds: rect, key: 'toast', children: [node] });
  return { kind: 'toast', package: pkg, root, area: 'toast', keys: layout.keys };
}
