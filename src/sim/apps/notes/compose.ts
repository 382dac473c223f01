// Jetpack Compose building blocks as uiautomator sees them: android.view.View nodes, no resource-ids.
import type { IconName, Widget } from '../../types.js';

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
  return {
    cls: 'android.widget.TextView',
    text: value,
    width: 'wrap',
    ...options,
    style: { color: M3.onSurface, fontSize: 16, ...options.style },
  };
}

/** Pads a text inside a View: Compose's Modifier.padding makes a layout node around the Text. */
export function box(padding: Widget['padding'], child: Widget, options: Partial<Widget> = {}): Widget {
  return { cls: 'android.view.View', key: `${child.key ?? child.text ?? 'box'}_box`, padding, width: 'fill', ...options, children: [child] };
}

/** An IconButton: a clickable View whose only label is its content description (if any). */
export function icon(options: { icon: IconName; key: string; desc?: string; onClick: () => void; active?: boolean; color?: string }): Widget {
  return {
    cls: 'android.view.View',
    key: options.key,
    desc: options.desc,
    width: 48,
    height: 48,
    align: 'center',
    clickable: true,
    focusable: true,
    onClick: options.onClick,
    style: {
      icon: options.icon,
      color: options.color ?? (options.active ? M3.onPrimaryContainer : M3.onSurfaceVariant),
      background: options.active ? M3.primaryContainer : undefined,
      radius: 24,
    },
  };
}

/** A TextField: Compose reports it as an EditText without an id. */
export function field(options: { key: string; hint: string; value: string; onText: (value: string) => void; fontSize?: number; height?: number | 'wrap' }): Widget {
  return {
    cls: 'android.widget.EditText',
    key: options.key,
    hint: options.hint,
    text: options.value,
    width: 'fill',
    height: options.height ?? 56,
    padding: { left: 16, right: 16 },
    clickable: true,
    focusable: true,
    longClickable: true,
    onText: options.onText,
    style: { fontSize: options.fontSize ?? 16, color: M3.onSurface, background: M3.surface },
  };
}

/** A DropdownMenu item: clickable View around a Text. */
export function menuItem(key: string, text: string, onClick: () => void): Widget {
  return {
    cls: 'android.view.View',
    key,
    height: 48,
    padding: { left: 16, right: 16 },
    clickable: true,
    focusable: true,
    onClick,
    children: [label(text, { width: 'fill', height: 'fill' })],
  };
}

export function menu(key: string, items: Widget[]): Widget {
  return {
    cls: 'android.view.View',
    key,
    width: 220,
    padding: { top: 8, bottom: 8 },
    style: { background: M3.surfaceVariant, radius: 4 },
    children: items,
  };
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
