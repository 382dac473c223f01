// Element finding as WDA does it (POST /element(s)): accessibility id, id, name, class name,
// 'predicate string', 'class chain' (or Appium's '-ios …' names) and xpath, over a snapshot, in document order.
import { WdaError } from './errors.js';
import { parsePredicate, type ElementTest } from './predicate.js';
import { walk, type WdaElement } from './tree.js';
import { evaluateXPath } from './xpath.js';

/** Elements below `from` (itself excluded) that pass a test, in document order. */
function descendants(from: WdaElement, test: ElementTest): WdaElement[] {
  const found: WdaElement[] = [];
  for (const child of from.children) for (const el of walk(child)) if (test(el)) found.push(el);
  return found;
}

const typeName = (el: WdaElement): string => `XCUIElementType${el.type}`;

interface ChainStep {
  descendant: boolean;
  type: string;
  filters: Array<{ kind: 'index'; at: number } | { kind: 'predicate'; test: ElementTest } | { kind: 'has'; test: ElementTest }>;
}

function parseClassChain(query: string): ChainStep[] {
  const steps: ChainStep[] = [];
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '`' || c === '$') quote = c;
    else if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '/' && depth === 0) {
      parts.push(query.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(query.slice(start));
  let descendant = false;
  for (const raw of parts) {
    const part = raw.trim();
    if (part === '**') {
      descendant = true;
      continue;
    }
    const m = /^(XCUIElementType\w+|\*)(.*)$/s.exec(part);
    if (!m?.[1]) throw new WdaError('invalid selector', `Cannot parse the class chain "${query}": "${part}" is not XCUIElementType… or *`);
    const step: ChainStep = { descendant, type: m[1], filters: [] };
    let rest = (m[2] ?? '').trim();
    while (rest.startsWith('[')) {
      const close = rest.startsWith('[`') ? rest.indexOf('`]') + 1 : rest.startsWith('[$') ? rest.indexOf('$]') + 1 : rest.indexOf(']');
      if (close <= 0) throw new WdaError('invalid selector', `Cannot parse the class chain "${query}": a "]" is missing`);
      const body = rest.slice(1, close);
      if (body.startsWith('`')) step.filters.push({ kind: 'predicate', test: parsePredicate(body.slice(1, -1)) });
      else if (body.startsWith('$')) step.filters.push({ kind: 'has', test: parsePredicate(body.slice(1, -1)) });
      else if (/^-?\d+$/.test(body)) step.filters.push({ kind: 'index', at: Number(body) });
      else throw new WdaError('invalid selector', `Cannot parse the class chain "${query}": [${body}] is neither an index nor a \`predicate\``);
      rest = rest.slice(close + 1).trim();
    }
    if (rest) throw new WdaError('invalid selector', `Cannot parse the class chain "${query}": unexpected "${rest}"`);
    steps.push(step);
    descendant = false;
  }
  return steps;
}

function evaluateClassChain(query: string, from: WdaElement): WdaElement[] {
  let current = [from];
  for (const step of parseClassChain(query)) {
    const next: WdaElement[] = [];
    for (const node of current) {
      let matched = (step.descendant ? descendants(node, () => true) : node.children).filter((el) => step.type === '*' || typeName(el) === step.type);
      for (const filter of step.filters) {
        if (filter.kind === 'predicate') matched = matched.filter(filter.test);
        else if (filter.kind === 'has') matched = matched.filter((el) => descendants(el, filter.test).length > 0);
        else {
          const picked = filter.at > 0 ? matched[filter.at - 1] : matched[matched.length + filter.at];
          matched = picked ? [picked] : [];
        }
      }
      for (const el of matched) if (!next.includes(el)) next.push(el);
    }
    current = next;
  }
  return current;
}

export const STRATEGIES = [
  'accessibility id',
  'id',
  'name',
  'class name',
  // WebDriverAgent's own names; Appium's '-ios …' spellings are taken too, as clients attached straight to WDA send them.
  'predicate string',
  'class chain',
  '-ios predicate string',
  '-ios class chain',
  'xpath',
  'link text',
  'partial link text',
];

/** The elements a locator finds under `from` (the application, or an element for element/:uuid/elements). */
export function findElements(o: { using: string; value: string; root: WdaElement; from?: WdaElement }): WdaElement[] {
  const from = o.from ?? o.root;
  switch (o.using) {
    case 'accessibility id':
    case 'id':
    case 'name':
      return descendants(from, (el) => el.name === o.value);
    case 'class name':
      return descendants(from, (el) => typeName(el) === o.value);
    case 'predicate string':
    case '-ios predicate string':
      return descendants(from, parsePredicate(o.value));
    case 'class chain':
    case '-ios class chain':
      return evaluateClassChain(o.value, from);
    case 'xpath':
      return evaluateXPath(o.value, o.root, o.from);
    case 'link text':
    case 'partial link text': {
      const [key, ...rest] = o.value.split('=');
      const wanted = rest.join('=');
      const test = (el: WdaElement): boolean => {
        const actual = key === 'label' ? el.label : key === 'value' ? el.value : el.name;
        return o.using === 'link text' ? actual === wanted : (actual ?? '').includes(wanted);
      };
      return descendants(from, test);
    }
    default:
      throw new WdaError('invalid selector', `The locator strategy "${o.using}" is not supported. Use one of: ${STRATEGIES.join(', ')}`);
  }
}
