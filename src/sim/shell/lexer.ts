// The shell's tokenizer: words with their quoting, parameters and command substitutions,
// operators, redirections and reserved words, as mksh splits a command line.
import { ShellSyntaxError, type RedirectOp, type Script, type Word, type WordPart } from './ast.js';

/** A word (with the reserved word it spells, if any), an operator or newline, a redirection, or the end. */
export type Token =
  | { t: 'word'; word: Word; raw: string; keyword: string | undefined }
  | { t: 'op'; op: string }
  | { t: 'redir'; fd: number; op: RedirectOp; raw: string }
  | { t: 'eof' };

/** Words that are reserved where a command starts. */
export const RESERVED = new Set([
  'if',
  'then',
  'else',
  'elif',
  'fi',
  'case',
  'esac',
  'for',
  'select',
  'while',
  'until',
  'do',
  'done',
  'in',
  'function',
  'time',
  '{',
  '}',
  '!',
  '[[',
]);
const META = new Set([' ', '\t', '\n', ';', '&', '|', '(', ')', '<', '>']);

/** How the tokenizer has the parser read the commands inside a word's `$(…)` and backquotes. */
export interface SubstitutionParser {
  /** The commands of a `$(…)`, read from just after its '(' through its ')'. */
  dollarParen(): Script;
  /** The text between backquotes, parsed as a command line of its own. */
  script(source: string): Script;
}

/** Reads tokens off a command line; the commands of a `$(…)` are parsed through this same lexer, in place. */
export class Lexer {
  private pos = 0;
  /** The token peek() read, so next() does not lex (and parse a `$(…)` inside) it again. */
  private peeked: { at: number; tok: Token; end: number } | undefined;

  constructor(
    private readonly src: string,
    private readonly substitutions: SubstitutionParser,
  ) {}

  /** The next token, left to be read again by next(). */
  peek(): Token {
    const saved = this.pos;
    const tok = this.next();
    this.peeked = { at: saved, tok, end: this.pos };
    this.pos = saved;
    return tok;
  }

  next(): Token {
    if (this.peeked?.at === this.pos) {
      this.pos = this.peeked.end;
      return this.peeked.tok;
    }
    this.skipBlanks();
    const start = this.pos;
    const c = this.src[this.pos];
    if (c === undefined) return { t: 'eof' };
    if (c === '\n') {
      this.pos++;
      return { t: 'op', op: '\n' };
    }
    const redirect = /^(\d*)(>>|>&|>\||<&|<>|<<|>|<)/.exec(this.src.slice(this.pos, this.pos + 12));
    if (redirect) {
      if (redirect[2] === '<<') throw new ShellSyntaxError('here documents are not supported');
      this.pos += redirect[0].length;
      const op = (redirect[2] === '>|' ? '>' : redirect[2]) as RedirectOp;
      const fd = redirect[1] ? Number(redirect[1]) : op.startsWith('<') ? 0 : 1;
      return { t: 'redir', fd, op, raw: redirect[0] };
    }
    for (const op of ['&&', '||', ';;', ';', '&', '|', '(', ')']) {
      if (this.src.startsWith(op, this.pos)) {
        this.pos += op.length;
        return { t: 'op', op };
      }
    }
    const word = this.word();
    const raw = this.src.slice(start, this.pos);
    const plain = word.length === 1 && word[0].kind === 'text' && !word[0].quoted ? word[0].value : undefined;
    return { t: 'word', word, raw, keyword: plain !== undefined && RESERVED.has(plain) ? plain : undefined };
  }

  private skipBlanks(): void {
    for (;;) {
      const c = this.src[this.pos];
      if (c === ' ' || c === '\t') this.pos++;
      else if (c === '\\' && this.src[this.pos + 1] === '\n') this.pos += 2;
      else if (c === '#') {
        while (this.pos < this.src.length && this.src[this.pos] !== '\n') this.pos++;
      } else break;
    }
  }

  private word(): Word {
    const parts: WordPart[] = [];
    const text = (value: string, quoted: boolean): void => {
      const last = parts[parts.length - 1];
      if (last?.kind === 'text' && last.quoted === quoted) last.value += value;
      else parts.push({ kind: 'text', value, quoted });
    };
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined || META.has(c)) break;
      if (c === '\\') {
        const escaped = this.src[this.pos + 1];
        this.pos += 2;
        if (escaped !== undefined && escaped !== '\n') text(escaped, true);
      } else if (c === "'") {
        const end = this.src.indexOf("'", this.pos + 1);
        if (end < 0) throw new ShellSyntaxError('no closing quote');
        parts.push({ kind: 'text', value: this.src.slice(this.pos + 1, end), quoted: true });
        this.pos = end + 1;
      } else if (c === '"') {
        this.pos++;
        this.doubleQuoted(parts, text);
      } else if (c === '$') {
        this.dollar(parts, text, false);
      } else if (c === '`') {
        parts.push({ kind: 'subst', script: this.backticks(), quoted: false });
      } else {
        text(c, false);
        this.pos++;
      }
    }
    return parts;
  }

  private doubleQuoted(parts: WordPart[], text: (value: string, quoted: boolean) => void): void {
    parts.push({ kind: 'text', value: '', quoted: true });
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) throw new ShellSyntaxError('no closing quote');
      if (c === '"') {
        this.pos++;
        return;
      }
      if (c === '\\') {
        const escaped = this.src[this.pos + 1];
        if (escaped === '\n') this.pos += 2;
        else if (escaped !== undefined && '$`"\\'.includes(escaped)) {
          text(escaped, true);
          this.pos += 2;
        } else {
          text('\\', true);
          this.pos++;
        }
      } else if (c === '$') {
        this.dollar(parts, text, true);
      } else if (c === '`') {
        parts.push({ kind: 'subst', script: this.backticks(), quoted: true });
      } else {
        text(c, true);
        this.pos++;
      }
    }
  }

  private dollar(parts: WordPart[], text: (value: string, quoted: boolean) => void, quoted: boolean): void {
    const rest = this.src.slice(this.pos + 1);
    if (rest.startsWith('(')) {
      this.pos += 2;
      parts.push({ kind: 'subst', script: this.substitutions.dollarParen(), quoted });
      return;
    }
    if (rest.startsWith('{')) {
      const end = rest.indexOf('}');
      if (end < 0) throw new ShellSyntaxError('missing }');
      const name = rest.slice(1, end);
      if (!/^([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[?$#!@*-])$/.test(name)) throw new ShellSyntaxError(`\${${name}}: bad substitution`);
      parts.push({ kind: 'param', name, quoted });
      this.pos += end + 2;
      return;
    }
    const name = /^([A-Za-z_][A-Za-z0-9_]*|[0-9?$#!@*-])/.exec(rest)?.[0];
    if (name === undefined) {
      text('$', quoted);
      this.pos++;
      return;
    }
    parts.push({ kind: 'param', name, quoted });
    this.pos += 1 + name.length;
  }

  private backticks(): Script {
    let inner = '';
    let i = this.pos + 1;
    for (;;) {
      const c = this.src[i];
      if (c === undefined) throw new ShellSyntaxError('no closing quote');
      if (c === '`') break;
      if (c === '\\' && '$`\\'.includes(this.src[i + 1] ?? '')) {
        inner += this.src[i + 1];
        i += 2;
      } else {
        inner += c;
        i++;
      }
    }
    this.pos = i + 1;
    return this.substitutions.script(inner);
  }
}
