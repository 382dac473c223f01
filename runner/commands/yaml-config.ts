// YAML specs load through mobiletest's module hook, which a config puts in place by importing
// mobiletest. A web project's own playwright.config.ts does not, and Playwright then skips YAML specs
// without a word; `mobiletest test` says so before running, naming the specs and what to do.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { displayPath } from '../source/location.js';
import { CODE_SPEC_EXTENSIONS, isYamlSpecFile } from '../spec-files.js';
import { CONFIG_NAMES, type ConfigChoice } from './config-file.js';
import { specsUnder } from './spec-paths.js';

// import ... from 'x', import 'x', import('x'), require('x'), export ... from 'x'.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g;
const MOBILETEST = /^mobiletest(\/|$)/;
/** Local files followed from the config, at most: a config and its shared base are a handful. */
const FILE_LIMIT = 50;

function localFile(specifier: string, from: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, ...CODE_SPEC_EXTENSIONS.map((ext) => `${base}.${ext}`), ...CODE_SPEC_EXTENSIONS.map((ext) => path.join(base, `index.${ext}`))];
  // `./base.js` written for `./base.ts`, as TypeScript projects do.
  if (/\.[cm]?js$/.test(base)) candidates.push(base.replace(/js$/, 'ts'));
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/** True when the config, or a local file it imports (a shared base config), imports mobiletest. */
export function configLoadsMobiletest(config: string): boolean {
  const seen = new Set<string>();
  const queue = [config];
  while (queue.length > 0 && seen.size < FILE_LIMIT) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const [, , specifier] of source.matchAll(SPECIFIER)) {
      if (MOBILETEST.test(specifier)) return true;
      const local = specifier.startsWith('.') ? localFile(specifier, file) : undefined;
      if (local) queue.push(local);
    }
  }
  return false;
}

/** True when a folder between `cwd` (excluded) and the file holds a config of its own: another project's spec. */
function ownedByAnotherConfig(file: string, cwd: string): boolean {
  for (let dir = path.dirname(file); dir !== cwd && dir.startsWith(cwd + path.sep); dir = path.dirname(dir)) {
    if (CONFIG_NAMES.some((name) => existsSync(path.join(dir, name)))) return true;
  }
  return false;
}

function listed(files: readonly string[]): string {
  const shown = files.slice(0, 3).map((file) => displayPath(file));
  const more = files.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''} ${files.length === 1 ? 'is a YAML spec' : 'are YAML specs'}`;
}

/**
 * Throws UsageError when a YAML spec named on the command line cannot run with this config; returns a
 * warning when YAML specs in the folder will not run; undefined when all is well.
 */
export function yamlSpecsProblem(options: { cwd: string; config: ConfigChoice; named: readonly string[] }): string | undefined {
  const { cwd, config } = options;
  if (config.embedded) return undefined;
  const named = options.named.filter((file) => isYamlSpecFile(file));
  const found = named.length > 0 ? named : specsUnder(cwd).filter((file) => isYamlSpecFile(file) && !ownedByAnotherConfig(file, cwd));
  if (found.length === 0 || configLoadsMobiletest(config.file)) return undefined;
  const configName = displayPath(config.file, cwd);
  const useDefineConfig = `use mobiletest's defineConfig in ${configName} (import { defineConfig } from 'mobiletest')`;
  const fix = path.basename(config.file).startsWith('mobiletest.config.')
    ? useDefineConfig
    : `${useDefineConfig}, or create mobiletest.config.ts, which mobiletest test picks before ${configName} (npx mobiletest init writes one, with example specs)`;
  if (named.length > 0)
    throw new UsageError(
      `${listed(named)}, but ${configName} does not load mobiletest, so Playwright cannot run ${named.length === 1 ? 'it' : 'them'}. To run YAML specs, ${fix}.`,
    );
  return `mobiletest: ${listed(found)}, but ${configName} does not load mobiletest, so ${found.length === 1 ? 'it does' : 'they do'} not run. To run ${found.length === 1 ? 'it' : 'them'}, ${fix}.`;
}
