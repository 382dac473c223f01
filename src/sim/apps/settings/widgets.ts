// Building blocks of the Settings app as its preference screens dump on a Pixel: rows with
// android:id/title and android:id/summary, switches in android:id/switch_widget, a collapsing
// toolbar with "Navigate up", AlertDialogs with android:id/button1 and button2.
import type { IconName, Widget } from '../../types.js';
import { textView } from '../kit/widgets.js';

export const SETTINGS_PACKAGE = 'com.android.settings';

export interface Palette {
  background: string;
  surface: string;
  text: string;
  secondary: string;
  accent: string;
  onAccent: string;
  divider: string;
  track: string;
  /** The "Use Wi-Fi" main switch bar while on: a pale accent, so the switch's accent track stands out on it. */
  barOn: string;
  onBarOn: string;
}

const LIGHT: Palette = {
  background: '#f8f9ff',
  surface: '#e7e8ee',
  text: '#1b1b1f',
  secondary: '#46464f',
  accent: '#0b57d0',
  onAccent: '#ffffff',
  divider: '#c6c6d0',
  track: '#e1e2ec',
  barOn: '#d3e3fd',
  onBarOn: '#041e49',
};

const DARK: Palette = {
  background: '#121318',
  surface: '#2a2a30',
  text: '#e3e2e6',
  secondary: '#c6c5d0',
  accent: '#a8c7fa',
  onAccent: '#062e6f',
  divider: '#46464f',
  track: '#44474f',
  barOn: '#0842a0',
  onBarOn: '#d3e3fd',
};

export function paletteFor(dark: boolean): Palette {
  return dark ? DARK : LIGHT;
}

export function label(text: string, p: Palette, extra: Partial<Widget> = {}): Widget {
  return textView(text, p.text, extra);
}

/** A whole screen: a column on the page background, keyed by its page so each keeps its own scroll. */
export function pageRoot(key: string, p: Palette, children: Widget[]): Widget {
  return { cls: 'android.widget.LinearLayout', key: `page_${key}`, height: 'fill', style: { background: p.background }, children };
}

/** The preference list under a screen's header, taking the rest of the height. */
export function prefList(key: string, rows: Widget[]): Widget {
  return {
    cls: 'androidx.recyclerview.widget.RecyclerView',
    id: 'com.android.settings:id/recycler_view',
    key: `list_${key}`,
    height: 0,
    weight: 1,
    scrollable: 'vertical',
    focusable: true,
    children: rows,
  };
}

/** The toolbar's "Navigate up" arrow. */
export function upButton(p: Palette, onUp: () => void): Widget {
  return { cls: 'android.widget.ImageButton', desc: 'Navigate up', width: 48, height: 48, onClick: onUp, style: { icon: 'back', color: p.text, radius: 24 } };
}

/** The icon column; Settings reserves its space even for rows without an icon, so titles line up. */
function icon(name: IconName | undefined, p: Palette): Widget {
  return {
    cls: 'android.widget.LinearLayout',
    id: 'android:id/icon_frame',
    width: 40,
    align: 'center',
    children: name ? [{ cls: 'android.widget.ImageView', id: 'android:id/icon', width: 24, height: 24, style: { icon: name, color: p.accent } }] : [],
  };
}

function texts(title: string, summary: string | undefined, p: Palette): Widget {
  const children: Widget[] = [label(title, p, { id: 'android:id/title', width: 'fill', style: { fontSize: 18 } })];
  if (summary) children.push(label(summary, p, { id: 'android:id/summary', width: 'fill', style: { color: p.secondary, fontSize: 14 } }));
  return { cls: 'android.widget.RelativeLayout', width: 0, weight: 1, align: 'center', gap: 2, children };
}

export function switchWidget(checked: boolean, p: Palette, extra: Partial<Widget> = {}): Widget {
  return {
    cls: 'android.widget.Switch',
    id: 'android:id/switch_widget',
    width: 52,
    height: 32,
    align: 'center',
    checked,
    clickable: false,
    focusable: false,
    ...extra,
    style: { background: checked ? p.accent : p.track, color: checked ? p.onAccent : p.secondary, radius: 16 },
  };
}

/** A preference row: icon, title, summary; the whole row is the touch target. */
export function row(o: { key: string; title: string; summary?: string; icon?: IconName; p: Palette; onClick?: () => void; enabled?: boolean }): Widget {
  const children: Widget[] = [icon(o.icon, o.p), texts(o.title, o.summary, o.p)];
  return {
    cls: 'android.widget.LinearLayout',
    key: o.key,
    layout: 'row',
    padding: { left: 16, right: 24, top: 16, bottom: 16 },
    gap: 16,
    clickable: o.onClick !== undefined,
    focusable: o.onClick !== undefined,
    enabled: o.enabled,
    onClick: o.onClick,
    children,
  };
}

