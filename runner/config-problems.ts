// Every problem of a config passed to defineConfig(), each at the line of the config's source where
// its key is written, so the message points at `devcie:` rather than at mobiletest's own code.
import { readFileSync } from 'node:fs';
import { ConfigOptionError, mobileOptionProblems, OPTIONS_DOC, type OptionProblem } from './config-check.js';
import { configKeyProblems, projectName } from './config-keys.js';
import { codeFrame } from './source/code-frame.js';
import { callerLocation, displayPath, type SourcePoint } from './source/location.js';

/** Throws ConfigOptionError for misspelt or misplaced keys and bad mobile options; call it from defineConfig(). */
export function checkConfig(config: Record<string, unknown>): void {
  const projects = Array.isArray(config.projects) ? (config.projects as Array<Record<string, unknown>>) : [];
  const problems = [
    ...configKeyProblems(config),
    ...mobileOptionProblems(config.use as Record<string, unknown> | undefined, 'use'),
    ...projects.flatMap((project, i) => mobileOptionProblems(project?.use as Record<string, unknown> | undefined, `${projectName(project ?? {}, i)}.use`)),
  ];
  if (problems.length === 0) return;
  const caller = callerLocation();
  throw new ConfigOptionError(caller ? locatedMessage(problems, caller) : unlocatedMessage(problems));
}

function unlocatedMessage(problems: readonly OptionProblem[]): string {
  return `The mobiletest config has ${problems.length === 1 ? 'a bad option' : `${problems.length} bad options`}:\n  ${problems.map((p) => p.text).join('\n  ')}\n${OPTIONS_DOC}`;
}

function locatedMessage(problems: readonly OptionProblem[], caller: SourcePoint): string {
  let source = '';
  try {
    source = readFileSync(caller.file, 'utf8');
  } catch {
    // Unreadable: every problem is placed at the defineConfig() call.
  }
  const seen = new Map<string, number>();
  const points = problems.map((problem) => {
    const nth = seen.get(problem.key) ?? 0;
    seen.set(problem.key, nth + 1);
    return keyPoint({ source, file: caller.file }, problem.key, nth) ?? caller;
  });
  const file = displayPath(caller.file);
  const frame = codeFrame(points[0], source || undefined);
  return [
    ...problems.map((problem, i) => `${file}:${points[i].line}: ${problem.text}`),
    ...(frame ? ['', frame] : []),
    '',
    `No test ran: fix ${problems.length === 1 ? 'the option' : `these ${problems.length} options`} in ${file} and run again; ${OPTIONS_DOC}`,
  ].join('\n');
}

/** A config's source text and the file it was read from. */
interface ConfigSource {
  source: string;
  file: string;
}

/** Where `key` is written as an object key (`key:`, `'key':`) for the nth time (from 0), else its first time. */
function keyPoint({ source, file }: ConfigSource, key: string, nth: number): SourcePoint | undefined {
  const pattern = new RegExp(`(?<![\\w$.])(['"]?)${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\1\\s*:(?!:)`, 'g');
  const found = [...source.matchAll(pattern)];
  const match = found[nth] ?? found[0];
  if (!match) return undefined;
  const before = source.slice(0, match.index + match[1].length);
  const line = before.split('\n').length;
  return { file, line, column: before.length - before.lastIndexOf('\n') };
}
