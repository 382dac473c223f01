/** The plan cache file cannot be read or written, or the cache mode is not one we know. */
export class PlanCacheError extends Error {
  override readonly name = 'PlanCacheError';

  constructor(
    message: string,
    readonly file?: string,
  ) {
    super(message);
  }
}
