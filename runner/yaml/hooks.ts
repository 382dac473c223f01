// Node module hooks (registered with module.register) that let import() load a YAML spec as a test module.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { yamlModuleSource } from './generate.js';
import { isYamlSpecFile } from './files.js';

type LoadResult = { format: string; source?: string | Buffer; shortCircuit?: boolean };
type NextLoad = (url: string, context: { format?: string | null }) => Promise<LoadResult>;

/** Playwright imports a test file once with this suffix first, to collect its source maps. */
const PREFLIGHT = '.esm.preflight';
const RUNTIME_URL = new URL(`./runtime${path.extname(fileURLToPath(import.meta.url))}`, import.meta.url).href;

export async function load(url: string, context: { format?: string | null }, nextLoad: NextLoad): Promise<LoadResult> {
  if (!url.startsWith('file:')) return nextLoad(url, context);
  const preflight = url.endsWith(PREFLIGHT);
  const file = fileURLToPath(preflight ? url.slice(0, -PREFLIGHT.length) : url);
  if (!isYamlSpecFile(file)) return nextLoad(url, context);
  if (preflight) return { format: 'module', source: '', shortCircuit: true };
  const source = await readFile(file, 'utf8');
  const displayPath = path.relative(process.cwd(), file) || file;
  return { format: 'module', source: yamlModuleSource({ file, source, displayPath, format: 'module', runtime: RUNTIME_URL }), shortCircuit: true };
}
