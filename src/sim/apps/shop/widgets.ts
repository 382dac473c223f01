// Material Components building blocks as a View-based app's dump shows them.
import type { IconName, Widget } from '../../types.js';
import { appBar, editText, glyphButton, padder, textView } from '../kit/widgets.js';

export const COLORS = {
  primary: '#6200ee',
  primaryDark: '#3700b3',
  onPrimary: '#ffffff',
  surface: '#ffffff',
  background: '#f5f5f5',
  text: '#212121',
  secondaryText: '#757575',
  divider: '#e0e0e0',
  error: '#b00020',
  badge: '#ff1744',
  success: '#2e7d32',
};

export function text(value: string, options: Partial<Widget> = {}): Widget {
  return textView(value, COLORS.text, options);
}

export function iconButton(options: { icon: IconName; desc: string; id?: string; onClick: () => void; color?: string }): Widget {
  return glyphButton({
    cls: 'android.widget.ImageButton',
    id: options.id,
    desc: options.desc,
    icon: options.icon,
    color: options.color ?? COLORS.onPrimary,
    onClick: options.onClick,
  });
}

export function button(label: string, options: { id: string; onClick: () => void; enabled?: boolean; outlined?: boolean; width?: Widget['width'] }): Widget {
  const enabled = options.enabled ?? true;
  const filled = !options.outlined;
  return {
    cls: 'android.widget.Button',
    id: options.id,
    text: label,
    width: options.width ?? 'fill',
    height: 48,
    clickable: true,
    focusable: true,
    enabled,
    onClick: options.onClick,
    style: filled
      ? { background: enabled ? COLORS.primary : '#e0e0e0', color: enabled ? COLORS.onPrimary : '#9e9e9e', fontSize: 14, bold: true, radius: 4 }
      : { background: COLORS.surface, color: COLORS.primary, border: COLORS.primary, fontSize: 14, bold: true, radius: 4 },
  };
}

export function textField(options: {
  id: string;
  hint: string;
  value: string;
  onText: (value: string) => void;
  onSubmit?: () => void;
  password?: boolean;
  height?: number;
}): Widget {
  return editText({ ...options, style: { background: COLORS.surface, border: '#9e9e9e', radius: 4, fontSize: 16, color: COLORS.text } });
}

/** Wraps a widget in a padded LinearLayout: a TextView's own padding would not move its text on screen. */
export const inset = padder('android.widget.LinearLayout', 'inset');

/** A round coloured badge with a glyph, centred: the sign-in logo, the order-placed tick. */
export function roundIcon(o: { id: string; desc: string; icon: IconName; size: number; color: string; background: string }): Widget {
  return {
    cls: 'android.widget.ImageView',
    id: o.id,
    desc: o.desc,
    width: o.size,
    height: o.size,
    align: 'center',
    style: { icon: o.icon, color: o.color, background: o.background, radius: o.size / 2 },
  };
}

/** A full-height white form with wide margins, its children 16 dp apart: sign-in, order placed. */
export function formColumn(key: string, children: Widget[], options: Partial<Widget> = {}): Widget {
  return {
    cls: 'android.widget.LinearLayout',
    key,
    height: 'fill',
    padding: { left: 24, right: 24, top: 64 },
    gap: 16,
    ...options,
    style: { background: COLORS.surface },
    children,
  };
}

/** The app bar: optional up arrow, a title and action buttons on the right. */
export function toolbar(options: { title: string; onBack?: () => void; actions?: Widget[] }): Widget {
  return appBar({
    leading: options.onBack && iconButton({ icon: 'back', desc: 'Navigate up', onClick: options.onBack }),
    title: inset(
      { left: options.onBack ? 16 : 12 },
      text(options.title, {
        width: 'fill',
        style: { color: COLORS.onPrimary, fontSize: 20, bold: true },
      }),
      { key: 'toolbar_title' },
    ),
    actions: options.actions,
    background: COLORS.primary,
  });
}

/** Cart icon with its count badge; the badge is gone while the cart is empty. */
export function cartButton(count: number, onClick: () => void): Widget {
  return {
    cls: 'android.widget.FrameLayout',
    key: 'cart_frame',
    layout: 'stack',
    width: 48,
    height: 48,
    children: [
      iconButton({ icon: 'cart', id: 'cart', desc: `Cart, ${count} ${count === 1 ? 'item' : 'items'}`, onClick }),
      {
        cls: 'android.widget.TextView',
        id: 'cart_badge',
        text: String(count),
        visible: count > 0,
        width: 20,
        height: 20,
        gravity: 'top',
        align: 'end',
        style: { background: COLORS.badge, color: '#ffffff', fontSize: 11, bold: true, radius: 10 },
      },
    ],
  };
}

/** A full-screen Activity layout: app bar on top, content below filling the rest. */
export function screen(bar: Widget, ...content: Widget[]): Widget {
  return {
    cls: 'android.widget.LinearLayout',
    key: 'screen',
    width: 'fill',
    height: 'fill',
    style: { background: COLORS.background },
    children: [bar, ...content],
  };
}

export function divider(): Widget {
  return { cls: 'android.view.View', height: 1, style: { background: COLORS.divider } };
}

export function spinner(id: string): Widget {
  return {
    cls: 'android.widget.ProgressBar',
    id,
    width: 48,
    height: 48,
    align: 'center',
    style: { icon: 'spinner', color: COLORS.primary },
  };
}