/** A SwitchPreference: tapping anywhere on the row flips the switch. */
export function switchRow(o: {
  key: string;
  title: string;
  summary?: string;
  icon?: IconName;
  checked: boolean;
  p: Palette;
  onToggle: (on: boolean) => void;
}): Widget {
  const base = row({ key: o.key, title: o.title, summary: o.summary, icon: o.icon, p: o.p, onClick: () => o.onToggle(!o.checked) });
  return {
    ...base,
    children: [
      ...(base.children ?? []),
      { cls: 'android.widget.LinearLayout', id: 'android:id/widget_frame', width: 'wrap', align: 'center', children: [switchWidget(o.checked, o.p)] },
    ],
  };
}

/** A PrimarySwitchPreference: the text opens a screen, the switch beside it flips the setting. */
export function primarySwitchRow(o: {
  key: string;
  title: string;
  summary?: string;
  icon?: IconName;
  checked: boolean;
  p: Palette;
  onOpen: () => void;
  onToggle: (on: boolean) => void;
}): Widget {
  const opener = row({ key: `${o.key}_open`, title: o.title, summary: o.summary, icon: o.icon, p: o.p, onClick: o.onOpen });
  return {
    cls: 'android.widget.LinearLayout',
    key: o.key,
    layout: 'row',
    children: [
      { ...opener, width: 0, weight: 1 },
      { cls: 'android.view.View', width: 1, height: 32, align: 'center', style: { background: o.p.divider } },
      {
        cls: 'android.widget.LinearLayout',
        id: 'android:id/widget_frame',
        width: 'wrap',
        align: 'center',
        padding: { left: 16, right: 24 },
        children: [switchWidget(o.checked, o.p, { clickable: true, focusable: true, desc: o.title, onClick: () => o.onToggle(!o.checked) })],
      },
    ],
  };
}

export function categoryHeader(title: string, p: Palette): Widget {
  return {
    cls: 'android.widget.LinearLayout',
    key: `category_${title}`,
    padding: { left: 72, top: 24, bottom: 8 },
    children: [label(title, p, { id: 'android:id/title', style: { color: p.accent, fontSize: 14, bold: true } })],
  };
}

/** A preference screen: collapsing toolbar with "Navigate up" and a title, then a scrolling list. */
export function page(o: { key: string; title: string; p: Palette; onUp?: () => void; header?: Widget[]; rows: Widget[] }): Widget {
  const bar: Widget[] = o.onUp ? [upButton(o.p, o.onUp)] : [];
  return pageRoot(o.key, o.p, [
    { cls: 'android.widget.LinearLayout', id: 'com.android.settings:id/action_bar', layout: 'row', height: 64, padding: { left: 4 }, children: bar },
    {
      cls: 'android.widget.FrameLayout',
      id: 'com.android.settings:id/collapsing_toolbar',
      desc: o.title,
      padding: { left: 24, top: 16, bottom: 24 },
      children: [label(o.title, o.p, { style: { fontSize: 34 } })],
    },
    ...(o.header ?? []),
    prefList(o.key, o.rows),
  ]);
}

/** A dialog button's resource id, action and whether it can be pressed (default yes). */
interface DialogButton {
  id: string;
  onClick: () => void;
  enabled?: boolean;
}

/** An AlertDialog as the platform lays it out: title, custom content, Cancel / positive buttons. */
export function alertDialog(o: {
  title: string;
  content: Widget[];
  p: Palette;
  positive: string;
  positiveEnabled?: boolean;
  onPositive: () => void;
  onCancel: () => void;
}): Widget {
  const button = (text: string, { id, onClick, enabled = true }: DialogButton): Widget => ({
    cls: 'android.widget.Button',
    id,
    text,
    width: 'wrap',
    height: 48,
    enabled,
    onClick,
    style: { color: enabled ? o.p.accent : o.p.secondary, background: o.p.surface, fontSize: 14, bold: true },
  });
  return {
    cls: 'android.widget.LinearLayout',
    id: 'android:id/parentPanel',
    padding: 24,
    gap: 16,
    style: { background: o.p.surface, radius: 28 },
    children: [
      label(o.title, o.p, { id: 'android:id/alertTitle', width: 'fill', style: { fontSize: 24 } }),
      { cls: 'android.widget.FrameLayout', id: 'android:id/custom', children: [{ cls: 'android.widget.LinearLayout', gap: 12, children: o.content }] },
      {
        cls: 'android.widget.LinearLayout',
        id: 'android:id/buttonPanel',
        layout: 'row',
        gap: 8,
        children: [
          { cls: 'android.widget.Space', width: 0, weight: 1, height: 1 },
          button('Cancel', { id: 'android:id/button2', onClick: o.onCancel }),
          button(o.positive, { id: 'android:id/button1', onClick: o.onPositive, enabled: o.positiveEnabled ?? true }),
        ],
      },
    ],
  };
}
