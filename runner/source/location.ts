// Where the user's code is in a stack: the frames outside Node, node_modules and mobiletest's own code,
// the caller's file:line, and errors re-pointed at that line.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Location } from '../../src/events/index.js';
import { PACKAGE_ROOT } from '../package-root.js';

const INTERNAL = ['dist', 'src', 'runner', 'reporters'].map((folder) => path.join(PACKAGE_ROOT, folder) + path.sep);

// `at fn (/abs/file.ts:3:30)`, `at file:///abs/file.mjs:3:30`, `at C:\\abs\\file.ts:3:30`; never `node:internal/...`.
const FRAME = /^at (?:.+? \()?((?:file:\/\/)?\/[^():]+|[A-Za-z]:\\[^():]+):(\d+):(\d+)\)?$/;

/** A point in a source file; `line` and `column` count from 1. */
export interface SourcePoint {
  file: string;
  line: number;
  column: number;
}

/** True for a file of mobiletest itself. */
export function isMobiletestFile(file: string): boolean {
  return INTERNAL.some((dir) => file.startsWith(dir));
}

/** True for a file of Node, of an installed package, or of mobiletest itself: not the user's. */
export function isInternalFile(file: string): boolean {
  return file.startsWith('node:') || file.includes(`${path.sep}node_modules${path.sep}`) || isMobiletestFile(file);
}

/** Where one line of a stack (`    at fn (/abs/file.ts:3:30)`) points, if it names a file. */
export function framePoint(line: string): SourcePoint | undefined {
  const match = FRAME.exec(line.trim());
  if (!match) return undefined;
  return { file: match[1].startsWith('file://') ? fileURLToPath(match[1]) : match[1], line: Number(match[2]), column: Number(match[3]) };
}

/** The frames of a stack that are in the user's files, innermost first. */
export function userFrames(stack: string): SourcePoint[] {
  return stack
    .split('\n')
    .map(framePoint)
    .filter((point): point is SourcePoint => point !== undefined && !isInternalFile(point.file));
}

/** The caller's file:line:column, or undefined when every frame is inside mobiletest or Node. */
export function callerLocation(): (Location & { column: number }) | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 40;
  const stack = new Error().stack ?? '';
  Error.stackTraceLimit = limit;
  return userFrames(stack)[0];
}

/** A path as the user would type it from the working folder: relative when inside it, with `/`; the folder itself is `.`. */
export function displayPath(file: string, cwd: string = process.cwd()): string {
  const relative = path.relative(cwd, file);
  if (relative === '') return '.';
  return !relative.startsWith('..') && !path.isAbsolute(relative) ? relative.split(path.sep).join('/') : file;
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
