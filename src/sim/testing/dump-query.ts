// Reads a uiautomator dump the way a test script over adb does: parse the nodes, find one by id,
// text, desc, class or package, tap the centre of its bounds. Used by the phone's own tests.
import type { Bounds, PhoneUi } from '../types.js';

export interface DumpNode {
  /** Every attribute as written, entities decoded ('true'/'false' for flags, '[l,t][r,b]' for bounds). */
  attrs: Record<string, string>;
  cls: string;
  /** The full resource-id, e.g. 'com.example.shop:id/login'. */
  id: string;
  package: string;
  text: string;
  desc: string;
  enabled: boolean;
  checked: boolean;
  clickable: boolean;
  scrollable: boolean;
  longClickable: boolean;
  focused: boolean;
  bounds: Bounds;
  center: { x: number; y: number };
  /** 0 for a window's root node. */
  depth: number;
  /** Nodes nested inside this one, in document order. */
  descendants: DumpNode[];
}

export interface NodeQuery {
  /** A full resource-id or its short name after ':id/'. */
  id?: string;
  text?: string | RegExp;
  desc?: string | RegExp;
  cls?: string;
  package?: string;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(value: string): string {
  return value.replace(/&(#x?[0-9a-f]+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name] ?? whole;
  });
}

/** Every <node> of a dump in document order (windows topmost first, as uiautomator writes them). */
export function parseDump(xml: string): DumpNode[] {
  const nodes: DumpNode[] = [];
  const open: DumpNode[] = [];
  for (const match of xml.matchAll(/<node\s([^>]*?)(\/?)>|<\/node>/g)) {
    if (match[0] === '</node>') {
      open.pop();
      continue;
    }
    const node = toNode(match[1] ?? '', open.length);
    for (const ancestor of open) ancestor.descendants.push(node);
    nodes.push(node);
    if (match[2] !== '/') open.push(node);
  }
  return nodes;
}

function toNode(source: string, depth: number): DumpNode {
  const attrs: Record<string, string> = {};
  for (const attr of source.matchAll(/([\w-]+)="([^"]*)"/g)) attrs[attr[1] ?? ''] = decode(attr[2] ?? '');
  const b = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/.exec(attrs.bounds ?? '');
  const bounds = { left: Number(b?.[1] ?? 0), top: Number(b?.[2] ?? 0), right: Number(b?.[3] ?? 0), bottom: Number(b?.[4] ?? 0) };
  return {
    attrs,
    cls: attrs.class ?? '',
    id: attrs['resource-id'] ?? '',
    package: attrs.package ?? '',
    text: attrs.text ?? '',
    desc: attrs['content-desc'] ?? '',
    enabled: attrs.enabled === 'true',
    checked: attrs.checked === 'true',
    clickable: attrs.clickable === 'true',
    scrollable: attrs.scrollable === 'true',
    longClickable: attrs['long-clickable'] === 'true',
    focused: attrs.focused === 'true',
    bounds,
    center: { x: Math.floor((bounds.left + bounds.right) / 2), y: Math.floor((bounds.top + bounds.bottom) / 2) },
    depth,
    descendants: [],
  };
}

function matches(expected: string | RegExp | undefined, actual: string): boolean {
  if (expected === undefined) return true;
  return typeof expected === 'string' ? expected === actual : expected.test(actual);
}

export function matchesQuery(node: DumpNode, query: NodeQuery): boolean {
  const id = query.id;
  return (
    (id === undefined || node.id === id || node.id.endsWith(`:id/${id}`)) &&
    matches(query.text, node.text) &&
    matches(query.desc, node.desc) &&
    (query.cls === undefined || node.cls === query.cls) &&
    (query.package === undefined || node.package === query.package)
  );
}

export function findAll(xml: string, query: NodeQuery): DumpNode[] {
  return parseDump(xml).filter((node) => matchesQuery(node, query));
}

export class NodeNotFoundError extends Error {
  override name = 'NodeNotFoundError';
  constructor(query: NodeQuery, xml: string) {
    const seen = parseDump(xml)
      .filter((n) => n.text || n.desc || n.id)
      .map((n) => `${n.id || n.cls}${n.text ? ` "${n.text}"` : ''}${n.desc ? ` [${n.desc}]` : ''}`);
    super(
      `No node matches ${JSON.stringify(query, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v))} in the dump; the screen shows: ${seen.join(', ')}`,
    );
  }
}

/** The first node that matches, or a NodeNotFoundError listing what the screen shows instead. */
export function findNode(xml: string, query: NodeQuery): DumpNode {
  const node = findAll(xml, query)[0];
  if (!node) throw new NodeNotFoundError(query, xml);
  return node;
}

/**
 * Taps the centre of the first matching node, as `input tap` would: in the active window's dump,
 * else in any window (the soft keyboard's keys are only in `uiautomator dump --windows`).
 */
export function tapNode(ui: PhoneUi, query: NodeQuery): DumpNode {
  const node = findAll(ui.dumpXml(), query)[0] ?? findNode(ui.dumpWindowsXml(), query);
  ui.tap(node.center.x, node.center.y);
  return node;
}

/** The non-empty texts of a dump in document order, for readable assertions. */
export function texts(xml: string): string[] {
  return parseDump(xml)
    .map((n) => n.text)
    .filter((t) => t !== '');
}
