// For the iOS driver's tests: finding an element in WebDriverAgent's XML source the way a person reads
// the screen, and its centre in device pixels.
import type { Point } from '../types.js';

export interface WdaNodeQuery {
  /** Element type without the prefix: `Button`, `TextField`. */
  type?: string;
  name?: string;
  label?: string | RegExp;
  value?: string;
}

export interface WdaNode extends Point {
  attributes: Record<string, string>;
}

function unescape(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&#10;/g, '\n')
    .replace(/&amp;/g, '&');
}

/** Every element of a source with its attributes and centre in device pixels. */
export function wdaNodes(xml: string, scale: number): WdaNode[] {
  return [...xml.matchAll(/<XCUIElementType(\w+)((?:\s+[\w-]+="[^"]*")*)\s*\/?>/g)].map((match) => {
    const attributes: Record<string, string> = { type: match[1] };
    for (const [, name, value] of match[2].matchAll(/([\w-]+)="([^"]*)"/g)) attributes[name] = unescape(value);
    attributes.type = match[1];
    const n = (key: string) => Number(attributes[key] ?? 0);
    return { attributes, x: Math.round((n('x') + n('width') / 2) * scale), y: Math.round((n('y') + n('height') / 2) * scale) };
  });
}

function matches(node: WdaNode, query: WdaNodeQuery): boolean {
  const a = node.attributes;
  if (query.type !== undefined && a.type !== query.type) return false;
  if (query.name !== undefined && a.name !== query.name) return false;
  if (query.value !== undefined && a.value !== query.value) return false;
  if (query.label !== undefined && !(typeof query.label === 'string' ? a.label === query.label : query.label.test(a.label ?? ''))) return false;
  return true;
}

/** The first element matching the query; throws with the screen's labels when there is none. */
export function findWdaNode(xml: string, scale: number, query: WdaNodeQuery): WdaNode {
  const all = wdaNodes(xml, scale);
  const found = all.find((node) => matches(node, query));
  if (found) return found;
  const labels = all.map((n) => n.attributes.label || n.attributes.name).filter(Boolean);
  throw new Error(
    `No element matches ${JSON.stringify(query, (_, v: unknown) => (v instanceof RegExp ? String(v) : v))}; the screen shows: ${labels.join(' | ')}`,
  );
}

export function hasWdaNode(xml: string, scale: number, query: WdaNodeQuery): boolean {
  return wdaNodes(xml, scale).some((node) => matches(node, query));
}
