/** Where in a hierarchy dump a problem was found; line and column are 1-based. */
export interface DumpPosition {
  line: number;
  column: number;
  /** 0-based character offset into the dump. */
  offset: number;
}

/**
 * A hierarchy dump that cannot be read: empty, truncated, malformed, or not a hierarchy at all.
 * The message says what was wrong, where (source and line:column), and what to do.
 */
export class HierarchyParseError extends Error {
  override name = 'HierarchyParseError';
  readonly problem: string;
  readonly source: string;
  readonly position: DumpPosition | undefined;

  constructor(options: { problem: string; source?: string; position?: DumpPosition; hint?: string }) {
    const source = options.source ?? 'hierarchy dump';
    const where = options.position ? `${source}:${options.position.line}:${options.position.column}` : source;
    const hint = options.hint ?? 'Capture the screen again (adb exec-out uiautomator dump /dev/tty) and check the file was saved whole.';
    super(`${where}: ${options.problem}. ${hint}`);
    this.problem = options.problem;
    this.source = source;
    this.position = options.position;
  }
}
