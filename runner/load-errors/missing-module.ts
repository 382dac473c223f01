// An import in the user's own code (a spec, a helper, the config) that finds nothing. Node says
// "Cannot find module './helpers/login'" and then, in CommonJS, a "Require stack" of Playwright's
// files, in an ES module no line at all. This error says first where the import is written, what
// was looked for and what to do; it keeps Node's error code, and its stack starts at that line.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { closest } from '../../src/primitives/schema/suggest.js';
import { CODE_SPEC_EXTENSIONS } from '../spec-files.js';
import { displayPath, framePoint, isInternalFile, isMobiletestFile, type SourcePoint } from '../source/location.js';

/** Node's codes for a module that is not there: CommonJS's and ES modules'. */
const NOT_FOUND_CODES = new Set(['MODULE_NOT_FOUND', 'ERR_MODULE_NOT_FOUND']);
const EXTENSIONS = [...CODE_SPEC_EXTENSIONS, 'json'].map((ext) => `.${ext}`);

/** An import that resolves to nothing: where it is written, what was looked for, what to do. */
export class ModuleNotFoundError extends Error {
  override name = 'ModuleNotFoundError';
  /** Node's code, kept for code that tells a missing module by it. */
  declare readonly code: string;

  constructor(message: string, code: string) {
    super(message);
    // Not enumerable, as on Node's own error: printing the error does not add `{ code: ... }`.
    Object.defineProperty(this, 'code', { value: code, enumerable: false });
  }
}

/** An import that failed: what was imported, the file that imported it (when known), and how its error's frames read. */
export interface FailedImport {
  specifier: string;
  importer: string | undefined;
  /** Keep the error's own frames after the import's line (require's are the chain of imports; an ES module resolver's are the resolver's own). */
  wayThere: boolean;
}

/** The explained error for `error` when it says `specifier`, imported by a user's file, is not there; else undefined. */
export function explainMissingModule(error: unknown, { specifier, importer, wayThere }: FailedImport): ModuleNotFoundError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !NOT_FOUND_CODES.has(code) || !importer || isInternalFile(importer) || !path.isAbsolute(importer)) return undefined;
  const at = importLine(importer, specifier);
  const where = at ? `${displayPath(importer)}:${at.line}` : displayPath(importer);
  const explained = new ModuleNotFoundError(`${where}: cannot find module '${specifier}': ${lookedFor(specifier, importer)}`, code);
  // The import's line first, for the code frame reporters show; then the way there (through a config
  // being loaded, say), without mobiletest's own frames or the import's line a second time.
  const frames = !wayThere
    ? []
    : String((error as { stack?: unknown }).stack ?? '')
        .split('\n')
        .filter((line) => {
          const point = framePoint(line);
          return /^\s+at /.test(line) && !(point && (isMobiletestFile(point.file) || (point.file === at?.file && point.line === at.line)));
        });
  explained.stack = [`${explained.name}: ${explained.message}`, ...(at ? [`    at ${at.file}:${at.line}:${at.column}`] : []), ...frames].join('\n');
  return explained;
}

/** The line that names `specifier` in quotes, where the import or require is written. */
function importLine(file: string, specifier: string): SourcePoint | undefined {
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const lines = source.split(/\r?\n/);
  const quoted = ["'", '"', '`'].map((quote) => `${quote}${specifier}${quote}`);
  const index = lines.findIndex((line) => quoted.some((q) => line.includes(q)));
  if (index < 0) return undefined;
  return { file, line: index + 1, column: lines[index].search(/\S/) + 1 };
}

function lookedFor(specifier: string, importer: string): string {
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) return missingFile(specifier, importer);
  const name = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];
  const installed = installedAt(name, path.dirname(importer));
  if (!installed) return `no package ${name} is installed here. Install it (npm install --save-dev ${name}), or fix the import.`;
  return `${name} is installed (${displayPath(installed)}) but has nothing at '${specifier}'. Check the path against the package's files and its "exports".`;
}

function missingFile(specifier: string, importer: string): string {
  const target = path.resolve(path.dirname(importer), specifier);
  const folder = path.dirname(target);
  const fix = `Fix the path (it is relative to ${displayPath(path.dirname(importer))}/) or create the file.`;
  if (!existsSync(folder)) return `there is no folder ${displayPath(folder)}/. ${fix}`;
  if (existsSync(target) && statSync(target).isDirectory()) return `${displayPath(target)}/ is a folder with no index file. Import a file in it by name.`;
  const written = path.extname(target);
  const stem = EXTENSIONS.includes(written) ? path.basename(target, written) : path.basename(target);
  const files = readdirSync(folder).filter((name) => EXTENSIONS.includes(path.extname(name)));
  const stemOf = (name: string): string => path.basename(name, path.extname(name));
  // The specifier with its last part replaced: './helpers/login' becomes './helpers/login.mjs'.
  const renamed = (name: string): string => `${specifier.slice(0, specifier.length - path.basename(target).length)}${name}`;
  const same = files.find((name) => stemOf(name) === stem);
  if (same) return `there is ${displayPath(path.join(folder, same))}: import it under that name, '${renamed(same)}'.`;
  const guess = closest(stem, files.map(stemOf));
  const near = guess === undefined ? undefined : files.find((name) => stemOf(name) === guess)!;
  if (near) return `nothing is at ${displayPath(target)}; did you mean '${renamed(written ? near : guess!)}' (${displayPath(path.join(folder, near))})?`;
  return `no file is at ${displayPath(target)}, with any of ${EXTENSIONS.slice(0, -1).join(', ')} or ${EXTENSIONS.at(-1)}. ${fix}`;
}

/** The folder of package `name` in a node_modules at or above `dir`. */
function installedAt(name: string, dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, 'node_modules', name);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}
