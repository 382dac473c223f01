// WebDriverAgent's page source, in any of the forms it is served in, read into one element tree:
// XML (`GET /source`, also inside Appium's <AppiumAUT>), JSON (`GET /source?format=json`), either
// inside the `{"value": ...}` envelope of the WebDriver protocol. Nothing is interpreted here but the
// attributes' spelling across WDA versions; what the elements mean is wda-nodes.ts's business.
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { HierarchyFormat } from '../../drivers/index.js';
import { HierarchyParseError, type DumpPosition } from '../hierarchy-error.js';

/** One element of a WDA source, with WDA's attributes under one spelling; absent ones undefined. */
export interface WdaElement {
  /** Always with the prefix: 'XCUIElementTypeButton' (WDA's JSON says 'Button'). */
  type: string;
  name: string;
  /** Undefined where WDA leaves it out, which some versions do where it equals the name. */
  label?: string;
  value: string;
  placeholder: string;
  /** The accessibility identifier, where WDA reports it apart from the name (JSON's rawIdentifier). */
  identifier?: string;
  /** Points. */
  rect: { x: number; y: number; width: number; height: number };
  enabled?: boolean;
  visible?: boolean;
  accessible?: boolean;
  selected?: boolean;
  focused?: boolean;
  /** Accessibility traits as WDA lists them ('Button, Selected'); '' when none or not reported. */
  traits: string;
  /** The application's bundle id, when WDA writes it (newer versions, on the Application element). */
  bundleId?: string;
  children: WdaElement[];
}

const PREFIX = 'XCUIElementType';
const HINT = 'Read the source again (GET /source on WebDriverAgent) and check it was saved whole.';
/** Deeper nesting is not real UI; it would only overflow recursion later. */
const MAX_NESTING = 512;

/** Which reader a saved or fetched source needs, from its first characters (a JSON envelope around XML is WDA's XML). */
export function hierarchyFormat(text: string): HierarchyFormat {
  const head = text.slice(0, 4096).trimStart();
  if (head.startsWith('{') || head.startsWith('[')) {
    const inner = /^\{\s*"value"\s*:\s*"/.test(head);
    return inner ? 'wda-xml' : 'wda-json';
  }
  // The first element's name: <hierarchy> is uiautomator's, <AppiumAUT> or <XCUIElementType…> WDA's.
  const root = /<([A-Za-z][\w:.-]*)/.exec(head.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''));
  return root && (root[1] === 'AppiumAUT' || root[1].startsWith(PREFIX)) ? 'wda-xml' : 'uiautomator-xml';
}

/** The Application element of a WDA source; throws HierarchyParseError naming what is wrong and where. */
export function readWdaSource(text: string, source = 'WebDriverAgent source'): WdaElement {
  const first = text.search(/\S/);
  if (first < 0) throw new HierarchyParseError({ problem: 'the source is empty', source, hint: HINT });
  if (text[first] === '{' || text[first] === '[') return fromJsonText(text, source);
  if (text[first] !== '<') {
    throw new HierarchyParseError({
      problem: `not a WebDriverAgent source: it starts with "${text.slice(first, first + 80).split('\n', 1)[0]}"`,
      source,
      position: { line: 1, column: 1, offset: 0 },
      hint: HINT,
    });
  }
  return fromXml(text, source);
}

function fromJsonText(text: string, source: string): WdaElement {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    const position = at ? positionOf(text, Number(at[1])) : undefined;
    throw new HierarchyParseError({ problem: `the JSON is malformed (${message.replace(/^.*?: /, '')})`, source, position, hint: HINT });
  }
  // WebDriver's envelope: {"value": tree} or {"value": "<?xml ..."}; a WDA error is {"value": {"error": ...}}.
  if (isObject(data) && 'value' in data && !('type' in data)) data = data.value;
  if (typeof data === 'string') return readWdaSource(data, source);
  if (isObject(data) && typeof data.error === 'string') {
    const detail = typeof data.message === 'string' ? `: ${data.message.split('\n', 1)[0]}` : '';
    throw new HierarchyParseError({ problem: `WebDriverAgent answered with an error, not a source (${data.error}${detail})`, source, hint: HINT });
  }
  if (!isObject(data)) throw new HierarchyParseError({ problem: 'the JSON holds no element tree (expected an object with "type")', source, hint: HINT });
  return fromJson(data, { source, path: '$', depth: 0 });
}

