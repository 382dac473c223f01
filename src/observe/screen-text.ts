// The screen as text (what an LLM reads) and as JSON (with bounds).
import { centre } from './geometry.js';
import { shortId, truncate } from './labels.js';
import { TOUCHABLE_ROLES, type Screen, type ScreenElement } from './screen-types.js';

/** Elements printed before the rest is summarised in one line (a 20,000-node dump stays readable). */
export const MAX_ELEMENTS = 200;

export interface RenderOptions {
  maxElements?: number;
}

/** One element per line: `e3 button "Log in" disabled`, grouped under dialogs and lists. */
export function screenText(screen: Screen, options: RenderOptions = {}): string {
  const max = options.maxElements ?? MAX_ELEMENTS;
  const lines = [headerLine(screen)];
  const shown = screen.elements.slice(0, max);
  const listDepth = new Map<string, number>();
  let lastWindow = -1;
  for (const e of shown) {
    const window = screen.windows[e.window];
    if (e.window !== lastWindow) {
      if (lastWindow >= 0) lines.push(...hiddenLines(screen, lastWindow));
      lastWindow = e.window;
      const header = groupHeader(screen, e.window);
      if (header) lines.push(header);
    }
    if (e.role === 'dialog') {
      lines.push(`${elementLine(e)} (${window.package}):`);
      continue;
    }
    const base = window.kind === 'dialog' || window.kind === 'system' || needsWindowHeader(screen, e.window) ? 1 : 0;
    const depth = e.list === undefined ? base : (listDepth.get(e.list) ?? base - 1) + 1;
    if (e.role === 'list') listDepth.set(e.ref, depth);
    lines.push(`${'  '.repeat(depth)}${elementLine(e)}`);
  }
  if (lastWindow >= 0) lines.push(...hiddenLines(screen, lastWindow));
  // A keyboard known from the input method service, not from the dump: no keys to list.
  if (screen.windows.some((w) => w.kind === 'keyboard' && w.ref === undefined)) lines.push('keyboard shown');
  const left = screen.elements.length - shown.length;
  if (left > 0) lines.push(`… ${left} more elements left out (${shown.length} of ${screen.elements.length} shown)`);
  if (screen.skippedNodes > 0) lines.push(`… ${screen.skippedNodes} nodes nested too deep left out`);
  if (screen.elements.length === 0) lines.push('(nothing to read or touch on this screen)');
  return lines.join('\n');
}

function headerLine(screen: Screen): string {
  const fg = screen.foreground;
  const app = fg ? (fg.activity ? `${fg.package}/${fg.activity}` : fg.package) : 'unknown app';
  return `app ${app} · screen ${screen.width}x${screen.height}${screen.rotation ? ` · rotation ${screen.rotation * 90}°` : ''}`;
}

function needsWindowHeader(screen: Screen, index: number): boolean {
  const w = screen.windows[index];
  if (w.kind !== 'app') return false;
  const apps = screen.windows.filter((x) => x.kind === 'app' && x.hiddenElements === 0);
  return apps.length > 1 || (screen.foreground !== undefined && w.package !== screen.foreground.package);
}

function groupHeader(screen: Screen, index: number): string | undefined {
  const w = screen.windows[index];
  if (w.kind === 'system') return 'system bar:';
  if (needsWindowHeader(screen, index)) return `window ${w.package}:`;
  return undefined;
}

/** After the last window above a dialog: what the dialog hides. */
function hiddenLines(screen: Screen, index: number): string[] {
  if (screen.windows[index].kind !== 'dialog') return [];
  return screen.windows
    .filter((w) => w.hiddenElements > 0)
    .map((w) => `under the dialog: ${w.package}, ${w.hiddenElements} ${w.hiddenElements === 1 ? 'element' : 'elements'} hidden`);
}

/** State words in the text form; 'long-clickable' stays in the JSON form only (it costs more than it tells). */
const STATE_WORDS: Partial<Record<string, string>> = {
  'scrollable-vertical': 'vertical',
  'scrollable-horizontal': 'horizontal',
  'long-clickable': '',
  'looks-disabled': 'disabled (looks greyed out)',
  covered: 'covered (an overlay the tree does not show is on top)',
};

export function elementLine(e: ScreenElement): string {
  let line = `${e.ref} ${e.role}`;
  if (e.label !== '') line += ` ${JSON.stringify(e.label)}`;
  const id = TOUCHABLE_ROLES.has(e.role) && (e.label === '' || e.role === 'input') ? readableId(e.resourceId) : '';
  if (id) line += ` #${id}`;
  if (e.label === '' && TOUCHABLE_ROLES.has(e.role)) {
    const c = centre(e.bounds);
    line += ` at ${c.x},${c.y}`;
  }
  // A long value is shortened like a label; one whose shortened form is the label already says nothing new.
  if (e.value !== undefined && truncate(e.value) !== e.label) line += ` = ${JSON.stringify(truncate(e.value))}`;
  if (e.detail !== undefined) line += ` (${e.detail})`;
  for (const s of e.states) {
    const word = STATE_WORDS[s] ?? s;
    if (word) line += ` ${word}`;
  }
  // Read off the pixels: the label may be misread, and the tree knows nothing of the element.
  if (e.source === 'ocr') line += ' [ocr]';
  return line;
}

/** A resource id worth printing: 'share_img', 'email'; not an obfuscated 'ngl'. */
function readableId(resourceId: string): string {
  const id = shortId(resourceId);
  return id.length >= 4 || id.includes('_') ? id : '';
}

export interface ScreenJsonElement {
  ref: string;
  role: string;
  label: string;
  bounds: [number, number, number, number];
  states: string[];
  value?: string;
  detail?: string;
  source?: 'ocr';
}

/** Elements with bounds as [x1, y1, x2, y2], bounded like the text; `omitted` counts the rest. */
export function screenJson(screen: Screen, options: RenderOptions = {}): { elements: ScreenJsonElement[]; omitted: number } {
  const max = options.maxElements ?? MAX_ELEMENTS;
  const elements = screen.elements.slice(0, max).map((e) => {
    const out: ScreenJsonElement = {
      ref: e.ref,
      role: e.role,
      label: e.label,
      bounds: [e.bounds.left, e.bounds.top, e.bounds.right, e.bounds.bottom],
      states: [...e.states],
    };
    if (e.value !== undefined) out.value = e.value;
    if (e.detail !== undefined) out.detail = e.detail;
    if (e.source !== undefined) out.source = e.source;
    return out;
  });
  return { elements, omitted: screen.elements.length - elements.length };
}
