// Node module hooks that let import() load a YAML spec as a test module: `load` for module.register()
// (off-thread, Node 20), `loadSync` for module.registerHooks() (in-thread, newer Node), as Playwright does.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isYamlSpecFile } from '../spec-files.js';
import { yamlModuleSource } from './generate.js';

type LoadResult = { format?: string | null; source?: string | ArrayBuffer | Uint8Array | null; shortCircuit?: boolean };
type LoadContext = { format?: string | null };

/** Playwright imports a test file once with this suffix first, to collect its source maps. */
const PREFLIGHT = '.esm.preflight';
const RUNTIME_URL = new URL(`./runtime${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;

/** The YAML spec a module URL names (a preflight import empties it), or undefined for any other module. */
function specOf(url: string): { file: string; preflight: boolean } | undefined {
  if (!url.startsWith('file:')) return undefined;
  const preflight = url.endsWith(PREFLIGHT);
  const file = fileURLToPath(preflight ? url.slice(0, -PREFLIGHT.length) : url);
  return isYamlSpecFile(file) ? { file, preflight } : undefined;
}

function moduleOf(file: string, source: string): LoadResult {
  const displayPath = path.relative(process.cwd(), file) || file;
  return { format: 'module', source: yamlModuleSource({ file, source, displayPath, format: 'module', runtime: RUNTIME_URL }), shortCircuit: true };
}

export async function load(url: string, context: LoadContext, nextLoad: (url: string, context: LoadContext) => Promise<LoadResult>): Promise<LoadResult> {
  const spec = specOf(url);
  if (!spec) return nextLoad(url, context);
  if (spec.preflight) return { format: 'module', source: '', shortCircuit: true };
  return moduleOf(spec.file, await readFile(spec.file, 'utf8'));
}

export function loadSync(url: string, context: LoadContext, nextLoad: (url: string, context: LoadContext) => LoadResult): LoadResult {
  const spec = specOf(url);
  if (!spec) return nextLoad(url, context);
  if (spec.preflight) return { format: 'module', source: '', shortCircuit: true };
  return moduleOf(spec.file, readFileSync(spec.file, 'utf8'));
}
