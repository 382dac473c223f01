// Where the mobiletest package lies: the folder holding package.json, dist/ and templates/, whether it
// runs from its sources or from the built dist/. It lives in the lowest layer that reads the package's
// own files (the agent's prompt templates), as src/ may not import runner/; runner/package-root.ts
// hands it on to the runner (reporters, init templates, the version).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** No mobiletest package.json above this module: the installed package is incomplete. */
export class PackageRootMissing extends Error {
  override name = 'PackageRootMissing';
}

export interface MobiletestPackage {
  /** The folder holding mobiletest's package.json. */
  root: string;
  /** package.json's version. */
  version: string;
}

let found: MobiletestPackage | undefined;

function manifestAt(dir: string): { name?: string; version?: string } | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
  } catch {
    return undefined;
  }
}

/** The nearest folder above this module whose package.json is mobiletest's; read once. */
export function mobiletestPackage(): MobiletestPackage {
  if (found) return found;
  const here = fileURLToPath(import.meta.url);
  for (let dir = dirname(here); ; dir = dirname(dir)) {
    const manifest = manifestAt(dir);
    if (manifest?.name === 'mobiletest') return (found = { root: dir, version: manifest.version ?? '0.0.0' });
    if (dirname(dir) === dir)
      throw new PackageRootMissing(`no mobiletest package.json above ${here}: the package is incomplete; install it again (npm install -D mobiletest)`);
  }
}
