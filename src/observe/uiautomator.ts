// Android `uiautomator dump` XML → UiHierarchy.
//
// Parser chosen by measurement (Node 20, 2-core EPYC VM, a 425 KB dump of 1,027 real nodes, 200 runs,
// each parser building the same tree; min / median ms): saxes 4.0 / 7.3, txml 4.3 / 7.4,
// fast-xml-parser 15.9 / 25.5 (29 with its validator). txml is as fast but accepts truncated and
// malformed XML without a word; saxes is strict and says at which line and column a dump breaks.
// saxes alone leaves no room in the 5 ms budget for parse + compress of a 1,000-node dump, so the
// well-formed subset uiautomator writes goes through a scanner (xml-scan.ts, 2.0 ms on that dump)
// and everything else through saxes; both feed the same builder, and tests hold them equal.
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { HierarchyParseError, type DumpPosition } from './hierarchy-error.js';
import { scanXml, type TagSink } from './xml-scan.js';
import type { NodeFlags, Rect, UiHierarchy, UiNode } from './ui-node.js';

/** Deeper nesting is not real UI (Android itself stops near 100); it would only overflow recursion later. */
export const MAX_DEPTH = 256;

const EDITABLE_CLASS = /EditText|AutoCompleteTextView/;
const BOUNDS = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/;
// `uiautomator dump /dev/tty` prints this after the XML (Android's spelling).
const DUMP_TRAILER = /^\s*UI hier[a-z]* dumped to:[^\n]*\s*$/;

export interface ParseOptions {
  /** Names the dump in errors: a file path, or 'emulator-5554 dump'. */
  source?: string;
  /** Skip the fast path and read the dump with the strict parser only (tests compare the two). */
  strict?: boolean;
}

/** Parses a uiautomator dump; throws HierarchyParseError naming what is wrong and where. */
export function parseUiautomatorXml(xml: string, options: ParseOptions = {}): UiHierarchy {
  const source = options.source;
  const text = withoutTrailer(xml);
  const first = text.search(/\S/);
  if (first < 0) {
    throw new HierarchyParseError({ problem: 'the dump is empty (no XML at all)', source });
  }
  if (text[first] !== '<') {
    const firstLine = text.slice(first, first + 200).split('\n', 1)[0].slice(0, 80);
    throw new HierarchyParseError({
      problem: `not a uiautomator dump: it starts with "${firstLine}"`,
      source,
      position: { line: 1, column: 1, offset: 0 },
      hint: /idle state/.test(firstLine)
        ? 'The device was busy animating; retry the dump, or disable animations (settings put global animator_duration_scale 0).'
        : undefined,
    });
  }
  if (!options.strict) {
    const fast = new HierarchyBuilder(() => undefined, source);
    try {
      if (scanXml(text, fast) && fast.done()) return fast.hierarchy;
    } catch (error) {
      // A bad attribute found on the fast path: the strict parser reports it with its line and column.
      if (!(error instanceof HierarchyParseError)) throw error;
    }
  }
  return parseStrict(text, source);
}

function parseStrict(text: string, source: string | undefined): UiHierarchy {
  const parser = new SaxesParser<{ xmlns: false; position: true }>({ xmlns: false, position: true });
  const here = (): DumpPosition => positionAt(text, parser.line, parser.column + 1);
  const builder = new HierarchyBuilder(here, source);
  parser.on('error', (error) => builder.fail(error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '').replace(/\.$/, '')));
  parser.on('opentag', (tag: SaxesTagPlain) => builder.open(tag.name, tag.attributes));
  parser.on('closetag', () => builder.close());
  parser.write(text);
  const open = builder.openElements();
  if (open > 0) {
    const midTag = !text.trimEnd().endsWith('>');
    builder.fail(`the dump is truncated: it ends ${midTag ? 'in the middle of a tag ' : ''}inside ${open === 1 ? '<hierarchy>' : `<node> (${open - 1} nodes left open)`}`);
  }
  parser.close();
  if (!builder.done()) builder.fail('no <hierarchy> element in the dump');
  return builder.hierarchy;
}

