// What `mobiletest init` reads from the project it lands in: module type, language, package manager,
// Node pin, and the packages that do not resolve from it yet.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CONFIG_NAMES } from '../config-file.js';
import { ProjectFileError } from './project-file-error.js';
import { detectPackageManager, type PackageManagerChoice } from './package-managers.js';

export type ModuleType = 'commonjs' | 'module';
export type Language = 'typescript' | 'javascript';

interface PackageJson {
  type?: string;
  packageManager?: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

export interface ProjectFacts {
  /** From the nearest package.json's "type": absent means CommonJS, as Node reads it. */
  moduleType: ModuleType;
  /** TypeScript when typescript is a dependency, or a tsconfig.json or a TypeScript config (Playwright's or mobiletest's) is there. */
  language: Language;
  packageManager: PackageManagerChoice;
  /** `.nvmrc` or `.node-version` beside the nearest package.json, which the workflow reads Node's version from. */
  nodeVersionFile?: string;
  /** Packages mobiletest needs that do not resolve from the current folder. */
  missing: string[];
}

/** The nearest package.json at or above `dir`. */
function findManifest(dir: string): string | undefined {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const file = path.join(current, 'package.json');
    if (existsSync(file)) return file;
    if (path.dirname(current) === current) return undefined;
  }
}

function readManifest(file: string): PackageJson {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
  } catch (error) {
    throw new ProjectFileError(`${file} is not valid JSON (${(error as Error).message}); fix it, then run mobiletest init again.`);
  }
}

function resolves(cwd: string, name: string): boolean {
  try {
    createRequire(path.join(cwd, 'package.json')).resolve(`${name}/package.json`);
    return true;
  } catch {
    return false;
  }
}

/** Playwright compiles TypeScript configs itself, so `npm init playwright` writes a playwright.config.ts with no typescript installed. */
const TYPESCRIPT_FILES = ['tsconfig.json', ...CONFIG_NAMES.filter((name) => /\.[mc]?ts$/.test(name))];

export function inspectProject(cwd: string, env: NodeJS.ProcessEnv = process.env): ProjectFacts {
  const manifest = findManifest(cwd);
  const root = manifest ? path.dirname(manifest) : cwd;
  const pkg = manifest ? readManifest(manifest) : {};
  const declared = { ...pkg.dependencies, ...pkg.devDependencies };
  const typescript = 'typescript' in declared || [root, cwd].some((dir) => TYPESCRIPT_FILES.some((name) => existsSync(path.join(dir, name))));
  const nodeVersionFile = ['.nvmrc', '.node-version'].find((name) => existsSync(path.join(root, name)));
  return {
    moduleType: pkg.type === 'module' ? 'module' : 'commonjs',
    language: typescript ? 'typescript' : 'javascript',
    packageManager: detectPackageManager({ root, packageManagerField: pkg.packageManager, userAgent: env.npm_config_user_agent }),
    ...(nodeVersionFile ? { nodeVersionFile } : {}),
    missing: ['mobiletest', '@playwright/test'].filter((name) => !resolves(cwd, name)),
  };
}
