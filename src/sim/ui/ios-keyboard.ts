// An iPhone's keyboard: white letter caps on a light grey panel, shift and delete beside the bottom
// letter row, then "123", space and return, with the key names UIKit reports (shift, delete, more,
// space, Return). A tap on a key types it, as on the Android keyboard.
import type { Widget } from '../types.js';
import type { KeyboardState, KeyPress } from './keyboard.js';

const PANEL = '#d1d4da';
const CAP = '#ffffff';
const FUNCTION_CAP = '#abb0bb';
const INK = '#000000';

const LETTERS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const SYMBOLS = ['1234567890', '-/:;()$&@', '.,?!\u2019'];

function cap(o: { key: string; name: string; label: string; special: boolean; weight?: number; fontSize?: number; onClick: () => void }): Widget {
  return {
    cls: 'android.widget.FrameLayout',
    key: o.key,
    desc: o.name,
    layout: 'stack',
    width: 0,
    weight: o.weight ?? 1,
    height: 'fill',
    clickable: true,
    onClick: o.onClick,
    style: { background: o.special ? FUNCTION_CAP : CAP, radius: 5 },
    children: [
      {
        cls: 'android.widget.TextView',
        text: o.label,
        width: 'wrap',
        align: 'center',
        gravity: 'center',
        style: { color: INK, fontSize: o.fontSize ?? ([...o.label].length > 1 ? 16 : 22) },
      },
    ],
  };
}

const spacer = (key: string, weight: number): Widget => ({ cls: 'android.view.View', key, width: 0, weight, height: 'fill' });

function row(key: string, keys: Widget[]): Widget {
  return { cls: 'android.widget.LinearLayout', key, layout: 'row', height: 42, gap: 6, children: keys };
}

/** The keyboard's widget tree for the current shift and symbol state. */
export function iosKeyboardWidget(state: KeyboardState, press: (key: KeyPress) => void): Widget {
  const rows = state.symbols ? SYMBOLS : LETTERS;
  const letter = (char: string, r: number, i: number): Widget => {
    const shown = state.shifted && !state.symbols ? char.toUpperCase() : char;
    return cap({ key: `ios_key_${r}_${i}`, name: shown, label: shown, special: false, onClick: () => press({ kind: 'char', char: shown }) });
  };
  const [top = '', middle = '', bottom = ''] = rows;
  const action = state.action === 'Enter' ? 'return' : state.action === 'Search' ? 'search' : 'done';
  return {
    cls: 'android.widget.LinearLayout',
    key: 'ios_keyboard',
    height: 'fill',
    padding: { top: 8, left: 3, right: 3 },
    gap: 12,
    style: { background: PANEL },
    children: [
      row(
        'ios_row_0',
        [...top].map((c, i) => letter(c, 0, i)),
      ),
      row('ios_row_1', [spacer('ios_pad_left', 0.5), ...[...middle].map((c, i) => letter(c, 1, i)), spacer('ios_pad_right', 0.5)]),
      row('ios_row_2', [
        cap({ key: 'ios_shift', name: 'shift', label: '\u21e7', special: !state.shifted, weight: 1.35, onClick: () => press({ kind: 'shift' }) }),
        spacer('ios_gap_left', 0.15),
        ...[...bottom].map((c, i) => letter(c, 2, i)),
        spacer('ios_gap_right', 0.15),
        cap({ key: 'ios_delete', name: 'delete', label: '\u232b', special: true, weight: 1.35, onClick: () => press({ kind: 'delete' }) }),
      ]),
      row('ios_row_3', [
        cap({ key: 'ios_more', name: 'more', label: state.symbols ? 'ABC' : '123', special: true, weight: 1.3, onClick: () => press({ kind: 'symbols' }) }),
        cap({ key: 'ios_space', name: 'space', label: 'space', special: false, weight: 5, onClick: () => press({ kind: 'char', char: ' ' }) }),
        cap({ key: 'ios_return', name: 'Return', label: action, special: true, weight: 2.3, onClick: () => press({ kind: 'enter' }) }),
      ]),
    ],
  };
}
