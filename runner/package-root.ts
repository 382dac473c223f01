// Where this package lies, whether it runs from its sources or from the built dist/.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DIST = `${path.sep}dist${path.sep}`;

/** The package root: the folder holding package.json, dist/ and templates/. */
export const PACKAGE_ROOT = HERE.includes(DIST) ? HERE.slice(0, HERE.lastIndexOf(DIST)) : path.resolve(HERE, '..');
