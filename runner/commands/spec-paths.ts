// Turns the words after `mobiletest test` into spec files: a file (optionally file:line) runs
// wherever it lies in the project, a folder runs every spec under it, and a word that is no path
// stays one of Playwright's file filters. Something written as a path that is not there is an error.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { isSpecFile, SPEC_FILE_NAMES } from '../spec-files.js';
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'test-results', 'mobiletest-report', 'playwright-report']);

export interface SpecSelection {
  /** Absolute paths of the spec files named (or found under named folders). */
  files: string[];
  /** The files among them named one by one, not found under a named folder. */
  named: string[];
  /** Arguments for `playwright test`: exact file filters (with :line when given) and plain filters. */
  filters: string[];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function looksLikePath(word: string): boolean {
  return /[/\\]/.test(word) || /\.[A-Za-z]{1,5}$/.test(word);
}

/** The spec files under `dir`, skipping dependencies, outputs and hidden folders; sorted. */
export function specsUnder(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) found.push(...specsUnder(path.join(dir, entry.name)));
    else if (entry.isFile() && isSpecFile(entry.name)) found.push(path.join(dir, entry.name));
  }
  return found.sort();
}

/** An exact filter for one file, as Playwright's `/regexp/` form, with `:line[:column]` kept. */
function exactFilter(file: string, location: string): string {
  return `/^${escapeRegExp(file)}$/${location}`;
}

export function selectSpecs(cwd: string, words: string[]): SpecSelection {
  const selection: SpecSelection = { files: [], named: [], filters: [] };
  for (const word of words) {
    // `file:line[:column]`, unless a file is really named so.
    const located = /^(.*?)(:\d+(?::\d+)?)$/.exec(word);
    const [name, location] = located && !existsSync(path.resolve(cwd, word)) ? [located[1], located[2]] : [word, ''];
    const full = path.resolve(cwd, name);
    if (existsSync(full)) {
      if (statSync(full).isDirectory()) {
        if (location) throw new UsageError(`${word}: a line number needs a file, and ${name} is a folder.`);
        const specs = specsUnder(full);
        if (specs.length === 0) throw new UsageError(`${word}: no spec files under ${full} (mobiletest runs ${SPEC_FILE_NAMES}).`);
        selection.files.push(...specs);
        selection.filters.push(...specs.map((file) => exactFilter(file, '')));
      } else {
        selection.files.push(full);
        selection.named.push(full);
        selection.filters.push(exactFilter(full, location));
      }
      continue;
    }
    if (looksLikePath(name)) {
      throw new UsageError(`${word}: no such file or folder (looked for ${full}). Give a spec path relative to ${cwd}, or a folder of specs.`);
    }
    selection.filters.push(word);
  }
  selection.files = [...new Set(selection.files)];
  return selection;
}
