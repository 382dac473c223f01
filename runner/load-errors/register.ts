// Importing this module (config.ts does) makes the errors of loading the user's code say where and what
// to do, in Playwright's runner process and in every worker: a config that throws, and an import that
// finds nothing, from ES modules (a resolve hook) and CommonJS (require's resolver).
import nodeModule from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { explainConfigLoadErrors } from './config-load.js';
import { explainMissingModule } from './missing-module.js';
import { resolveSync } from './resolve-hooks.js';

const REGISTERED = Symbol.for('mobiletest.load-errors.registered');
const extension = path.extname(fileURLToPath(import.meta.url));

// eslint-disable-next-line max-params -- the shape of Node's Module._resolveFilename, which this wraps: `this`, the request, the parent, then Node's own arguments
type ResolveFilename = (this: unknown, request: string, parent: { filename?: string | null } | undefined, ...rest: unknown[]) => string;

/** Wraps CommonJS's resolver, which Playwright has wrapped already for TypeScript paths. */
function explainMissingRequires(): void {
  const loader = nodeModule as unknown as { _resolveFilename: ResolveFilename };
  const original = loader._resolveFilename;
  loader._resolveFilename = function resolveFilename(request, parent, ...rest) {
    try {
      return original.call(this, request, parent, ...rest);
    } catch (error) {
      throw explainMissingModule(error, { specifier: request, importer: parent?.filename ?? undefined, wayThere: true }) ?? error;
    }
  };
}

function registerLoadErrors(): void {
  const state = globalThis as { [REGISTERED]?: boolean };
  if (state[REGISTERED]) return;
  state[REGISTERED] = true;
  explainConfigLoadErrors();
  explainMissingRequires();
  // In-thread hooks where Node has them (as for the YAML loader), else the off-thread ones.
  const { registerHooks } = nodeModule as { registerHooks?: (hooks: { resolve: typeof resolveSync }) => unknown };
  if (registerHooks && !process.env.PLAYWRIGHT_FORCE_ASYNC_LOADER) registerHooks({ resolve: resolveSync });
  else nodeModule.register(new URL(`./resolve-hooks${extension}`, import.meta.url));
}

registerLoadErrors();