/** Builds the UiHierarchy from open/close events, whichever parser sends them. */
class HierarchyBuilder implements TagSink {
  readonly hierarchy: UiHierarchy = { platform: 'android', rotation: 0, windows: [], nodeCount: 0, skippedNodes: 0 };
  // Open elements: a node, null for an element that is not a node (or lies too deep), 'root' for <hierarchy>.
  private readonly stack: Array<UiNode | null | 'root'> = [];
  private sawRoot = false;

  constructor(private readonly position: () => DumpPosition | undefined, private readonly source: string | undefined) {}

  fail(problem: string): never {
    throw new HierarchyParseError({ problem, source: this.source, position: this.position() });
  }

  open(name: string, attributes: Record<string, string>): void {
    const stack = this.stack;
    if (stack.length === 0) {
      if (name !== 'hierarchy') this.fail(`the root element is <${name}>, expected <hierarchy> (a uiautomator dump)`);
      this.sawRoot = true;
      this.hierarchy.rotation = Number(attributes.rotation ?? 0) || 0;
      stack.push('root');
      return;
    }
    if (name !== 'node') {
      stack.push(null);
      return;
    }
    this.hierarchy.nodeCount++;
    const parent = stack[stack.length - 1];
    if (parent === null || stack.length - 1 > MAX_DEPTH) {
      this.hierarchy.skippedNodes++;
      stack.push(null);
      return;
    }
    const windows = this.hierarchy.windows;
    const node = this.toNode(attributes, parent === 'root' ? windows.length : parent.window, parent === 'root' ? 0 : parent.depth + 1);
    if (parent === 'root') windows.push({ index: windows.length, package: node.package, root: node });
    else parent.children.push(node);
    stack.push(node);
  }

  close(): void {
    this.stack.pop();
  }

  openElements(): number {
    return this.stack.length;
  }

  done(): boolean {
    return this.sawRoot && this.stack.length === 0;
  }

  private toNode(a: Record<string, string>, window: number, depth: number): UiNode {
    const className = a.class ?? '';
    const flags: NodeFlags = {
      clickable: a.clickable === 'true',
      longClickable: a['long-clickable'] === 'true',
      checkable: a.checkable === 'true',
      checked: a.checked === 'true',
      editable: EDITABLE_CLASS.test(className),
      scrollable: a.scrollable === 'true',
      enabled: a.enabled !== 'false',
      focusable: a.focusable === 'true',
      focused: a.focused === 'true',
      selected: a.selected === 'true',
      password: a.password === 'true',
      visible: a['visible-to-user'] !== 'false',
    };
    return {
      className,
      resourceId: a['resource-id'] ?? '',
      text: a.text ?? '',
      contentDesc: a['content-desc'] ?? '',
      hint: a.hint ?? '',
      package: a.package ?? '',
      flags,
      bounds: this.bounds(a.bounds),
      window,
      depth,
      children: [],
    };
  }

  private bounds(value: string | undefined): Rect {
    if (value === undefined) return this.fail('a <node> has no bounds attribute');
    const m = BOUNDS.exec(value);
    if (!m) return this.fail(`bounds="${value}" is not of the form [left,top][right,bottom]`);
    return { left: Number(m[1]), top: Number(m[2]), right: Number(m[3]), bottom: Number(m[4]) };
  }
}

/** Line and column as saxes counts them, with the character offset most dumps (one long line) need. */
function positionAt(text: string, line: number, column: number): DumpPosition {
  let offset = 0;
  for (let l = 1; l < line; l++) offset = text.indexOf('\n', offset) + 1;
  return { line, column, offset: offset + column - 1 };
}

/** The dump without the line `uiautomator dump /dev/tty` prints after the XML; only the tail is looked at. */
function withoutTrailer(xml: string): string {
  const end = xml.lastIndexOf('>');
  return end >= 0 && end < xml.length - 1 && DUMP_TRAILER.test(xml.slice(end + 1)) ? xml.slice(0, end + 1) : xml;
}
