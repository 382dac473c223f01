// Importing this module makes `*.test.yml` / `*.test.yaml` loadable as Playwright test files in this
// process: ESM hooks for import(), a require() handler for CommonJS projects, and file collection.
// defineConfig() imports it, so it runs in Playwright's runner, its loader process and every worker.
import { readFileSync } from 'node:fs';
import nodeModule, { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acceptYamlTestFiles } from './collect.js';
import { isYamlSpecFile } from '../spec-files.js';
import { yamlModuleSource } from './generate.js';
import { loadSync } from './hooks.js';

const REGISTERED = Symbol.for('mobiletest.yaml-specs.registered');
const here = fileURLToPath(import.meta.url);
const extension = path.extname(here);

interface CompilableModule {
  _compile(code: string, filename: string): unknown;
}
type RequireHandler = (module: CompilableModule, filename: string) => void;

function registerCommonJs(): void {
  const handlers = createRequire(import.meta.url).extensions as unknown as Record<string, RequireHandler>;
  const runtime = path.join(path.dirname(here), `runtime${extension}`);
  for (const ext of ['.yml', '.yaml']) {
    const previous = handlers[ext] ?? handlers['.js'];
    handlers[ext] = (module, filename) => {
      if (!isYamlSpecFile(filename)) return previous(module, filename);
      const source = readFileSync(filename, 'utf8');
      const displayPath = path.relative(process.cwd(), filename) || filename;
      module._compile(yamlModuleSource({ file: filename, source, displayPath, format: 'commonjs', runtime }), filename);
    };
  }
}

/** Registers YAML specs as test files in this process; later calls do nothing. */
export function registerYamlSpecs(): void {
  const state = globalThis as { [REGISTERED]?: boolean };
  if (state[REGISTERED]) return;
  state[REGISTERED] = true;
  // In-thread hooks where Node has them (Playwright prefers them too), else the off-thread ones.
  const { registerHooks } = nodeModule as { registerHooks?: (hooks: { load: typeof loadSync }) => unknown };
  if (registerHooks && !process.env.PLAYWRIGHT_FORCE_ASYNC_LOADER) registerHooks({ load: loadSync });
  else nodeModule.register(new URL(`./hooks${extension}`, import.meta.url));
  registerCommonJs();
  acceptYamlTestFiles();
}

registerYamlSpecs();
