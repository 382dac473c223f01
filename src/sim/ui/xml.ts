// The uiautomator dump format, byte for byte as AccessibilityNodeInfoDumper writes it through
// Android's KXmlSerializer: one line, no trailing newline.
import type { Bounds, LaidOutNode } from '../types.js';

const HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>";

/** A plain `uiautomator dump`: the root of the active window only (DumpCommand's getRootInActiveWindow). */
export function dumpActiveWindow(root: LaidOutNode, rotation: number): string {
  const out: string[] = [HEADER, `<hierarchy rotation="${rotation}">`];
  writeNode(out, root, 0);
  out.push('</hierarchy>');
  return out.join('');
}

/** One window as `uiautomator dump --windows` describes it (AccessibilityWindowInfo). */
export interface DumpedWindow {
  root: LaidOutNode;
  title: string;
  type: 'TYPE_APPLICATION' | 'TYPE_INPUT_METHOD' | 'TYPE_SYSTEM';
  active: boolean;
  focused: boolean;
  id: number;
  layer: number;
}

/**
 * `uiautomator dump --windows`: every interactive window of the display, topmost first, each with
 * its own hierarchy, as AccessibilityNodeInfoDumper.dumpWindowsToFile writes them.
 */
export function dumpDisplayWindows(windows: readonly DumpedWindow[], rotation: number): string {
  const out: string[] = [HEADER, '<displays><display id="0">'];
  windows.forEach((w, index) => {
    out.push(
      `<window index="${index}" title="${escape(w.title)}" bounds="${formatBounds(w.root.bounds)}" active="${w.active}"` +
        ` focused="${w.focused}" accessibility-focused="false" id="${w.id}" layer="${w.layer}" type="${w.type}">`,
      `<hierarchy rotation="${rotation}">`,
    );
    writeNode(out, w.root, 0);
    out.push('</hierarchy></window>');
  });
  out.push('</display></displays>');
  return out.join('');
}

function writeNode(out: string[], node: LaidOutNode, index: number): void {
  out.push(
    `<node index="${index}" text="${escape(node.text)}" resource-id="${escape(node.resourceId)}" class="${escape(node.cls)}"` +
      ` package="${escape(node.package)}" content-desc="${escape(node.contentDesc)}" checkable="${node.checkable}"` +
      ` checked="${node.checked}" clickable="${node.clickable}" enabled="${node.enabled}" focusable="${node.focusable}"` +
      ` focused="${node.focused}" scrollable="${node.scrollable}" long-clickable="${node.longClickable}"` +
      ` password="${node.password}" selected="${node.selected}" bounds="${formatBounds(node.bounds)}"`,
  );
  if (node.children.length === 0) {
    out.push(' />');
    return;
  }
  out.push('>');
  node.children.forEach((child, i) => writeNode(out, child, i));
  out.push('</node>');
}

export function formatBounds(b: Bounds): string {
  return `[${b.left},${b.top}][${b.right},${b.bottom}]`;
}

// uiautomator replaces characters XML cannot hold with '.', then KXmlSerializer escapes markup,
// writes tab/newline/return in attributes as character references and characters beyond the
// Basic Multilingual Plane (emoji) as one decimal reference; other text stays UTF-8.
function needsWork(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x20 || c === 0x22 || c === 0x26 || c === 0x3c || c === 0x3e || (c >= 0x7f && c <= 0x9f) || c >= 0xd800) return true;
  }
  return false;
}

export function escape(value: string): string {
  if (!needsWork(value)) return value;
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    switch (c) {
      case 0x26:
        out += '&amp;';
        continue;
      case 0x3c:
        out += '&lt;';
        continue;
      case 0x3e:
        out += '&gt;';
        continue;
      case 0x22:
        out += '&quot;';
        continue;
      case 0x09:
      case 0x0a:
      case 0x0d:
        out += `&#${c};`;
        continue;
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
      const low = value.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        out += `&#${(c - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000};`;
        i++;
        continue;
      }
    }
    if (
      c < 0x20 ||
      (c >= 0x7f && c <= 0x84) ||
      (c >= 0x86 && c <= 0x9f) ||
      (c >= 0xd800 && c <= 0xdfff) ||
      (c >= 0xfdd0 && c <= 0xfddf) ||
      c === 0xfffe ||
      c === 0xffff
    ) {
      out += '.';
      continue;
    }
    out += value[i];
  }
  return out;
}
