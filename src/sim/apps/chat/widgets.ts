// The Chat app's View-based widgets (android.widget.* with resource-ids), in its teal theme.
import type { IconName, Widget } from '../../types.js';
import { appBar, editText, glyphButton, padder, textView } from '../kit/widgets.js';

export const CHAT_COLORS = {
  primary: '#00796b',
  onPrimary: '#ffffff',
  surface: '#ffffff',
  background: '#eceff1',
  text: '#212121',
  secondaryText: '#616161',
  divider: '#e0e0e0',
  error: '#b00020',
  mine: '#c8e6c9',
  theirs: '#ffffff',
  badge: '#00796b',
  banner: '#fff3e0',
};

export function text(value: string, options: Partial<Widget> = {}): Widget {
  return textView(value, CHAT_COLORS.text, options);
}

/** Pads one child inside a LinearLayout. */
export const inset = padder('android.widget.LinearLayout', 'inset');

export function button(label: string, o: { id: string; onClick: () => void; enabled?: boolean; width?: Widget['width'] }): Widget {
  const enabled = o.enabled ?? true;
  return {
    cls: 'android.widget.Button',
    id: o.id,
    text: label,
    width: o.width ?? 'fill',
    height: 48,
    padding: { left: 16, right: 16 },
    clickable: true,
    focusable: true,
    enabled,
    onClick: o.onClick,
    style: { background: enabled ? CHAT_COLORS.primary : '#e0e0e0', color: enabled ? CHAT_COLORS.onPrimary : '#9e9e9e', fontSize: 14, bold: true, radius: 4 },
  };
}

export function field(o: { id: string; hint: string; value: string; onText: (value: string) => void; onSubmit?: () => void; password?: boolean }): Widget {
  return editText({ ...o, style: { background: CHAT_COLORS.surface, border: '#9e9e9e', radius: 4, fontSize: 16, color: CHAT_COLORS.text } });
}

export function iconButton(o: { icon: IconName; desc: string; id: string; onClick: () => void }): Widget {
  return glyphButton({ cls: 'android.widget.ImageButton', id: o.id, desc: o.desc, icon: o.icon, color: CHAT_COLORS.onPrimary, onClick: o.onClick });
}

/** The app bar: an optional up arrow, the title, and actions on the right. */
export function toolbar(o: { title: string; onUp?: () => void; actions?: Widget[] }): Widget {
  return appBar({
    leading: o.onUp && iconButton({ icon: 'back', id: 'up', desc: 'Navigate up', onClick: o.onUp }),
    title: inset({ left: o.onUp ? 8 : 12 }, text(o.title, { id: 'title', width: 'fill', style: { color: CHAT_COLORS.onPrimary, fontSize: 20, bold: true } }), {
      key: 'title_box',
    }),
    actions: o.actions,
    background: CHAT_COLORS.primary,
  });
}

/** A whole Activity: app bar on top, then the content filling the rest. */
export function screen(bar: Widget, content: Widget[]): Widget {
  return {
    cls: 'android.widget.LinearLayout',
    key: 'screen',
    width: 'fill',
    height: 'fill',
    style: { background: CHAT_COLORS.background },
    children: [bar, ...content],
  };
}

/** The line under the app bar while the server cannot be reached. */
export function offlineBanner(message: string | undefined): Widget {
  return inset(16, text(message ?? '', { id: 'connection_error', width: 'fill', style: { color: CHAT_COLORS.error, fontSize: 14 } }), {
    key: 'banner',
    visible: message !== undefined,
    style: { background: CHAT_COLORS.banner },
  });
}

export function recycler(id: string, children: Widget[], options: Partial<Widget> = {}): Widget {
  return {
    cls: 'androidx.recyclerview.widget.RecyclerView',
    id,
    width: 'fill',
    height: 'fill',
    scrollable: 'vertical',
    ...options,
    children,
  };
}
