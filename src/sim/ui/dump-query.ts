// Reads a uiautomator dump the way a script over adb does: find a node by text, id or desc and
// tap the centre of its bounds. Used by the phone's own tests.
import type { Bounds, PhoneUi } from '../types.js';

export interface DumpedNode {
  attrs: Record<string, string>;
  text: string;
  id: string;
  desc: string;
  cls: string;
  pkg: string;
  bounds: Bounds;
  centre: { x: number; y: number };
  depth: number;
}

export interface NodeQuery {
  text?: string | RegExp;
  /** Full resource-id, or the part after ':id/'. */
  id?: string;
  desc?: string | RegExp;
  cls?: string;
  pkg?: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: '\'' };

function decode(value: string): string {
  return value.replace(/&(#\d+|\w+);/g, (whole, name: string) =>
    name.startsWith('#') ? String.fromCodePoint(Number(name.slice(1))) : ENTITIES[name] ?? whole);
}

/** Every node of the dump in document order (windows topmost first). */
export function parseDump(xml: string): DumpedNode[] {
  const nodes: DumpedNode[] = [];
  let depth = 0;
  for (const match of xml.matchAll(/<node ([^>]*?)(\/?)>|<\/node>/g)) {
    if (match[0] === '</node>') { depth--; continue; }
    const attrs: Record<string, string> = {};
    for (const attr of (match[1] ?? '').matchAll(/([\w-]+)="([^"]*)"/g)) attrs[attr[1] ?? ''] = decode(attr[2] ?? '');
    const b = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/.exec(attrs.bounds ?? '');
    const bounds = { left: Number(b?.[1]), top: Number(b?.[2]), right: Number(b?.[3]), bottom: Number(b?.[4]) };
    nodes.push({
      attrs,
      text: attrs.text ?? '',
      id: attrs['resource-id'] ?? '',
      desc: attrs['content-desc'] ?? '',
      cls: attrs.class ?? '',
      pkg: attrs.package ?? '',
      bounds,
      centre: { x: Math.floor((bounds.left + bounds.right) / 2), y: Math.floor((bounds.top + bounds.bottom) / 2) },
      depth,
    });
    if (match[2] !== '/') depth++;
  }
  return nodes;
}

function matches(value: string, want: string | RegExp | undefined): boolean {
  return want === undefined || (typeof want === 'string' ? value === want : want.test(value));
}

export function queryAll(xml: string, query: NodeQuery): DumpedNode[] {
  return parseDump(xml).filter((n) => matches(n.text, query.text)
    && matches(n.desc, query.desc)
    && (query.id === undefined || n.id === query.id || n.id.endsWith(`:id/${query.id}`))
    && (query.cls === undefined || n.cls === query.cls)
    && (query.pkg === undefined || n.pkg === query.pkg));
}

export class NodeNotFoundError extends Error {
  override name = 'NodeNotFoundError';
  constructor(query: NodeQuery, xml: string) {
    const texts = parseDump(xml).map((n) => n.text || n.desc).filter(Boolean).slice(0, 40);
    super(`No node matches ${JSON.stringify(query, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v))} in the dump; texts on screen: ${JSON.stringify(texts)}`);
  }
}

/** The first node that matches, or an error listing what the screen shows instead. */
export function query(xml: string, q: NodeQuery): DumpedNode {
  const found = queryAll(xml, q)[0];
  if (!found) throw new NodeNotFoundError(q, xml);
  return found;
}

/** Taps the centre of the first matching node of the current dump, as `input tap` would. */
export function tapNode(ui: PhoneUi, q: NodeQuery): DumpedNode {
  const node = query(ui.dumpXml(), q);
  ui.tap(node.centre.x, node.centre.y);
  return node;
}

export function texts(xml: string): string[] {
  return parseDump(xml).map((n) => n.text).filter((t) => t !== '');
}
