// Builds the UiHierarchy from the tag stream of either parser (the fast scanner or saxes).
import { HierarchyParseError, type DumpPosition } from './hierarchy-error.js';
import type { TagSink } from './xml-scan.js';
import type { NodeFlags, Rect, UiHierarchy, UiNode } from './ui-node.js';

/** Deeper nesting is not real UI (Android itself stops near 100); it would only overflow recursion later. */
export const MAX_DEPTH = 256;

const EDITABLE_CLASS = /EditText|AutoCompleteTextView/;
const BOUNDS = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/;

// The attributes uiautomator writes, one bit each: which were seen, which said "true" or "false".
const ATTRIBUTES = [
  'text',
  'resource-id',
  'class',
  'package',
  'content-desc',
  'hint',
  'bounds',
  'rotation',
  'clickable',
  'long-clickable',
  'checkable',
  'checked',
  'scrollable',
  'enabled',
  'focusable',
  'focused',
  'selected',
  'password',
  'visible-to-user',
  'index',
  'drawing-order',
  'display-id',
] as const;
const BIT = new Map<string, number>(ATTRIBUTES.map((name, i) => [name, 1 << i]));
const bit = (name: (typeof ATTRIBUTES)[number]) => BIT.get(name) as number;

export class HierarchyBuilder implements TagSink {
  readonly hierarchy: UiHierarchy = { platform: 'android', rotation: 0, windows: [], nodeCount: 0, skippedNodes: 0 };
  // Open elements: a node, null for an element that is not a node (or lies too deep), 'root' for <hierarchy>.
  private readonly stack: Array<UiNode | null | 'root'> = [];
  private sawRoot = false;
  // The start tag being read; one set of fields reused for every tag, so no object per attribute set.
  private tag = '';
  private seen = 0;
  private trues = 0;
  private falses = 0;
  private values: string[] = [];
  private others: string[] = [];

  constructor(
    private readonly position: () => DumpPosition | undefined,
    private readonly source: string | undefined,
  ) {}

  fail(problem: string): never {
    throw new HierarchyParseError({ problem, source: this.source, position: this.position() });
  }

  startTag(name: string): void {
    this.tag = name;
    this.seen = 0;
    this.trues = 0;
    this.falses = 0;
    if (this.others.length > 0) this.others = [];
  }

  attribute(name: string, value: string): boolean {
    const b = BIT.get(name);
    if (b === undefined) {
      if (this.others.includes(name)) return false;
      this.others.push(name);
      return true;
    }
    if (this.seen & b) return false;
    this.seen |= b;
    if (value === 'true') this.trues |= b;
    else if (value === 'false') this.falses |= b;
    this.values[31 - Math.clz32(b)] = value;
    return true;
  }

  endStartTag(): void {
    const stack = this.stack;
    if (stack.length === 0) {
      if (this.tag !== 'hierarchy') this.fail(`the root element is <${this.tag}>, expected <hierarchy> (a uiautomator dump)`);
      this.sawRoot = true;
      this.hierarchy.rotation = Number(this.value('rotation')) || 0;
      stack.push('root');
      return;
    }
    if (this.tag !== 'node') {
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
    const node = this.node(parent === 'root' ? windows.length : parent.window, parent === 'root' ? 0 : parent.depth + 1);
    if (parent === 'root') windows.push({ index: windows.length, package: node.package, root: node });
    else parent.children.push(node);
    stack.push(node);
  }

  /** Start tag and end of a tag from a parser that hands over all attributes at once (saxes). */
  element(name: string, attributes: Record<string, string>): void {
    this.startTag(name);
    for (const key of Object.keys(attributes)) this.attribute(key, attributes[key]);
    this.endStartTag();
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

  private value(name: (typeof ATTRIBUTES)[number]): string {
    const b = bit(name);
    return this.seen & b ? this.values[31 - Math.clz32(b)] : '';
  }

  private node(window: number, depth: number): UiNode {
    const className = this.value('class');
    const t = (name: (typeof ATTRIBUTES)[number]) => (this.trues & bit(name)) !== 0;
    const flags: NodeFlags = {
      clickable: t('clickable'),
      longClickable: t('long-clickable'),
      checkable: t('checkable'),
      checked: t('checked'),
      editable: EDITABLE_CLASS.test(className),
      scrollable: t('scrollable'),
      enabled: (this.falses & bit('enabled')) === 0,
      focusable: t('focusable'),
      focused: t('focused'),
      selected: t('selected'),
      password: t('password'),
      visible: (this.falses & bit('visible-to-user')) === 0,
    };
    return {
      className,
      resourceId: this.value('resource-id'),
      text: this.value('text'),
      contentDesc: this.value('content-desc'),
      hint: this.value('hint'),
      package: this.value('package'),
      flags,
      bounds: this.bounds(),
      window,
      depth,
      children: [],
    };
  }

  private bounds(): Rect {
    if ((this.seen & bit('bounds')) === 0) return this.fail('a <node> has no bounds attribute');
    const value = this.value('bounds');
    const m = BOUNDS.exec(value);
    if (!m) return this.fail(`bounds="${value}" is not of the form [left,top][right,bottom]`);
    return { left: Number(m[1]), top: Number(m[2]), right: Number(m[3]), bottom: Number(m[4]) };
  }
}
