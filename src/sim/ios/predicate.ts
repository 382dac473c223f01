// The NSPredicate subset WDA clients send ('-ios predicate string', and inside class chains):
// comparisons of element attributes with ==, !=, <, >, BEGINSWITH, ENDSWITH, CONTAINS, LIKE, MATCHES,
// IN, with [c]/[d] modifiers, joined by AND/OR/NOT and parentheses.
import type { WdaElement } from './tree.js';
import { WdaError } from './errors.js';

export type ElementTest = (el: WdaElement) => boolean;

const TOKEN = /\s*(?:(\(|\)|\{|\}|,)|("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')|(==|!=|<>|<=|>=|=|<|>|&&|\|\|)|([A-Za-z_][\w.]*)(\[[cdn]+\])?|(-?\d+(?:\.\d+)?))/y;

interface Token {
  kind: 'punct' | 'string' | 'op' | 'word' | 'number';
  text: string;
  modifiers?: string;
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    if (/^\s*$/.test(source.slice(TOKEN.lastIndex))) break;
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(source);
    if (!m) throw invalid(source, `unexpected text at ${at}: "${source.slice(at, at + 12)}"`);
    if (m[1]) tokens.push({ kind: 'punct', text: m[1] });
    else if (m[2]) tokens.push({ kind: 'string', text: m[2].slice(1, -1).replace(/\\(.)/g, '$1') });
    else if (m[3]) tokens.push({ kind: 'op', text: m[3] });
    else if (m[4]) tokens.push({ kind: 'word', text: m[4], modifiers: m[5]?.slice(1, -1) });
    else if (m[6]) tokens.push({ kind: 'number', text: m[6] });
  }
  return tokens;
}

function invalid(source: string, why: string): WdaError {
  return new WdaError('invalid selector', `Cannot parse the predicate "${source}": ${why}`);
}

/** The attribute an element has under a predicate key ('label', 'wdLabel', 'elementType', 'rect.x'). */
export function attributeValue(el: WdaElement, key: string): string | number | boolean | null {
  const name = key.replace(/^wd/, '').replace(/^./, (c) => c.toLowerCase());
  switch (name) {
    case 'type':
      return `XCUIElementType${el.type}`;
    case 'elementType':
      return ELEMENT_TYPE_CODES[el.type] ?? 0;
    case 'name':
      return el.name;
    case 'label':
      return el.label;
    case 'value':
      return el.value;
    case 'identifier':
      return el.identifier;
    case 'placeholderValue':
      return el.placeholderValue;
    case 'enabled':
    case 'isEnabled':
      return el.enabled;
    case 'visible':
    case 'isVisible':
      return el.visible;
    case 'accessible':
    case 'isAccessible':
      return el.accessible;
    case 'selected':
    case 'isSelected':
      return el.selected;
    case 'focused':
    case 'hasFocus':
      return el.focused;
    case 'index':
      return el.index;
    case 'traits':
      return el.traits;
    case 'rect.x':
      return el.rect.x;
    case 'rect.y':
      return el.rect.y;
    case 'rect.width':
      return el.rect.width;
    case 'rect.height':
      return el.rect.height;
    default:
      throw new WdaError(
        'invalid selector',
        `The attribute "${key}" is unknown. Use one of type, name, label, value, identifier, enabled, visible, selected, rect.x`,
      );
  }
}

/** XCUIElementType's raw values for the types the phone reports, for `elementType == 9`. */
const ELEMENT_TYPE_CODES: Record<string, number> = {
  Other: 1,
  Application: 2,
  Window: 4,
  Alert: 7,
  Button: 9,
  NavigationBar: 20,
  TabBar: 21,
  Table: 26,
  Cell: 75,
  CollectionView: 24,
  ScrollView: 46,
  ActivityIndicator: 32,
  Image: 43,
  StaticText: 48,
  TextField: 49,
  SecureTextField: 50,
  Switch: 40,
  Keyboard: 34,
  Key: 35,
};

type Literal = string | number | boolean | null | Literal[];

interface Comparison {
  op: string;
  expected: Literal;
  modifiers: string;
}

function compare(actual: string | number | boolean | null, c: Comparison): boolean {
  const { op, expected, modifiers } = c;
  if (op === 'IN') return Array.isArray(expected) && expected.some((e) => compare(actual, { op: '==', expected: e, modifiers }));
  if (typeof expected === 'boolean' || typeof actual === 'boolean') {
    const a = actual === true || actual === 'true' || actual === 1 || actual === '1';
    const e = expected === true || expected === 1 || expected === '1' || expected === 'true';
    return op === '!=' || op === '<>' ? a !== e : a === e;
  }
  if (typeof expected === 'number' && (op === '<' || op === '>' || op === '<=' || op === '>=' || typeof actual === 'number')) {
    const a = Number(actual);
    return op === '<'
      ? a < expected
      : op === '>'
        ? a > expected
        : op === '<='
          ? a <= expected
          : op === '>='
            ? a >= expected
            : op === '!='
              ? a !== expected
              : a === expected;
  }
  const fold = (s: string): string => {
    let out = modifiers.includes('c') ? s.toLowerCase() : s;
    if (modifiers.includes('d')) out = out.normalize('NFD').replace(/\p{M}/gu, '');
    return out;
  };
  if (actual === null) return op === '!=' || op === '<>' ? expected !== null : expected === null;
  const a = fold(String(actual));
  const e = fold(String(expected));
  switch (op) {
    case '==':
    case '=':
      return a === e;
    case '!=':
    case '<>':
      return a !== e;
    case 'BEGINSWITH':
      return a.startsWith(e);
    case 'ENDSWITH':
      return a.endsWith(e);
    case 'CONTAINS':
      return a.includes(e);
    case 'LIKE':
      return new RegExp(
        `^${e
          .replace(/[.+^${}()|[\]\\]/g, '\\$&')
          .replace(/\*/g, '.*')
          .replace(/\?/g, '.')}$`,
        's',
      ).test(a);
    case 'MATCHES':
      return new RegExp(`^(?:${e})$`, 's').test(a);
    default:
      return a < e ? op.startsWith('<') : a > e ? op.startsWith('>') : op.includes('=');
  }
}

const WORD_OPS = new Set(['BEGINSWITH', 'ENDSWITH', 'CONTAINS', 'LIKE', 'MATCHES', 'IN']);

/** Parses a predicate into a test of one element; invalid selector on anything it cannot read. */
export function parsePredicate(source: string): ElementTest {
  const tokens = tokenize(source);
  let pos = 0;
  const peek = (): Token | undefined => tokens[pos];
  const isWord = (t: Token | undefined, ...words: string[]): boolean => t?.kind === 'word' && words.includes(t.text.toUpperCase());
  const literal = (): Literal => {
    const t = tokens[pos++];
    if (!t) throw invalid(source, 'a value is missing');
    if (t.kind === 'string') return t.text;
    if (t.kind === 'number') return Number(t.text);
    if (t.kind === 'punct' && t.text === '{') {
      const items: Literal[] = [];
      while (peek() && peek()?.text !== '}') {
        items.push(literal());
        if (peek()?.text === ',') pos++;
      }
      pos++;
      return items;
    }
    if (isWord(t, 'TRUE', 'YES')) return true;
    if (isWord(t, 'FALSE', 'NO')) return false;
    if (isWord(t, 'NIL', 'NULL')) return null;
    throw invalid(source, `"${t.text}" is not a value`);
  };
  const comparison = (): ElementTest => {
    const attr = tokens[pos++];
    if (!attr || attr.kind !== 'word') throw invalid(source, 'an attribute name is expected');
    const opToken = tokens[pos++];
    if (!opToken) throw invalid(source, `an operator is expected after ${attr.text}`);
    const op = opToken.kind === 'op' ? opToken.text : opToken.text.toUpperCase();
    if (opToken.kind !== 'op' && !WORD_OPS.has(op)) throw invalid(source, `"${opToken.text}" is not an operator`);
    const modifiers = opToken.modifiers ?? '';
    const expected = literal();
    return (el) => compare(attributeValue(el, attr.text), { op, expected, modifiers });
  };
  const unary = (): ElementTest => {
    if (isWord(peek(), 'NOT') || peek()?.text === '!') {
      pos++;
      const inner = unary();
      return (el) => !inner(el);
    }
    if (peek()?.text === '(') {
      pos++;
      const inner = or();
      if (tokens[pos++]?.text !== ')') throw invalid(source, 'a ")" is missing');
      return inner;
    }
    return comparison();
  };
  const and = (): ElementTest => {
    let left = unary();
    while (isWord(peek(), 'AND') || peek()?.text === '&&') {
      pos++;
      const l = left;
      const r = unary();
      left = (el) => l(el) && r(el);
    }
    return left;
  };
  const or = (): ElementTest => {
    let left = and();
    while (isWord(peek(), 'OR') || peek()?.text === '||') {
      pos++;
      const l = left;
      const r = and();
      left = (el) => l(el) || r(el);
    }
    return left;
  };
  const test = or();
  if (pos < tokens.length) throw invalid(source, `unexpected "${tokens[pos]?.text ?? ''}"`);
  return test;
}
