import type { VirtualFs } from '../types.js';
import type { Script, Word } from './ast.js';

/** What expansion needs from the running shell. */
export interface Expander {
  param(name: string): string;
  /** Output of `$(…)` with trailing newlines removed. */
  substitute(script: Script): Promise<string>;
  fs: VirtualFs;
  cwd: string;
}

interface Field {
  text: string;
  pattern: string;
  glob: boolean;
  touched: boolean;
}

const GLOB_CHARS = /[*?[]/;

/** A word as the arguments it becomes: parameters, command substitution, field splitting, globbing. */
export async function expandWord(word: Word, ex: Expander): Promise<string[]> {
  const fields: Field[] = [];
  let cur: Field = { text: '', pattern: '', glob: false, touched: false };
  const push = (): void => {
    if (cur.touched) fields.push(cur);
    cur = { text: '', pattern: '', glob: false, touched: false };
  };
  const appendQuoted = (value: string): void => {
    cur.text += value;
    cur.pattern += value.replace(/[*?[\\]/g, '\\$&');
    cur.touched = true;
  };
  for (const part of word) {
    if (part.kind === 'text') {
      if (part.quoted) appendQuoted(part.value);
      else {
        cur.text += part.value;
        cur.pattern += part.value;
        cur.glob ||= GLOB_CHARS.test(part.value);
        cur.touched = true;
      }
      continue;
    }
    const value = part.kind === 'param' ? ex.param(part.name) : await ex.substitute(part.script);
    if (part.quoted) {
      appendQuoted(value);
      continue;
    }
    const pieces = value.split(/[ \t\n]+/);
    pieces.forEach((piece, i) => {
      if (i > 0) push();
      if (piece !== '') {
        cur.text += piece;
        cur.pattern += piece;
        cur.glob ||= GLOB_CHARS.test(piece);
        cur.touched = true;
      }
    });
  }
  push();
  const out: string[] = [];
  for (const field of fields) {
    const matches = field.glob ? glob(field.pattern, ex) : [];
    if (matches.length > 0) out.push(...matches);
    else out.push(field.text);
  }
  return out;
}

/** A word as one string, without splitting or globbing (assignments, redirection targets). */
export async function expandString(word: Word, ex: Expander): Promise<string> {
  let text = '';
  for (const part of word) {
    if (part.kind === 'text') text += part.value;
    else if (part.kind === 'param') text += ex.param(part.name);
    else text += await ex.substitute(part.script);
  }
  return text;
}

/** Paths matching a pattern, sorted; an empty list leaves the word as written (as mksh does). */
function glob(pattern: string, ex: Expander): string[] {
  const absolute = pattern.startsWith('/');
  const segments = pattern.split('/').filter((s) => s !== '');
  let paths: string[] = [absolute ? '/' : ''];
  for (const segment of segments) {
    const next: string[] = [];
    for (const base of paths) {
      if (!hasGlob(segment)) {
        next.push(join(base, unescape(segment)));
        continue;
      }
      const dir = base === '' ? ex.cwd : base;
      const regex = segmentRegex(segment);
      for (const entry of ex.fs.list(dir) ?? []) {
        if (entry.name.startsWith('.') && !segment.startsWith('.')) continue;
        if (regex.test(entry.name)) next.push(join(base, entry.name));
      }
    }
    paths = next;
  }
  return paths.filter((p) => ex.fs.stat(p.startsWith('/') ? p : `${ex.cwd}/${p}`) !== undefined).sort();
}

function join(base: string, name: string): string {
  if (base === '') return name;
  return base.endsWith('/') ? base + name : `${base}/${name}`;
}

function hasGlob(segment: string): boolean {
  for (let i = 0; i < segment.length; i++) {
    if (segment[i] === '\\') i++;
    else if ('*?['.includes(segment[i])) return true;
  }
  return false;
}

function unescape(segment: string): string {
  return segment.replace(/\\(.)/g, '$1');
}

function segmentRegex(segment: string): RegExp {
  let source = '';
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i];
    if (c === '\\' && i + 1 < segment.length) source += escapeRegex(segment[++i]);
    else if (c === '*') source += '.*';
    else if (c === '?') source += '.';
    else if (c === '[') {
      const end = segment.indexOf(']', i + 2);
      if (end < 0) source += '\\[';
      else {
        let set = segment.slice(i + 1, end);
        if (set.startsWith('!')) set = '^' + set.slice(1);
        source += `[${set.replace(/\\/g, '\\\\')}]`;
        i = end;
      }
    } else source += escapeRegex(c);
  }
  return new RegExp(`^${source}$`, 's');
}

function escapeRegex(c: string): string {
  return c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
