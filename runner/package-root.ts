// Where this package lies, whether it runs from its sources or from the built dist/: one lookup,
// src/agent/package-root.ts, as the agent reads its prompt templates there too.
import { mobiletestPackage } from '../src/agent/package-root.js';

/** The package root: the folder holding package.json, dist/ and templates/. */
export const PACKAGE_ROOT = mobiletestPackage().root;

/** mobiletest's version, from its package.json. */
export const PACKAGE_VERSION = mobiletestPackage().version;
