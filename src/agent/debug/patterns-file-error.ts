/** The learned failure pattern file could not be read or written: names the file and what is wrong with it. */
export class FailurePatternsFileError extends Error {
  override name = 'FailurePatternsFileError';

  constructor(
    readonly file: string,
    detail: string,
    options?: { cause?: unknown },
  ) {
    super(`The failure pattern file ${file} ${detail}. It only holds learned patterns: delete it to start over.`, options);
  }
}
