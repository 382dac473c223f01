// Node module hooks that explain an ES module import which finds nothing: `resolve` for
// module.register() (off-thread, Node 20), `resolveSync` for module.registerHooks() (newer Node).
import { fileURLToPath } from 'node:url';
import { explainMissingModule } from './missing-module.js';

type ResolveContext = { parentURL?: string };
type ResolveResult = { url: string; format?: string | null; shortCircuit?: boolean };

/** Playwright imports a test file once with this suffix first, to collect its source maps. */
const PREFLIGHT = '.esm.preflight';

function importer(context: ResolveContext): string | undefined {
  const parent = context.parentURL;
  if (!parent?.startsWith('file:')) return undefined;
  return fileURLToPath(parent.endsWith(PREFLIGHT) ? parent.slice(0, -PREFLIGHT.length) : parent);
}

export async function resolve(
  specifier: string,
  context: ResolveContext,
  nextResolve: (specifier: string, context: ResolveContext) => Promise<ResolveResult>,
): Promise<ResolveResult> {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    throw explainMissingModule(error, { specifier, importer: importer(context), wayThere: false }) ?? error;
  }
}

export function resolveSync(
  specifier: string,
  context: ResolveContext,
  nextResolve: (specifier: string, context: ResolveContext) => ResolveResult,
): ResolveResult {
  try {
    return nextResolve(specifier, context);
  } catch (error) {
    throw explainMissingModule(error, { specifier, importer: importer(context), wayThere: false }) ?? error;
  }
}
