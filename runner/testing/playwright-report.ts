// Shared by the fixture tests: a user project on disk, run through Playwright's CLI as a child, and
// what its JSON report and events logs say.
import { readFile } from 'node:fs/promises';
import type { RunResult, TempProject } from './project.js';

export interface PwTest {
  title: string;
  line: number;
  status: string;
  parallelIndex: number;
  workerIndex: number;
  error?: string;
  steps: Array<{ title: string; line?: number; error?: string }>;
  attachments: Array<{ name: string; contentType: string; path?: string }>;
  events: Array<Record<string, unknown>>;
}

export const CONFIG = (use: string, extra = ''): string =>
  `import { defineConfig } from 'mobiletest';\nexport default defineConfig({ use: ${use}${extra ? `, ${extra}` : ''} });\n`;

interface JsonSpec {
  title: string;
  line: number;
  tests: Array<{
    results: Array<{
      status: string;
      parallelIndex: number;
      workerIndex: number;
      error?: { message?: string };
      steps?: JsonStep[];
      attachments: PwTest['attachments'];
    }>;
  }>;
}
interface JsonStep {
  title: string;
  location?: { line: number };
  error?: { message?: string };
  steps?: JsonStep[];
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const plain = (text: string | undefined): string | undefined => text?.replace(ANSI, '');

function flatSteps(steps: JsonStep[] = []): PwTest['steps'] {
  return steps.flatMap((s) => [{ title: s.title, line: s.location?.line, error: s.error?.message }, ...flatSteps(s.steps)]);
}

async function collect(suites: JsonSuite[]): Promise<PwTest[]> {
  const out: PwTest[] = [];
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        const r = t.results[t.results.length - 1];
        const log = r.attachments.find((a) => a.name === 'mobiletest-events')?.path;
        const events = log
          ? (await readFile(log, 'utf8'))
              .trim()
              .split('\n')
              .map((l) => JSON.parse(l) as Record<string, unknown>)
          : [];
        out.push({
          title: spec.title,
          line: spec.line,
          status: r.status,
          parallelIndex: r.parallelIndex,
          workerIndex: r.workerIndex,
          error: plain(r.error?.message),
          steps: flatSteps(r.steps),
          attachments: r.attachments,
          events,
        });
      }
    }
    out.push(...(await collect(suite.suites ?? [])));
  }
  return out;
}

// Playwright's JSON report leaves out step locations; this reporter writes them down.
const STEP_REPORTER = `import { writeFileSync } from 'node:fs';
export default class StepLines {
  steps = [];
  onStepEnd(test, _result, step) {
    if (step.category === 'test.step') this.steps.push({ test: test.title, title: step.title, line: step.location?.line });
  }
  onEnd() {
    writeFileSync('step-lines.json', JSON.stringify(this.steps));
  }
}
`;

/** Runs `playwright test ARGS` with the JSON reporter; no adb server is visible unless env says so. */
export async function runProject(project: TempProject, args: string[], env: Record<string, string> = {}): Promise<RunResult & { tests: PwTest[] }> {
  await project.write({ 'step-lines.mjs': STEP_REPORTER });
  const result = await project.playwright(['test', '--reporter=json,line,./step-lines.mjs', ...args], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: 'pw-report.json', ADB_SERVER_SOCKET: 'tcp:127.0.0.1:1', ...env },
  });
  let tests: PwTest[] = [];
  try {
    tests = await collect((await project.readJson<{ suites: JsonSuite[] }>('pw-report.json')).suites);
    const lines = await project.readJson<Array<{ test: string; title: string; line?: number }>>('step-lines.json');
    for (const t of tests) for (const step of t.steps) step.line = lines.find((l) => l.test === t.title && l.title === step.title)?.line;
  } catch {
    // No report: the run failed before any test; the caller asserts on the output.
  }
  return { ...result, tests };
}

export function byTitle(tests: PwTest[], title: string): PwTest {
  const found = tests.find((t) => t.title === title);
  if (!found) throw new Error(`no test "${title}" in the report; got ${tests.map((t) => t.title).join(', ')}`);
  return found;
}

export function eventOf(test: PwTest, kind: string): Record<string, unknown> | undefined {
  return test.events.find((e) => e.kind === kind);
}
