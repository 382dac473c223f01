import { inspect } from 'node:util';

/**
 * An error whose message already says what was wrong, where and what to do. Printed with
 * console.error (as Playwright prints a config that failed to load), it shows that message alone:
 * its stack is mobiletest's own code, which tells the user nothing.
 */
export abstract class ExplainedError extends Error {
  [inspect.custom](): string {
    return this.message;
  }
}

/** Bad command-line input: the message says what was wrong and what to type instead. */
export class UsageError extends Error {
  override name = 'UsageError';
}
