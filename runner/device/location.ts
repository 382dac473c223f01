// Where the spec called a device method: the first stack frame outside this package's own code.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Location } from '../../src/events/index.js';

/** This package's root folder, whether running from the sources or from dist/. */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = HERE.includes(`${path.sep}dist${path.sep}`) ? HERE.slice(0, HERE.lastIndexOf(`${path.sep}dist${path.sep}`)) : path.resolve(HERE, '..', '..');
const INTERNAL = ['dist', 'src', 'runner'].map((folder) => path.join(ROOT, folder) + path.sep);

const FRAME = /\(?((?:file:\/\/)?\/[^():]+|[A-Za-z]:\\[^():]+|file:\/\/\/[^():]+):(\d+):(\d+)\)?\s*$/;

function internal(file: string): boolean {
  return file.startsWith('node:') || file.includes(`${path.sep}node_modules${path.sep}`) || INTERNAL.some((dir) => file.startsWith(dir));
}

/** The caller's file:line:column, or undefined when every frame is inside mobiletest or Node. */
export function callerLocation(): (Location & { column: number }) | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  for (const line of stack.split('\n').slice(1)) {
    const match = FRAME.exec(line.trim());
    if (!match) continue;
    const file = match[1].startsWith('file://') ? fileURLToPath(match[1]) : match[1];
    if (internal(file)) continue;
    return { file, line: Number(match[2]), column: Number(match[3]) };
  }
  return undefined;
}

/** Reports show the spec's line as the error's only frame, not mobiletest's code that raised it. */
export function locatedAt<E extends Error>(error: E, location: { file: string; line: number; column?: number }): E {
  error.stack = `${error.name}: ${error.message}\n    at ${location.file}:${location.line}:${location.column ?? 1}`;
  return error;
}

/**
 * The same error (class, message, fields) as a new object: Playwright replaces the stack of the very error
 * that failed a boxed step with the step's call stack, which inside mobiletest holds no spec frame.
 */
export function copyOf<E extends Error>(error: E): E {
  const copy = Object.create(Object.getPrototypeOf(error)) as E;
  for (const key of Object.getOwnPropertyNames(error)) Object.defineProperty(copy, key, Object.getOwnPropertyDescriptor(error, key)!);
  return copy;
}
