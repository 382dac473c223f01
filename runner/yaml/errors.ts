/** Where something is in a spec file: 1-based line and column, as editors and Playwright count them. */
export interface SpecLocation {
  file: string;
  line: number;
  column: number;
}

/** One thing wrong with a YAML spec, at the place it is wrong. */
export interface YamlProblem {
  location: SpecLocation;
  reason: string;
}

/** `file:line:col: reason`, the file shown as `displayPath` when given (a path relative to the project). */
export function formatProblem(problem: YamlProblem, displayPath?: string): string {
  const { file, line, column } = problem.location;
  return `${displayPath ?? file}:${line}:${column}: ${problem.reason}`;
}

/** A YAML spec that does not fit the format: every problem found, each as `file:line:col: reason`. */
export class YamlSpecError extends Error {
  override readonly name = 'YamlSpecError';
  readonly file: string;
  readonly problems: readonly YamlProblem[];

  constructor(file: string, problems: readonly YamlProblem[], options: { displayPath?: string } = {}) {
    const shown = options.displayPath ?? file;
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(`${shown} is not a valid spec (${count}):\n${problems.map((p) => `  ${formatProblem(p, shown)}`).join('\n')}`);
    this.file = file;
    this.problems = problems;
  }
}
