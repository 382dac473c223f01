// The real uiautomator dumps in ../shared/fixtures/android, for the benchmarks that read them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function fixturesDir(): string {
  // Built into dist/bench/, run from the checkout: the fixtures sit beside the checkout.
  const candidates = ['../../../shared/fixtures/android/', '../../shared/fixtures/android/'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const found = candidates.find((d) => existsSync(d));
  if (!found) throw new Error(`bench: no real dumps at ${candidates.join(' or ')}`);
  return found;
}

/** Each dump, named by its file without `.xml`, in name order. */
export function realDumps(): Array<{ name: string; xml: string }> {
  const dir = fixturesDir();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((f) => ({ name: f.replace(/\.xml$/, ''), xml: readFileSync(`${dir}${f}`, 'utf8') }));
}