function fromJson(o: Record<string, unknown>, at: { source: string; path: string; depth: number }): WdaElement {
  const fail = (problem: string): never => {
    throw new HierarchyParseError({ problem: `${problem} at ${at.path}`, source: at.source, hint: HINT });
  };
  if (at.depth > MAX_NESTING) fail(`elements are nested more than ${MAX_NESTING} deep`);
  const type = typeof o.type === 'string' && o.type !== '' ? withPrefix(o.type) : fail('an element has no "type"');
  const rect = isObject(o.rect) ? rectOf(o.rect) : typeof o.frame === 'string' ? frameOf(o.frame) : undefined;
  if (!rect) return fail(`element ${type} has no usable "rect" {x, y, width, height}`);
  const kids = o.children;
  if (kids !== undefined && kids !== null && !Array.isArray(kids)) fail(`"children" of ${type} is not a list`);
  const children = ((kids as unknown[] | null | undefined) ?? []).map((c, i) => {
    const path = `${at.path}.children[${i}]`;
    if (!isObject(c)) return fail(`${path} is not an element`);
    return fromJson(c, { source: at.source, path, depth: at.depth + 1 });
  });
  const identifier = str(o.rawIdentifier) || str(o.identifier);
  return {
    type,
    name: str(o.name),
    ...(typeof o.label === 'string' ? { label: o.label } : {}),
    value: str(o.value),
    placeholder: str(o.placeholderValue),
    ...(identifier ? { identifier } : {}),
    rect,
    enabled: bool(o.isEnabled ?? o.enabled),
    visible: bool(o.isVisible ?? o.visible),
    accessible: bool(o.isAccessible ?? o.accessible),
    selected: bool(o.isSelected ?? o.selected),
    focused: bool(o.isFocused ?? o.hasFocus ?? o.focused),
    traits: str(o.traits),
    ...(typeof o.bundleId === 'string' ? { bundleId: o.bundleId } : {}),
    children,
  };
}

function fromXml(text: string, source: string): WdaElement {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const here = (): DumpPosition => positionAt(text, parser.line, parser.column + 1);
  const fail = (problem: string): never => {
    throw new HierarchyParseError({ problem, source, position: here(), hint: HINT });
  };
  // Open elements: an element, or null for a wrapper that is not one (<AppiumAUT>).
  const stack: Array<WdaElement | null> = [];
  let root: WdaElement | undefined;
  parser.on('error', (error) => fail(error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '').replace(/\.$/, '')));
  parser.on('opentag', (tag: SaxesTagPlain) => {
    const parent = stack.findLast((e) => e !== null);
    if (!tag.name.startsWith(PREFIX)) {
      if (parent) fail(`<${tag.name}> inside <${parent.type}> is not an element of a WebDriverAgent source`);
      stack.push(null);
      return;
    }
    if (stack.length > MAX_NESTING) fail(`elements are nested more than ${MAX_NESTING} deep`);
    if (!parent && root) fail(`a second root element <${tag.name}> after <${root.type}>`);
    const e = fromAttributes(tag.name, tag.attributes, fail);
    if (parent) parent.children.push(e);
    else root = e;
    stack.push(e);
  });
  parser.on('closetag', () => stack.pop());
  parser.write(text);
  if (stack.length > 0) fail(`the source is truncated: it ends inside <${stack.findLast((e) => e !== null)?.type ?? 'AppiumAUT'}>`);
  parser.close();
  if (!root) throw new HierarchyParseError({ problem: 'no XCUIElementType element in the source', source, hint: HINT });
  return root;
}

function fromAttributes(tag: string, a: Record<string, string>, fail: (problem: string) => never): WdaElement {
  const num = (name: string): number => {
    const v = a[name];
    if (v === undefined) return 0;
    const n = Number(v);
    return Number.isFinite(n) ? n : fail(`<${tag}> has ${name}="${v}", not a number`);
  };
  if (a.x === undefined && a.width === undefined) fail(`<${tag}> has no x, y, width, height`);
  const identifier = a.rawIdentifier ?? a.identifier;
  return {
    type: a.type ? withPrefix(a.type) : tag,
    name: a.name ?? '',
    ...(a.label !== undefined ? { label: a.label } : {}),
    value: a.value ?? '',
    placeholder: a.placeholderValue ?? '',
    ...(identifier ? { identifier } : {}),
    rect: { x: num('x'), y: num('y'), width: num('width'), height: num('height') },
    enabled: bool(a.enabled),
    visible: bool(a.visible),
    accessible: bool(a.accessible),
    selected: bool(a.selected),
    focused: bool(a.hasFocus ?? a.focused),
    traits: a.traits ?? '',
    ...(a.bundleId ? { bundleId: a.bundleId } : {}),
    children: [],
  };
}

function withPrefix(type: string): string {
  return type.startsWith(PREFIX) ? type : PREFIX + type;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** WDA writes flags as "true"/"false" (XML), "1"/"0" or booleans (JSON); anything else is unknown. */
function bool(v: unknown): boolean | undefined {
  if (v === true || v === 'true' || v === '1' || v === 1) return true;
  if (v === false || v === 'false' || v === '0' || v === 0) return false;
  return undefined;
}

function rectOf(r: Record<string, unknown>): WdaElement['rect'] | undefined {
  const [x, y, width, height] = [r.x, r.y, r.width, r.height].map(Number);
  return [x, y, width, height].every(Number.isFinite) ? { x, y, width, height } : undefined;
}

/** "{{x, y}, {w, h}}", the frame older WDA JSON gives instead of rect. */
function frameOf(frame: string): WdaElement['rect'] | undefined {
  const m = /^\{\{([-\d.e]+), ([-\d.e]+)\}, \{([-\d.e]+), ([-\d.e]+)\}\}$/.exec(frame);
  return m ? rectOf({ x: m[1], y: m[2], width: m[3], height: m[4] }) : undefined;
}

function positionOf(text: string, offset: number): DumpPosition {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n'), offset };
}

function positionAt(text: string, line: number, column: number): DumpPosition {
  let offset = 0;
  for (let l = 1; l < line; l++) offset = text.indexOf('\n', offset) + 1;
  return { line, column, offset: offset + column - 1 };
}
