// What Android reports for a widget class when the app does not say: Buttons are clickable,
// EditTexts are clickable, focusable and long-clickable, Switches and CheckBoxes are checkable.
import type { Widget } from '../types.js';

const CHECKABLE = /(?:Switch|SwitchCompat|SwitchMaterial|MaterialSwitch|CheckBox|RadioButton|ToggleButton|CheckedTextView)$/;
const BUTTON = /(?:Button|Switch|SwitchCompat|SwitchMaterial|MaterialSwitch|CheckBox)$/;
const EDIT_TEXT = /(?:EditText|AutoCompleteTextView|SearchAutoComplete)$/;

export function isEditText(widget: Widget): boolean {
  return EDIT_TEXT.test(widget.cls) || widget.onText !== undefined;
}

export function isSwitch(cls: string): boolean {
  return /Switch(?:Compat|Material)?$/.test(cls);
}

export interface InputFlags {
  clickable: boolean;
  longClickable: boolean;
  focusable: boolean;
  checkable: boolean;
  enabled: boolean;
}

export function inputFlags(widget: Widget): InputFlags {
  const edit = isEditText(widget);
  const clickable = widget.clickable ?? (widget.onClick !== undefined || edit || BUTTON.test(widget.cls));
  const longClickable = widget.longClickable ?? (widget.onLongClick !== undefined || edit);
  return {
    clickable,
    longClickable,
    focusable: widget.focusable ?? (clickable || longClickable),
    checkable: widget.checkable ?? CHECKABLE.test(widget.cls),
    enabled: widget.enabled ?? true,
  };
}

/** Text as the accessibility node reports it: the hint while an EditText is empty, dots for passwords. */
export function reportedText(widget: Widget): { text: string; showingHint: boolean } {
  const value = widget.text ?? '';
  if (isEditText(widget) && value === '' && widget.hint) return { text: widget.hint, showingHint: true };
  if (widget.password && value !== '') return { text: '\u2022'.repeat([...value].length), showingHint: false };
  return { text: value, showingHint: false };
}

export function resourceId(widget: Widget, pkg: string): string {
  if (!widget.id) return '';
  return widget.id.includes(':') ? widget.id : `${pkg}:id/${widget.id}`;
}

/** Default padding, dp, for classes that have one in the platform theme. */
export function defaultPadding(cls: string): { top: number; right: number; bottom: number; left: number } | undefined {
  if (/(?:^|\.)(?:Material)?Button$/.test(cls)) return { top: 8, right: 16, bottom: 8, left: 16 };
  if (EDIT_TEXT.test(cls)) return { top: 12, right: 12, bottom: 12, left: 12 };
  return undefined;
}

/** Minimum touch-target size, dp, of a wrapped widget of this class. */
export function minimumSize(cls: string): { width: number; height: number } {
  if (/(?:^|\.)(?:Material)?Button$/.test(cls)) return { width: 64, height: 48 };
  if (EDIT_TEXT.test(cls) || isSwitch(cls) || /CheckBox$/.test(cls)) return { width: 0, height: 48 };
  return { width: 0, height: 0 };
}
