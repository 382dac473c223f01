// WDA's page source formats: the XML of FBXPath (attributes in WDA's order, two-space indent under
// <AppiumAUT>), the JSON of FBElementUtils' dictionaries, and a debugDescription-like text.
import type { WdaElement, WdaRect } from './tree.js';

const escapeXml = (text: string): string =>
  text.replace(/[&<>"\n\r\t]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\n': '&#10;', '\r': '&#13;', '\t': '&#9;' })[c] ?? c);

/** The attributes FBXPath writes, in its order; nil values are left out. */
export function xmlAttributes(el: WdaElement): Array<[string, string]> {
  const list: Array<[string, string | null]> = [
    ['type', `XCUIElementType${el.type}`],
    ['value', el.value],
    ['name', el.name],
    ['label', el.label],
    ['enabled', String(el.enabled)],
    ['visible', String(el.visible)],
    ['accessible', String(el.accessible)],
    ['x', String(el.rect.x)],
    ['y', String(el.rect.y)],
    ['width', String(el.rect.width)],
    ['height', String(el.rect.height)],
    ['index', String(el.index)],
    ['placeholderValue', el.placeholderValue],
    ['traits', el.traits],
  ];
  if (el.type === 'Application') list.push(['processId', el.processId === undefined ? null : String(el.processId)], ['bundleId', el.bundleId ?? null]);
  return list.filter((entry): entry is [string, string] => entry[1] !== null);
}

function writeXml(el: WdaElement, o: { depth: number; out: string[]; excluded: ReadonlySet<string> }): void {
  const pad = '  '.repeat(o.depth);
  let open = `${pad}<XCUIElementType${el.type}`;
  for (const [key, value] of xmlAttributes(el)) if (!o.excluded.has(key.toLowerCase())) open += ` ${key}="${escapeXml(value)}"`;
  if (el.children.length === 0) {
    o.out.push(`${open}/>`);
    return;
  }
  o.out.push(`${open}>`);
  for (const child of el.children) writeXml(child, { ...o, depth: o.depth + 1 });
  o.out.push(`${pad}</XCUIElementType${el.type}>`);
}

/** GET /source (format xml); `excluded` names attributes left out, as WDA's excluded_attributes query does (lower case). */
export function sourceXml(root: WdaElement, excluded: ReadonlySet<string> = new Set()): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<AppiumAUT>'];
  writeXml(root, { depth: 1, out, excluded });
  out.push('</AppiumAUT>');
  return `${out.join('\n')}\n`;
}

const frameText = (r: WdaRect): string => `{{${r.x}, ${r.y}}, {${r.width}, ${r.height}}}`;
const flag = (on: boolean): string => (on ? '1' : '0');

/** One element as WDA's JSON source has it (GET /source?format=json). */
export function jsonElement(el: WdaElement): Record<string, unknown> {
  const json: Record<string, unknown> = {
    customActions: null,
    nativeFrame: frameText(el.rect),
    label: el.label,
    rawIdentifier: el.identifier || null,
    traits: el.traits,
    frame: frameText(el.rect),
    isVisible: flag(el.visible),
    type: el.type,
    value: el.value,
    isEnabled: flag(el.enabled),
    isAccessible: flag(el.accessible),
    isNativeAccessibilityElement: flag(el.accessible),
    isFocused: flag(el.focused),
    name: el.name,
    rect: { y: el.rect.y, x: el.rect.x, width: el.rect.width, height: el.rect.height },
  };
  if (el.placeholderValue !== null) json['placeholderValue'] = el.placeholderValue;
  if (el.children.length > 0) json['children'] = el.children.map(jsonElement);
  return json;
}

/** A short stable address per element, as XCTest prints them (0x600000c1d2e0). */
const address = (key: string): string => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return `0x6000${hash.toString(16).padStart(8, '0')}`;
};

function describe(el: WdaElement, depth: number, out: string[]): void {
  const r = el.rect;
  let line = `${'  '.repeat(depth)}${depth === 0 ? '\u2192' : ' '}${el.type}, ${address(el.key)}`;
  if (el.type === 'Application') line += `, pid: ${el.processId ?? 0}`;
  line += `, {{${r.x.toFixed(1)}, ${r.y.toFixed(1)}}, {${r.width.toFixed(1)}, ${r.height.toFixed(1)}}}`;
  if (el.identifier) line += `, identifier: '${el.identifier}'`;
  if (el.label) line += `, label: '${el.label}'`;
  if (el.placeholderValue) line += `, placeholderValue: '${el.placeholderValue}'`;
  if (el.value !== null && el.value !== el.label) line += `, value: ${el.value}`;
  if (el.selected) line += ', Selected';
  if (!el.enabled) line += ', Disabled';
  out.push(line);
  for (const child of el.children) describe(child, depth + 1, out);
}

/** GET /source?format=description: XCUIElement's debugDescription of the application. */
export function sourceDescription(root: WdaElement): string {
  const out = [`Attributes: Application, ${address(root.key)}, pid: ${root.processId ?? 0}, label: '${root.label ?? ''}'`, 'Element subtree:'];
  describe(root, 0, out);
  return out.join('\n');
}
