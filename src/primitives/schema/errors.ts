/** A primitive call from YAML, MCP or model output that does not fit the vocabulary. */
export class InvalidPrimitiveCall extends Error {
  override readonly name = 'InvalidPrimitiveCall';
  /** The primitive named by the call, when it named a known one. */
  readonly primitive: string | undefined;
  /** Dotted path of the offending field inside `params` ('' for the call itself). */
  readonly path: string;
  /** A close known name, when the call misspelt one. */
  readonly suggestion: string | undefined;

  constructor(message: string, where: { primitive?: string; path?: string; suggestion?: string } = {}) {
    super(message);
    this.primitive = where.primitive;
    this.path = where.path ?? '';
    this.suggestion = where.suggestion;
  }
}
