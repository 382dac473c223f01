// The shell's grammar: lists, and-or chains, pipelines, compound commands and redirections, read
// from the tokens of lexer.ts, with mksh's syntax errors.
import { ShellSyntaxError, type AndOr, type Command, type Pipeline, type Redirect, type Script, type SimpleCommand, type Word } from './ast.js';
import { Lexer, RESERVED, type Token } from './lexer.js';

/** Parses a whole `sh -c` command line. */
export function parseScript(source: string): Script {
  const parser = new Parser(source);
  const script = parser.list();
  parser.expectEnd();
  return script;
}

class Parser {
  private readonly nesting: string[] = [];
  private readonly lexer: Lexer;

  constructor(src: string) {
    this.lexer = new Lexer(src, { dollarParen: () => this.dollarParen(), script: (source) => parseScript(source) });
  }

  expectEnd(): void {
    const tok = this.lexer.peek();
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
      const tok = this.lexer.peek();
      if (tok.t === 'op' && (tok.op === ';' || tok.op === '&' || tok.op === '\n')) {
        this.lexer.next();
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
      const tok = this.lexer.peek();
      if (tok.t !== 'op' || (tok.op !== '&&' && tok.op !== '||')) break;
      this.lexer.next();
      this.skipNewlines();
      const pipeline = this.pipeline();
      if (!pipeline) this.unexpected(this.lexer.peek());
      rest.push({ op: tok.op, pipeline });
    }
    return { first, rest };
  }

  private pipeline(): Pipeline | undefined {
    let negated = false;
    const head = this.lexer.peek();
    if (head.t === 'word' && head.keyword === '!') {
      this.lexer.next();
      negated = true;
    }
    const first = this.command();
    if (!first) {
      if (negated) this.unexpected(this.lexer.peek());
      return undefined;
    }
    const commands = [first];
    for (;;) {
      const tok = this.lexer.peek();
      if (tok.t !== 'op' || tok.op !== '|') break;
      this.lexer.next();
      this.skipNewlines();
      const command = this.command();
      if (!command) this.unexpected(this.lexer.peek());
      commands.push(command);
    }
    return { negated, commands };
  }

  private command(): Command | undefined {
    const tok = this.lexer.peek();
    let command: Command;
    if (tok.t === 'op' && tok.op === '(') {
      this.lexer.next();
      command = { kind: 'group', subshell: true, body: this.nested('(', ')'), redirects: [] };
    } else if (tok.t === 'word' && tok.keyword === '{') {
      this.lexer.next();
      command = { kind: 'group', subshell: false, body: this.nested('{', '}'), redirects: [] };
    } else if (tok.t === 'word' && tok.keyword === 'if') {
      this.lexer.next();
      command = this.ifCommand();
    } else if (tok.t === 'word' && (tok.keyword === 'while' || tok.keyword === 'until')) {
      this.lexer.next();
      this.nesting.push(tok.keyword);
      const condition = this.list();
      const body = this.doGroup();
      this.nesting.pop();
      command = { kind: 'while', until: tok.keyword === 'until', condition, body, redirects: [] };
    } else if (tok.t === 'word' && tok.keyword === 'for') {
      this.lexer.next();
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
      const tok = this.lexer.peek();
      if (tok.t !== 'word') break;
      this.lexer.next();
      const assignment = command.words.length === 0 ? asAssignment(tok.word) : undefined;
      if (assignment) command.assignments.push(assignment);
      else command.words.push(tok.word);
    }
    return command;
  }

  private redirect(): Redirect | undefined {
    const tok = this.lexer.peek();
    if (tok.t !== 'redir') return undefined;
    this.lexer.next();
    const target = this.lexer.next();
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
      if (body.length === 0) this.unexpected(this.lexer.peek());
      branches.push({ condition, body });
      const tok = this.lexer.next();
      if (tok.t === 'word' && tok.keyword === 'elif') continue;
      if (tok.t === 'word' && tok.keyword === 'else') {
        otherwise = this.list();
        if (otherwise.length === 0) this.unexpected(this.lexer.peek());
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
    const nameTok = this.lexer.next();
    if (nameTok.t !== 'word') this.unexpected(nameTok);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(nameTok.raw)) throw new ShellSyntaxError('for: bad identifier');
    this.nesting.push('for');
    let items: Word[] | undefined;
    this.skipNewlines();
    const tok = this.lexer.peek();
    if (tok.t === 'word' && tok.keyword === 'in') {
      this.lexer.next();
      items = [];
      for (let w = this.lexer.peek(); w.t === 'word'; w = this.lexer.peek()) {
        this.lexer.next();
        items.push(w.word);
      }
      const sep = this.lexer.next();
      if (sep.t !== 'op' || (sep.op !== ';' && sep.op !== '\n')) this.unexpected(sep);
    } else if (tok.t === 'op' && tok.op === ';') {
      this.lexer.next();
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
    const tok = this.lexer.next();
    if (tok.t === 'word' && tok.keyword === keyword) return;
    if (tok.t === 'op' && tok.op === keyword) return;
    this.unexpected(tok);
  }

  /** The commands of a `$(…)` the lexer is reading: a list, then its ')'. */
  private dollarParen(): Script {
    this.nesting.push('(');
    const script = this.list();
    const close = this.lexer.next();
    if (close.t !== 'op' || close.op !== ')') this.unexpected(close);
    this.nesting.pop();
    return script;
  }

  private skipNewlines(): void {
    for (let tok = this.lexer.peek(); tok.t === 'op' && tok.op === '\n'; tok = this.lexer.peek()) this.lexer.next();
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
}

function asAssignment(word: Word): { name: string; value: Word } | undefined {
  const head = word[0];
  if (head?.kind !== 'text' || head.quoted) return undefined;
  const match = /^([A-Za-z_][A-Za-z0-9_]*)=/.exec(head.value);
  if (!match) return undefined;
  const value: Word = [{ ...head, value: head.value.slice(match[0].length) }, ...word.slice(1)];
  return { name: match[1], value };
}
