// The XPath subset clients send to WDA, evaluated over the snapshot as if it were the XML source:
// absolute and // steps, element names or *, `..`, and predicates with @attribute comparisons,
// contains(), starts-with(), text(), and/or/not(), positions and last().
import { xmlAttributes } from './source-format.js';
import { WdaError } from './errors.js';
import { walk, type WdaElement } from './tree.js';

type Axis = 'child' | 'descendant';
interface Step {
  axis: Axis;
  name: string;
  predicates: string[];
}

/** A node of the XML document: the AppiumAUT root or an element. */
type XNode = { root: WdaElement } | WdaElement;

const attr = (el: WdaElement, name: string): string | undefined => xmlAttributes(el).find(([k]) => k === name)?.[1];

function invalid(query: string, why: string): WdaError {
  return new WdaError('invalid selector', `Cannot evaluate the XPath "${query}": ${why}`);
}

function splitSteps(query: string): Step[] {
  const steps: Step[] = [];
  let i = 0;
  while (i < query.length) {
    let axis: Axis = 'child';
    if (query.startsWith('//', i)) {
      axis = 'descendant';
      i += 2;
    } else if (query[i] === '/') i += 1;
    else if (steps.length > 0) throw invalid(query, `unexpected "${query[i] ?? ''}" at ${i}`);
    const nameMatch = /^(\.\.|\.|\*|[\w-]+)/.exec(query.slice(i));
    if (!nameMatch?.[1]) throw invalid(query, `a step name is expected at ${i}`);
    i += nameMatch[1].length;
    const predicates: string[] = [];
    while (query[i] === '[') {
      let depth = 0;
      let quote = '';
      const start = i;
      for (; i < query.length; i++) {
        const c = query[i];
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '[') depth++;
        else if (c === ']' && --depth === 0) break;
      }
      if (i >= query.length) throw invalid(query, 'a "]" is missing');
      predicates.push(query.slice(start + 1, i).trim());
      i++;
    }
    steps.push({ axis, name: nameMatch[1], predicates });
  }
  return steps;
}

/** Evaluates one predicate expression for an element at a position among its step's matches. */
function predicateHolds(expr: string, el: WdaElement, at: { position: number; size: number; query: string }): boolean {
  const e = expr.trim();
  if (/^\d+$/.test(e)) return at.position === Number(e);
  if (e === 'last()') return at.position === at.size;
  const or = splitTop(e, ' or ');
  if (or.length > 1) return or.some((part) => predicateHolds(part, el, at));
  const and = splitTop(e, ' and ');
  if (and.length > 1) return and.every((part) => predicateHolds(part, el, at));
  if (e.startsWith('(') && e.endsWith(')')) return predicateHolds(e.slice(1, -1), el, at);
  const not = /^not\((.*)\)$/s.exec(e);
  if (not?.[1]) return !predicateHolds(not[1], el, at);
  const fn = /^(contains|starts-with)\(\s*(@[\w]+|text\(\)|\.)\s*,\s*("([^"]*)"|'([^']*)')\s*\)$/s.exec(e);
  if (fn) {
    const value = operand(fn[2] ?? '', el) ?? '';
    const needle = fn[4] ?? fn[5] ?? '';
    return fn[1] === 'contains' ? value.includes(needle) : value.startsWith(needle);
  }
  const cmp = /^(@[\w]+|text\(\)|\.)\s*(!=|=)\s*("([^"]*)"|'([^']*)'|-?\d+(?:\.\d+)?)$/s.exec(e);
  if (cmp) {
    const value = operand(cmp[1] ?? '', el);
    const expected = cmp[4] ?? cmp[5] ?? cmp[3] ?? '';
    return cmp[2] === '=' ? value === expected : value !== undefined && value !== expected;
  }
  const exists = /^@([\w]+)$/.exec(e);
  if (exists?.[1]) return attr(el, exists[1]) !== undefined;
  throw invalid(at.query, `the predicate [${e}] is not supported`);
}

function operand(text: string, el: WdaElement): string | undefined {
  if (text.startsWith('@')) return attr(el, text.slice(1));
  return '';
}

/** Splits at a separator outside quotes and brackets. */
function splitTop(expr: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < expr.length; i++) {
    const c = expr[i];
    if (quote) {
      if (c === quote) quote = '';
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (depth === 0 && expr.startsWith(separator, i)) {
      parts.push(expr.slice(start, i));
      start = i + separator.length;
      i += separator.length - 1;
    }
  }
  parts.push(expr.slice(start));
  return parts;
}

const childrenOf = (node: XNode): WdaElement[] => ('root' in node ? [node.root] : node.children);
const nameOf = (node: XNode): string => ('root' in node ? 'AppiumAUT' : `XCUIElementType${node.type}`);

/** The elements an XPath selects, in document order, starting from the AppiumAUT root (or an element). */
export function evaluateXPath(query: string, root: WdaElement, context?: WdaElement): WdaElement[] {
  let q = query.trim();
  let position: number | undefined;
  const grouped = /^\((.*)\)\[(\d+)\]$/s.exec(q);
  if (grouped?.[1] && grouped[2]) {
    q = grouped[1];
    position = Number(grouped[2]);
  }
  const relative = !q.startsWith('/');
  let current: XNode[] = relative && context ? [context] : [{ root }];
  if (relative && !context) q = `//${q}`;
  const document: XNode = { root };
  for (const step of splitSteps(relative && context ? `/${q.replace(/^\.\//, '')}` : q)) {
    const next: XNode[] = [];
    for (const node of current) {
      let candidates: XNode[];
      if (step.name === '..') candidates = 'root' in node ? [] : [node.parent ?? document];
      else if (step.name === '.') candidates = [node];
      else if (step.axis === 'descendant') candidates = [...childrenOf(node).flatMap((c) => [...walk(c)])];
      else candidates = childrenOf(node);
      if (step.axis === 'descendant' && (step.name === '.' || step.name === '..')) throw invalid(query, `//${step.name} is not supported`);
      let matched = candidates.filter((c) => step.name === '*' || step.name === '.' || step.name === '..' || nameOf(c) === step.name);
      for (const predicate of step.predicates) {
        const size = matched.length;
        matched = matched.filter((c, i) => !('root' in c) && predicateHolds(predicate, c, { position: i + 1, size, query }));
      }
      for (const m of matched) if (!next.includes(m)) next.push(m);
    }
    current = next;
  }
  const found = current.filter((n): n is WdaElement => !('root' in n));
  if (position !== undefined) return found[position - 1] ? [found[position - 1] as WdaElement] : [];
  return found;
}
