// Widgets every sample app builds the same way whatever its toolkit: a text, a text field, a round
// icon button, a padded wrapper, a popup menu. Each app passes its own classes, ids and colours,
// so a View-based app still dumps android.widget.* with ids and a Compose app android.view.View without.
import type { IconName, Widget } from '../../types.js';

/** Who a widget is in the dump: a resource-id (View apps) or only a key (Compose apps). */
export interface Identity {
  id?: string;
  key?: string;
}

/** A TextView sized to its text, 16 sp in the given colour unless the style says otherwise. */
export function textView(value: string, color: string, options: Partial<Widget> = {}): Widget {
  return {
    cls: 'android.widget.TextView',
    text: value,
    width: 'wrap',
    ...options,
    style: { color, fontSize: 16, ...options.style },
  };
}

/**
 * A wrapper that pads one child: a TextView's own padding would not move its text on screen.
 * Its key comes from the child's, so it stays the same node across re-renders.
 */
export function padder(cls: string, suffix: string): (padding: Widget['padding'], child: Widget, options?: Partial<Widget>) => Widget {
  return (padding, child, options = {}) => ({
    cls,
    key: `${child.key ?? child.id ?? child.text ?? suffix}_${suffix}`,
    padding,
    width: 'fill',
    ...options,
    children: [child],
  });
}

/** A single-line or tall EditText across the width, 56 dp high unless told, with 16 dp side padding. */
export function editText(
  o: Identity & {
    hint: string;
    value: string;
    onText: (value: string) => void;
    onSubmit?: () => void;
    password?: boolean;
    height?: number | 'wrap';
    style: Widget['style'];
  },
): Widget {
  return {
    cls: 'android.widget.EditText',
    ...identity(o),
    hint: o.hint,
    text: o.value,
    password: o.password,
    width: 'fill',
    height: o.height ?? 56,
    padding: { left: 16, right: 16 },
    clickable: true,
    focusable: true,
    longClickable: true,
    onText: o.onText,
    onSubmit: o.onSubmit,
    style: o.style,
  };
}

/** A 48 dp round touch target showing one glyph: an ImageButton, or a Compose IconButton. */
export function glyphButton(o: Identity & { cls: string; icon: IconName; desc?: string; color: string; background?: string; onClick: () => void }): Widget {
  return {
    cls: o.cls,
    ...identity(o),
    desc: o.desc,
    width: 48,
    height: 48,
    clickable: true,
    focusable: true,
    onClick: o.onClick,
    style: { icon: o.icon, color: o.color, background: o.background, radius: 24 },
  };
}

/** One 48 dp row of a popup menu; the whole row is the touch target. */
export function menuItem(o: { cls: string; key: string; label: Widget; onClick: () => void }): Widget {
  return {
    cls: o.cls,
    key: o.key,
    height: 48,
    padding: { left: 16, right: 16 },
    clickable: true,
    focusable: true,
    onClick: o.onClick,
    children: [{ ...o.label, width: 'fill', height: 'fill' }],
  };
}

/**
 * A popup menu for AppView.dialog. An overflow menu hangs from the top-right corner under the
 * status bar, as Android anchors it to the ⋮ button; a context menu sits in the middle.
 */
export function popupMenu(o: { cls: string; key: string; width: number; background: string; anchor: 'overflow' | 'context'; items: Widget[] }): Widget {
  const anchored: Partial<Widget> = o.anchor === 'overflow' ? { gravity: 'top', align: 'end' } : {};
  return {
    cls: o.cls,
    key: o.key,
    width: o.width,
    padding: { top: 8, bottom: 8 },
    ...anchored,
    style: { background: o.background, radius: 4 },
    children: o.items,
  };
}

function identity(o: Identity): Identity {
  return o.id !== undefined ? { id: o.id } : { key: o.key };
}

/** An app bar on the app's colour: what comes first (an up arrow), the title, then actions on the right. */
export function appBar(o: { leading?: Widget; title: Widget; actions?: Widget[]; background: string }): Widget {
  return {
    cls: 'android.view.ViewGroup',
    id: 'toolbar',
    layout: 'row',
    height: 56,
    padding: { left: 4, right: 4 },
    style: { background: o.background },
    children: [...(o.leading ? [o.leading] : []), o.title, ...(o.actions ?? [])].map((child) => ({ ...child, align: 'center' })),
  };
}
