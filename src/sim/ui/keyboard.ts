// The soft keyboard (Gboard's window and ids). A tap on a key types it into the focused field,
// as a finger on a real keyboard would.
import type { Widget } from '../types.js';
import type { SystemPalette } from './theme.js';

export const KEYBOARD_PACKAGE = 'com.google.android.inputmethod.latin';
const ID = `${KEYBOARD_PACKAGE}:id`;

export type KeyPress = { kind: 'char'; char: string } | { kind: 'delete' | 'enter' | 'shift' | 'symbols' };

const LETTERS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const SYMBOLS = ['1234567890', '@#$_&-+()/', '*"\':;!?'];

export interface KeyboardState {
  shifted: boolean;
  symbols: boolean;
  /** Label of the action key: Enter, Search, Done. */
  action: string;
}

export function keyboardWidget(state: KeyboardState, palette: SystemPalette, press: (key: KeyPress) => void): Widget {
  const rows = state.symbols ? SYMBOLS : LETTERS;
  const charKey = (char: string, id: string): Widget => {
    const shown = state.shifted && !state.symbols ? char.toUpperCase() : char;
    return key({ id, desc: shown, label: shown, palette, special: false, onClick: () => press({ kind: 'char', char: shown }) });
  };
  const rowWidgets: Widget[] = rows.map((chars, r) => {
    const keys = [...chars].map((c, i) => charKey(c, `${ID}/key_pos_${r}_${i}`));
    if (r === 2) {
      keys.unshift(
        key({ id: `${ID}/key_pos_shift`, desc: 'Shift', label: '\u21e7', palette, special: true, weight: 1.5, onClick: () => press({ kind: 'shift' }) }),
      );
      keys.push(
        key({ id: `${ID}/key_pos_del`, desc: 'Delete', label: '\u232b', palette, special: true, weight: 1.5, onClick: () => press({ kind: 'delete' }) }),
      );
    }
    return row(`${ID}/keyboard_row_${r}`, keys);
  });
  rowWidgets.push(
    row(`${ID}/keyboard_row_3`, [
      key({
        id: `${ID}/key_pos_switch_to_symbol`,
        desc: state.symbols ? 'Letters' : 'Symbols',
        label: state.symbols ? 'ABC' : '?123',
        palette,
        special: true,
        weight: 1.5,
        onClick: () => press({ kind: 'symbols' }),
      }),
      charKey(',', `${ID}/key_pos_3_1`),
      key({ id: `${ID}/key_pos_space`, desc: 'Space', label: ' ', palette, special: false, weight: 5, onClick: () => press({ kind: 'char', char: ' ' }) }),
      charKey('.', `${ID}/key_pos_3_3`),
      key({
        id: `${ID}/key_pos_ime_action`,
        desc: state.action,
        label: '\u21b5',
        palette,
        special: true,
        weight: 1.5,
        onClick: () => press({ kind: 'enter' }),
      }),
    ]),
  );
  return {
    cls: 'android.widget.LinearLayout',
    id: `${ID}/keyboard_holder`,
    height: 'fill',
    padding: { left: 4, right: 4, bottom: 8 },
    style: { background: palette.keyboard },
    children: [{ cls: 'android.widget.FrameLayout', id: `${ID}/keyboard_header_view_holder`, height: 44 }, ...rowWidgets],
  };
}

function row(id: string, keys: Widget[]): Widget {
  return { cls: 'android.widget.LinearLayout', id, layout: 'row', height: 0, weight: 1, gap: 6, padding: { top: 4, bottom: 4 }, children: keys };
}

function key(options: { id: string; desc: string; label: string; palette: SystemPalette; special: boolean; weight?: number; onClick: () => void }): Widget {
  const { palette } = options;
  return {
    cls: 'android.widget.FrameLayout',
    id: options.id,
    desc: options.desc,
    layout: 'stack',
    width: 0,
    weight: options.weight ?? 1,
    height: 'fill',
    clickable: true,
    onClick: options.onClick,
    style: { background: options.special ? palette.specialKey : palette.key, radius: 6 },
    children: [
      {
        cls: 'android.widget.TextView',
        text: options.label,
        width: 'wrap',
        align: 'center',
        gravity: 'center',
        // A word on a function key ("?123", "ABC") is set small, as Gboard does, so it sits inside its cap.
        style: { color: palette.onSurface, fontSize: [...options.label].length > 1 ? 14 : 22 },
      },
    ],
  };
}
