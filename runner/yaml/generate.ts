import { YamlSpecError, type SpecLocation } from './errors.js';
import { parseYamlSpec } from './parse.js';
import type { YamlSpec } from './spec.js';

export interface ModuleOptions {
  /** Absolute path of the YAML spec. */
  file: string;
  source: string;
  /** How the file shows in messages (a path relative to the project). */
  displayPath?: string;
  /** `module` for import(), `commonjs` for require(). */
  format: 'module' | 'commonjs';
  /** Where the runtime module is: a file URL for ESM, an absolute path for CommonJS. */
  runtime: string;
}

/** Places calls at exact line:column positions of a generated module, padding with spaces and newlines. */
class PositionedSource {
  private readonly lines: string[];

  /** `firstLine`: code that must run before any placed call (a CommonJS require). */
  constructor(firstLine = '') {
    this.lines = [firstLine];
  }

  place(at: SpecLocation, code: string): void {
    while (this.lines.length < at.line) this.lines.push('');
    const index = at.line - 1;
    const line = this.lines[index];
    // A call that cannot sit at its column (only possible with several tests on one line) goes right after the previous one.
    this.lines[index] = line.length < at.column - 1 ? line.padEnd(at.column - 1) + code : `${line} ${code}`;
  }

  append(code: string): void {
    this.lines.push(code);
  }

  toString(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

/**
 * The JavaScript module a YAML spec becomes: one `test()` call per YAML test, each placed on the line and
 * column of that test's `name:` so that Playwright, which takes a test's location from the call stack,
 * reports the YAML's own file:line:col. A spec with problems becomes one failing test at its first problem,
 * so the run still goes on with the other files.
 */
export function yamlModuleSource(options: ModuleOptions): string {
  const runtime = JSON.stringify(options.runtime);
  // ESM imports are hoisted, so only CommonJS needs its require before the first test.
  const code = new PositionedSource(options.format === 'commonjs' ? `var { test: __test, yamlTests: __yamlTests } = require(${runtime});` : '');
  const displayPath = options.displayPath ?? options.file;
  let data: { spec: YamlSpec } | { invalid: { file: string; problems: YamlSpecError['problems'] } };
  try {
    const spec = parseYamlSpec(options.source, { file: options.file });
    data = { spec };
    spec.tests.forEach((test, i) => code.place(test.location, `__test(...__args(${i}));`));
    if (spec.app !== undefined || spec.platform !== undefined) code.append('__test.use(__yaml().use());');
  } catch (error) {
    if (!(error instanceof YamlSpecError)) throw error;
    data = { invalid: { file: options.file, problems: error.problems } };
    code.place(error.problems[0].location, '__test(...__args(0));');
  }
  const json = JSON.stringify({ ...data, displayPath });
  if (options.format === 'module') code.append(`import { test as __test, yamlTests as __yamlTests } from ${runtime};`);
  code.append(`var __tests; function __yaml() { return __tests ??= __yamlTests(${json}); }`);
  code.append('function __args(i) { return [__yaml().title(i), __yaml().details(i), __yaml().body(i)]; }');
  return code.toString();
}
