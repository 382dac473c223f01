// For the drivers' tests: finding a node in a uiautomator dump the way a person reads the screen.
import type { Point } from '../types.js';

export interface NodeQuery {
  text?: string | RegExp;
  desc?: string;
  /** resource-id, with or without the `package:id/` prefix. */
  id?: string;
  cls?: string;
  focused?: boolean;
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

export interface FoundNode extends Point {
  attributes: Record<string, string>;
}

/** Every node of a dump with its attributes (unescaped) and centre. */
export function nodes(xml: string): FoundNode[] {
  return [...xml.matchAll(/<node ([^>]*?)\/?>/g)].map((match) => {
    const attributes: Record<string, string> = {};
    for (const [, name, value] of match[1].matchAll(/([\w-]+)="([^"]*)"/g)) attributes[name] = unescape(value);
    const b = /\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]/.exec(attributes.bounds ?? '') ?? ['', '0', '0', '0', '0'];
    return { attributes, x: Math.round((Number(b[1]) + Number(b[3])) / 2), y: Math.round((Number(b[2]) + Number(b[4])) / 2) };
  });
}

function matches(node: FoundNode, query: NodeQuery): boolean {
  const a = node.attributes;
  if (query.text !== undefined && !(typeof query.text === 'string' ? a.text === query.text : query.text.test(a.text ?? ''))) return false;
  if (query.desc !== undefined && a['content-desc'] !== query.desc) return false;
  if (query.id !== undefined && a['resource-id'] !== query.id && !(a['resource-id'] ?? '').endsWith(`:id/${query.id}`)) return false;
  if (query.cls !== undefined && a.class !== query.cls) return false;
  if (query.focused !== undefined && a.focused !== String(query.focused)) return false;
  return true;
}

/** The first node matching the query; throws with the screen's labels when there is none. */
export function findNode(xml: string, query: NodeQuery): FoundNode {
  const all = nodes(xml);
  const found = all.find((node) => matches(node, query));
  if (found) return found;
  const labels = all.map((n) => n.attributes.text || n.attributes['content-desc']).filter(Boolean);
  throw new Error(
    `No node matches ${JSON.stringify(query, (_, v: unknown) => (v instanceof RegExp ? String(v) : v))}; the screen shows: ${labels.join(' | ')}`,
  );
}

export function hasNode(xml: string, query: NodeQuery): boolean {
  return nodes(xml).some((node) => matches(node, query));
}
