import type { AndOr, Command, Pipeline, Redirect, RedirectOp, Script, SimpleCommand, Word, WordPart } from './ast.js';

/** A command line mksh would refuse; the message is mksh R59's wording (Android 14's) after "/system/bin/sh: ". */
export class ShellSyntaxError extends Error {
  override name = 'ShellSyntaxError';
}

type Token =
  | { t: 'word'; word: Word; raw: string; keyword: string | undefined }
  | { t: 'op'; op: string }
  | { t: 'redir'; fd: number; op: RedirectOp; raw: string }
  | { t: 'eof' };

const RESERVED = new Set([
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

/** Parses a whole `sh -c` command line. */
export function parseScript(source: string): Script {
  const parser = new Parser(source);
  const script = parser.list();
  parser.expectEnd();
  return script;
}

class Parser {
  private pos = 0;
  private readonly nesting: string[] = [];
  /** The token peek() read, so next() does not lex (and parse a `$(…)` inside) it again. */
  private peeked: { at: number; tok: Token; end: number } | undefined;

  constructor(private readonly src: string) {}

  expectEnd(): void {
    const tok = this.peek();
    if (tok.t !== 'eof') this.unexpected(tok);
  }

  /** A list of and-or chains separated by ';', '&' or newlines; stops before anything that cannot start a command. */
  list(): Script {
    const script: Script = [];
    for (;;) {
      this.skipNewlines();
      const andOr = this.andOr();
      if (!andOr) break;
      script.push(andOr);
      const tok = this.peek();
      if (tok.t === 'op' && (tok.op === ';' || tok.op === '&' || tok.op === '\n')) {
        this.next();
        continue;
      }
      break;
    }
    return script;
  }

  private andOr(): AndOr | undefined {
    const first = this.pipeline();
    if (!first) return undefined;
    const rest: AndOr['rest'] = [];
    for (;;) {
      const tok = this.peek();
      if (tok.t !== 'op' || (tok.op !== '&&' && tok.op !== '||')) break;
      this.next();
      this.skipNewlines();
      const pipeline = this.pipeline();
      if (!pipeline) this.unexpected(this.peek());
      rest.push({ op: tok.op, pipeline });
    }
    return { first, rest };
  }

  private pipeline(): Pipeline | undefined {
    let negated = false;
    const head = this.peek();
    if (head.t === 'word' && head.keyword === '!') {
      this.next();
      negated = true;
    }
    const first = this.command();
    if (!first) {
      if (negated) this.unexpected(this.peek());
      return undefined;
    }
    const commands = [first];
    for (;;) {
      const tok = this.peek();
      if (tok.t !== 'op' || tok.op !== '|') break;
      this.next();
      this.skipNewlines();
      const command = this.command();
      if (!command) this.unexpected(this.peek());
      commands.push(command);
    }
    return { negated, commands };
  }

  private command(): Command | undefined {
    const tok = this.peek();
    let command: Command;
    if (tok.t === 'op' && tok.op === '(') {
      this.next();
      command = { kind: 'group', subshell: true, body: this.nested('(', ')'), redirects: [] };
    } else if (tok.t === 'word' && tok.keyword === '{') {
      this.next();
      command = { kind: 'group', subshell: false, body: this.nested('{', '}'), redirects: [] };
    } else if (tok.t === 'word' && tok.keyword === 'if') {
      this.next();
      command = this.ifCommand();
    } else if (tok.t === 'word' && (tok.keyword === 'while' || tok.keyword === 'until')) {
      this.next();
      this.nesting.push(tok.keyword);
      const condition = this.list();
      const body = this.doGroup();
      this.nesting.pop();
      command = { kind: 'while', until: tok.keyword === 'until', condition, body, redirects: [] };
    } else if (tok.t === 'word' && tok.keyword === 'for') {
      this.next();
      command = this.forCommand();
    } else if (tok.t === 'redir' || (tok.t === 'word' && (tok.keyword === undefined || !RESERVED.has(tok.keyword)))) {
      return this.simpleCommand();
    } else {
      return undefined;
    }
    for (let r = this.redirect(); r; r = this.redirect()) command.redirects.push(r);
    return command;
  }

  private simpleCommand(): SimpleCommand {
    const command: SimpleCommand = { kind: 'simple', assignments: [], words: [], redirects: [] };
    for (;;) {
      const redirect = this.redirect();
      if (redirect) {
        command.redirects.push(redirect);
        continue;
      }
      const tok = this.peek();
      if (tok.t !== 'word') break;
      this.next();
      const assignment = command.words.length === 0 ? asAssignment(tok.word) : undefined;
      if (assignment) command.assignments.push(assignment);
      else command.words.push(tok.word);
    }
    return command;
  }

  private redirect(): Redirect | undefined {
    const tok = this.peek();
    if (tok.t !== 'redir') return undefined;
    this.next();
    const target = this.next();
    if (target.t !== 'word') this.unexpected(target);
    return { fd: tok.fd, op: tok.op, target: target.word };
  }

  private nested(open: string, close: string): Script {
    this.nesting.push(open);
    const body = this.list();
    this.expectKeyword(close);
    this.nesting.pop();
    return body;
  }

  private ifCommand(): Command {
    this.nesting.push('if');
    const branches: Array<{ condition: Script; body: Script }> = [];
    let otherwise: Script | undefined;
    for (;;) {
      const condition = this.list();
      this.expectKeyword('then');
      const body = this.list();
      if (body.length === 0) this.unexpected(this.peek());
      branches.push({ condition, body });
      const tok = this.next();
      if (tok.t === 'word' && tok.keyword === 'elif') continue;
      if (tok.t === 'word' && tok.keyword === 'else') {
        otherwise = this.list();
        if (otherwise.length === 0) this.unexpected(this.peek());
        this.expectKeyword('fi');
        break;
      }
      if (tok.t === 'word' && tok.keyword === 'fi') break;
      this.unexpected(tok);
    }
    this.nesting.pop();
    return { kind: 'if', branches, otherwise, redirects: [] };
  }

  private forCommand(): Command {
    const nameTok = this.next();
    if (nameTok.t !== 'word') this.unexpected(nameTok);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(nameTok.raw)) throw new ShellSyntaxError('for: bad identifier');
    this.nesting.push('for');
    let items: Word[] | undefined;
    this.skipNewlines();
    const tok = this.peek();
    if (tok.t === 'word' && tok.keyword === 'in') {
      this.next();
      items = [];
      for (let w = this.peek(); w.t === 'word'; w = this.peek()) {
        this.next();
        items.push(w.word);
      }
      const sep = this.next();
      if (sep.t !== 'op' || (sep.op !== ';' && sep.op !== '\n')) this.unexpected(sep);
    } else if (tok.t === 'op' && tok.op === ';') {
      this.next();
    }
    const body = this.doGroup();
    this.nesting.pop();
    return { kind: 'for', name: nameTok.raw, items, body, redirects: [] };
  }

  private doGroup(): Script {
    this.skipNewlines();
    this.expectKeyword('do');
    const body = this.list();
    this.expectKeyword('done');
    return body;
  }

  private expectKeyword(keyword: string): void {
    this.skipNewlines();
    const tok = this.next();
    if (tok.t === 'word' && tok.keyword === keyword) return;
    if (tok.t === 'op' && tok.op === keyword) return;
    this.unexpected(tok);
  }

  private skipNewlines(): void {
    for (let tok = this.peek(); tok.t === 'op' && tok.op === '\n'; tok = this.peek()) this.next();
  }

  private unexpected(tok: Token): never {
    if (tok.t === 'eof') {
      const open = this.nesting[this.nesting.length - 1];
      if (open !== undefined) throw new ShellSyntaxError(`syntax error: unmatched '${open}'`);
      throw new ShellSyntaxError('syntax error: unexpected EOF');
    }
    const text = tok.t === 'word' ? tok.raw.slice(0, 31) : tok.t === 'redir' ? tok.raw : tok.op === '\n' ? 'newline' : tok.op;
    throw new ShellSyntaxError(`syntax error: unexpected '${text}'`);
  }

  private peek(): Token {
    const saved = this.pos;
    const tok = this.next();
    this.peeked = { at: saved, tok, end: this.pos };
    this.pos = saved;
    return tok;
  }

  private next(): Token {
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
      this.nesting.push('(');
      const script = this.list();
      const close = this.next();
      if (close.t !== 'op' || close.op !== ')') this.unexpected(close);
      this.nesting.pop();
      parts.push({ kind: 'subst', script, quoted });
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
    return parseScript(inner);
  }
}

function asAssignment(word: Word): { name: string; value: Word } | undefined {
  const head = word[0];
  if (head?.kind !== 'text' || head.quoted) return undefined;
  const match = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(head.value);
  if (!match) return undefined;
  const value: Word = [{ ...head, value: head.value.slice(match[0].length) }, ...word.slice(1)];
  return { name: match[1], value };
}
