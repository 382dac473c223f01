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

// Real WebDriverAgent sources from ../shared/fixtures/ios/ (see SOURCES.tsv there), for tests.
const IOS_DIR = new URL('../../../../shared/fixtures/ios/', import.meta.url);

export function iosFixtureNames(): string[] {
  return readdirSync(IOS_DIR)
    .filter((f) => /\.(xml|json)$/.test(f))
    .sort();
}

/** A WDA source; `nodes` is the element count SOURCES.tsv records (the Application included). */
export function iosFixture(name: string): Fixture {
  const url = new URL(name, IOS_DIR);
  const row = readFileSync(new URL('SOURCES.tsv', IOS_DIR), 'utf8')
    .split('\n')
    .map((l) => l.split('\t'))
    .find((r) => r[0] === name);
  return { name, path: fileURLToPath(url), xml: readFileSync(url, 'utf8'), nodes: row ? Number(row[5]) : NaN };
}
