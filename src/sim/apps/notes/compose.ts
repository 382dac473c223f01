// Jetpack Compose building blocks as uiautomator sees them: android.view.View nodes, no resource-ids.
import type { IconName, Widget } from '../../types.js';
import { editText, glyphButton, menuItem as kitMenuItem, padder, popupMenu, textView } from '../kit/widgets.js';

export const M3 = {
  primary: '#6750a4',
  onPrimary: '#ffffff',
  primaryContainer: '#eaddff',
  onPrimaryContainer: '#21005d',
  surface: '#fffbfe',
  surfaceVariant: '#f3edf7',
  onSurface: '#1c1b1f',
  onSurfaceVariant: '#49454f',
  outline: '#79747e',
  inverseSurface: '#313033',
  inverseOnSurface: '#f4eff4',
  inversePrimary: '#d0bcff',
  tertiaryContainer: '#ffd8e4',
};

export function label(value: string, options: Partial<Widget> = {}): Widget {
  return textView(value, M3.onSurface, options);
}

/** Pads a text inside a View: Compose's Modifier.padding makes a layout node around the Text. */
export const box = padder('android.view.View', 'box');

/** An IconButton: a clickable View whose only label is its content description (if any). */
export function icon(options: { icon: IconName; key: string; desc?: string; onClick: () => void; active?: boolean; color?: string }): Widget {
  return {
    ...glyphButton({
      cls: 'android.view.View',
      key: options.key,
      desc: options.desc,
      icon: options.icon,
      color: options.color ?? (options.active ? M3.onPrimaryContainer : M3.onSurfaceVariant),
      background: options.active ? M3.primaryContainer : undefined,
      onClick: options.onClick,
    }),
    align: 'center',
  };
}

/** A TextField: Compose reports it as an EditText without an id. */
export function field(options: {
  key: string;
  hint: string;
  value: string;
  onText: (value: string) => void;
  fontSize?: number;
  height?: number | 'wrap';
}): Widget {
  return editText({
    key: options.key,
    hint: options.hint,
    value: options.value,
    onText: options.onText,
    height: options.height,
    style: { fontSize: options.fontSize ?? 16, color: M3.onSurface, background: M3.surface },
  });
}

/** A DropdownMenu item: clickable View around a Text. */
export function menuItem(key: string, text: string, onClick: () => void): Widget {
  return kitMenuItem({ cls: 'android.view.View', key, label: label(text), onClick });
}

/** A DropdownMenu: from the ⋮ button it hangs at the top right; from a long press, mid-screen. */
export function menu(key: string, anchor: 'overflow' | 'context', items: Widget[]): Widget {
  return popupMenu({ cls: 'android.view.View', key, width: 220, background: M3.surfaceVariant, anchor, items });
}

/** A top app bar row of fixed height. */
export function topBar(key: string, children: Widget[]): Widget {
  return {
    cls: 'android.view.View',
    key,
    layout: 'row',
    height: 64,
    padding: { left: 4, right: 4 },
    gap: 4,
    style: { background: M3.surface },
    children,
  };
}

/** The ComposeView an Activity's setContent makes: the whole window, in the surface colour. */
export function composeRoot(children: Widget[], layout?: Widget['layout']): Widget {
  return {
    cls: 'androidx.compose.ui.platform.ComposeView',
    key: 'compose_root',
    layout,
    width: 'fill',
    height: 'fill',
    style: { background: M3.surface },
    children,
  };
}
