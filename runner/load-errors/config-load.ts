// A config that throws while it loads (`if (!process.env.PORT) throw ...`) is printed by Playwright's
// CLI with console.error(e): the error's message, then a stack that is mostly Playwright's and Node's.
// Here the error is printed instead as the line of the config that threw, its code, and what to do.
import path from 'node:path';
import { inspect } from 'node:util';
import { codeFrame } from '../source/code-frame.js';
import { displayPath, userFrames, type SourcePoint } from '../source/location.js';

// Playwright loads the config (and whatever the config imports) inside this function of its own.
const PLAYWRIGHT_LOADS_CONFIG = /^\s+at (?:async )?loadUserConfig \(.*[\\/]playwright[\\/]/m;
// An ES module import of the config's that finds nothing fails in the resolver's thread, whose stack
// does not reach Playwright's loader: that error is known by its name and the config's file name.
const CONFIG_FILE = /^(mobiletest|playwright)\.config\.[cm]?[jt]s$/;
const INSTALLED = Symbol.for('mobiletest.config-load-errors');

/** The message for an error thrown by the user's code while Playwright loaded the config; undefined for any other error. */
export function configLoadMessage(error: Error, options: { colors?: boolean } = {}): string | undefined {
  const stack = typeof error.stack === 'string' ? error.stack : '';
  const frames = [...new Map(userFrames(stack).map((frame) => [`${frame.file}:${frame.line}`, frame])).values()];
  const at = frames[0];
  if (!at) return undefined;
  const configImport = error.name === 'ModuleNotFoundError' && CONFIG_FILE.test(path.basename(at.file));
  if (!configImport && !PLAYWRIGHT_LOADS_CONFIG.test(stack)) return undefined;
  const where = place(at);
  // A message that starts with the place already (an import that finds nothing) does not say it twice.
  const message = firstParagraph(error.message).replace(`${where}: `, '');
  const reason = `${error.name && error.name !== 'Error' ? `${error.name}: ` : ''}${message}`;
  const headline = `The config failed to load at ${where}: ${reason}`;
  const frame = codeFrame(at);
  return [
    options.colors ? `\u001b[31m${headline}\u001b[39m` : headline,
    ...(frame ? ['', frame] : []),
    // The way there when the throw is in a file the config imports.
    ...(frames.length > 1 ? ['', ...frames.map((f) => `    at ${place(f)}:${f.column}`)] : []),
    '',
    `No test ran. Fix the code at ${where}, or give it what it checks for (an environment variable, a file), then run again.`,
  ].join('\n');
}

function place(point: SourcePoint): string {
  return `${displayPath(point.file)}:${point.line}`;
}

/** A module-not-found message's first part, without Node's "Require stack:" of Playwright's files. */
function firstParagraph(message: string): string {
  return message.split(/\nRequire stack:/)[0].trim();
}

/**
 * Makes console.error(e) print configLoadMessage(e) for errors that have one. It has to be in place
 * before the config throws, which is before defineConfig() is called, so it is installed when
 * mobiletest is imported. Every other error finds no custom inspect here and prints as it always has.
 */
export function explainConfigLoadErrors(): void {
  const state = globalThis as { [INSTALLED]?: boolean };
  if (state[INSTALLED]) return;
  state[INSTALLED] = true;
  const previous = Object.getOwnPropertyDescriptor(Error.prototype, inspect.custom);
  Object.defineProperty(Error.prototype, inspect.custom, {
    configurable: true,
    get(this: unknown) {
      const custom = this instanceof Error ? explainer(this) : undefined;
      return custom ?? (previous?.get ? previous.get.call(this) : previous?.value);
    },
    // An error that sets its own custom inspect keeps it.
    set(this: object, value: unknown) {
      Object.defineProperty(this, inspect.custom, { value, writable: true, enumerable: true, configurable: true });
    },
  });
}

/** The custom inspect that prints `error` as its config-load message, or undefined when it has none. */
function explainer(error: Error): ((depth: number, options: { colors?: boolean }) => string) | undefined {
  const explained = safely(() => configLoadMessage(error));
  return explained === undefined ? undefined : (_depth, options) => configLoadMessage(error, options) ?? explained;
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
