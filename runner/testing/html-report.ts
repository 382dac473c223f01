// Reads an HTML report folder as the viewer would: each test's entry and step index
// (data/test-<n>.js) with the step details of its chunks (data/test-<n>-<c>.js) put back in order.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface ReportScreen {
  screenshot: string | null;
  hierarchy?: string | null;
}
export interface ReportStep {
  name: string;
  images: Array<{ src: string }>;
  children: ReportStep[];
}
export interface ReportDetail {
  id: string;
  before: ReportScreen | null;
  after: ReportScreen | null;
  llm: Array<{ prompt: string | null; answer: string | null }>;
}
export interface ReportTest {
  n: number;
  title: string;
  status: string;
  failure: { category: string; message: string; suggestion: string; evidence: string[]; step: string | null } | null;
  trace: { steps: ReportStep[]; images: Array<{ src: string }>; chunks: number };
  /** Every step's detail, depth first. */
  details: ReportDetail[];
  /** The text of every data file of the test, for scans. */
  text: string;
}

/** The value a data script assigns. */
export function dataOf<T>(script: string): T {
  return JSON.parse(
    script
      .slice(script.indexOf('=') + 1)
      .trim()
      .replace(/;$/, ''),
  ) as T;
}

export async function readReportTests(htmlDir: string): Promise<ReportTest[]> {
  const names = await readdir(path.join(htmlDir, 'data'));
  const read = (name: string): Promise<string> => readFile(path.join(htmlDir, 'data', name), 'utf8');
  const tests = names
    .map((name) => /^test-(\d+)\.js$/.exec(name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]))
    .sort((a, b) => a - b);
  return Promise.all(
    tests.map(async (n) => {
      const script = await read(`test-${n}.js`);
      const entry = dataOf<Omit<ReportTest, 'details' | 'text'>>(script);
      const chunks = await Promise.all(Array.from({ length: entry.trace.chunks }, (_, c) => read(`test-${n}-${c}.js`)));
      return { ...entry, details: chunks.flatMap((chunk) => dataOf<ReportDetail[]>(chunk)), text: [script, ...chunks].join('\n') };
    }),
  );
}

/** Every picture a test names: the screens before and after its steps, its steps' images and its own. */
export function picturesOf(test: ReportTest): string[] {
  const steps = (list: ReportStep[]): ReportStep[] => list.flatMap((step) => [step, ...steps(step.children)]);
  const screens = test.details.flatMap((d) => [d.before?.screenshot, d.after?.screenshot]).filter((src): src is string => typeof src === 'string');
  return [
    ...new Set([
      ...screens,
      ...steps(test.trace.steps).flatMap((step) => step.images.map((image) => image.src)),
      ...test.trace.images.map((image) => image.src),
    ]),
  ];
}
