// Real uiautomator dumps from ../shared/fixtures/android/ (see SOURCES.tsv there), for tests.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const DIR = new URL('../../../../shared/fixtures/android/', import.meta.url);

export interface Fixture {
  name: string;
  path: string;
  xml: string;
  /** Node count that SOURCES.tsv records for the dump. */
  nodes: number;
}

export function fixtureNames(): string[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith('.xml'))
    .sort();
}

export function fixture(name: string): Fixture {
  const url = new URL(name, DIR);
  const sources = readFileSync(new URL('SOURCES.tsv', DIR), 'utf8')
    .split('\n')
    .map((l) => l.split('\t'));
  const row = sources.find((r) => r[0] === name);
  return { name, path: fileURLToPath(url), xml: readFileSync(url, 'utf8'), nodes: row ? Number(row[4]) : NaN };
}
