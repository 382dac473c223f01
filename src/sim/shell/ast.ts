// The parsed form of a command line, shaped like mksh's: lists of and-or chains of pipelines;
// and the error for a command line that does not parse.

/** A command line mksh would refuse; the message is mksh R59's wording (Android 14's) after "/system/bin/sh: ". */
export class ShellSyntaxError extends Error {
  override name = 'ShellSyntaxError';
}

/** One piece of a word: literal text, a parameter ($VAR, $?) or a command substitution. */
export type WordPart =
  { kind: 'text'; value: string; quoted: boolean } | { kind: 'param'; name: string; quoted: boolean } | { kind: 'subst'; script: Script; quoted: boolean };

export type Word = WordPart[];

export type RedirectOp = '>' | '>>' | '<' | '>&' | '<&' | '<>';

export interface Redirect {
  fd: number;
  op: RedirectOp;
  target: Word;
}

export interface SimpleCommand {
  kind: 'simple';
  assignments: Array<{ name: string; value: Word }>;
  words: Word[];
  redirects: Redirect[];
}

export interface GroupCommand {
  kind: 'group';
  /** `( … )` runs in a subshell: variable changes and `exit` do not leak out. */
  subshell: boolean;
  body: Script;
  redirects: Redirect[];
}

export interface IfCommand {
  kind: 'if';
  branches: Array<{ condition: Script; body: Script }>;
  otherwise?: Script;
  redirects: Redirect[];
}

export interface LoopCommand {
  kind: 'while';
  until: boolean;
  condition: Script;
  body: Script;
  redirects: Redirect[];
}

export interface ForCommand {
  kind: 'for';
  name: string;
  /** undefined iterates over "$@", which is empty in a `-c` shell. */
  items: Word[] | undefined;
  body: Script;
  redirects: Redirect[];
}

export type Command = SimpleCommand | GroupCommand | IfCommand | LoopCommand | ForCommand;

export interface Pipeline {
  negated: boolean;
  commands: Command[];
}

export interface AndOr {
  first: Pipeline;
  rest: Array<{ op: '&&' | '||'; pipeline: Pipeline }>;
}

export type Script = AndOr[];
