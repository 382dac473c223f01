/** Bad command-line input: the message says what was wrong and what to type instead. */
export class UsageError extends Error {
  override name = 'UsageError';
}
