// The focused text field and the soft keyboard: typing, deleting, the IME action and moving
// between fields, as `input text`, `input keyevent` and the keyboard's keys do them.
import type { Widget } from '../types.js';
import type { Composition, Focus } from './compose.js';
import type { KeyPress } from './keyboard.js';
import { findNode, type UiNode } from './node.js';
import type { RunningApp } from './processes.js';
import type { UiWindow } from './windows.js';
import { isEditText } from './widget-defaults.js';

/** Longest text one `input text` may insert; more is cut so a huge argument cannot stall the phone. */
const MAX_INPUT = 10_000;

interface Field {
  node: UiNode;
  widget: Widget;
  owner: RunningApp | undefined;
  window: UiWindow;
}

export class TextInput {
  focus: Focus | undefined;
  keyboard = false;
  shifted = false;
  symbols = false;

  constructor(
    private readonly o: {
      compose: () => Composition;
      run: (app: RunningApp | undefined, fn: () => void) => void;
    },
  ) {}

  clear(): void {
    this.focus = undefined;
    this.keyboard = false;
  }

  /** A tap on a text field: it takes focus and the keyboard comes up. */
  focusOn(area: Focus['area'], key: string): void {
    this.focus = { area, key };
    this.keyboard = true;
  }

  private field(): Field | undefined {
    const focus = this.focus;
    if (!focus) return undefined;
    const c = this.o.compose();
    const window = c.windows.find((w) => w.area === focus.area);
    const node = window && findNode(window.root, (n) => n.key === focus.key && n.widget !== undefined);
    if (!window || !node?.widget) return undefined;
    return { node, widget: node.widget, owner: c.owners.get(window), window };
  }

  /** The field that takes input now: focused, enabled, and its app not frozen. */
  private target(): Field | undefined {
    const field = this.field();
    return field && !field.owner?.frozen && field.node.enabled ? field : undefined;
  }

  type(text: string): void {
    const field = this.target();
    if (!field) return;
    const value = (field.widget.text ?? '') + text.slice(0, MAX_INPUT);
    this.o.run(field.owner, () => field.widget.onText?.(value));
  }

  deleteBackward(): void {
    const field = this.target();
    if (!field) return;
    const chars = [...(field.widget.text ?? '')];
    if (chars.length > 0) this.o.run(field.owner, () => field.widget.onText?.(chars.slice(0, -1).join('')));
  }

  /** ENTER: the field's IME action, else on to the next field, else the keyboard goes down. */
  submit(): void {
    const field = this.target();
    if (!field) return;
    const onSubmit = field.widget.onSubmit;
    if (onSubmit) {
      this.o.run(field.owner, onSubmit);
      return;
    }
    if (field.widget.multiline) {
      this.type('\n');
      return;
    }
    if (!this.moveFocus(false)) this.keyboard = false;
  }

  /** Moves focus to the next text field of the focused window; TAB wraps around. */
  moveFocus(wrap: boolean): boolean {
    const field = this.field();
    if (!field) return false;
    const fields: UiNode[] = [];
    const collect = (node: UiNode): void => {
      if (node.widget && isEditText(node.widget) && node.enabled) fields.push(node);
      node.children.forEach(collect);
    };
    collect(field.window.root);
    const at = fields.findIndex((n) => n.key === field.node.key);
    const next = fields[at + 1] ?? (wrap ? fields[0] : undefined);
    if (!next || next === field.node) return false;
    this.focus = { area: field.window.area, key: next.key };
    return true;
  }

  /** A key of the soft keyboard under the finger. */
  press(key: KeyPress): void {
    switch (key.kind) {
      case 'char':
        this.type(key.char);
        this.shifted = false;
        break;
      case 'delete':
        this.deleteBackward();
        break;
      case 'enter':
        this.submit();
        break;
      case 'shift':
        this.shifted = !this.shifted;
        break;
      case 'symbols':
        this.symbols = !this.symbols;
        break;
    }
  }
}
