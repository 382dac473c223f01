// Writes the HTML report folder: the viewer's static files, the run in data/run.js, one
// data/test-<n>.js per test, and the screenshots its steps name under frames/. Data files assign
// to a global instead of being JSON so the report opens from disk, where fetch() is blocked.
import { copyFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { knownSecrets, redactDeep, redactText } from '../../src/events/index.js';
import type { FailureRecord, Results, RunRecord, TestRecord } from '../results/model.js';
import { allSteps, type Trace, type TraceImage } from './trace.js';

export const VIEWER_FILES = ['index.html', 'viewer.js', 'viewer.css'] as const;
export const HTML_VERSION = 1 as const;

/** A test's trace with the folder of its events log, where the files it names live. */
export interface LoadedTrace {
  trace: Trace;
  /** null when the log came inline (no files beside it). */
  dir: string | null;
  /**
   * Where each file the events name is, for a trace whose files travelled as attachments (a merged
   * sharded run); a name found here wins over `dir`.
   */
  files?: ReadonlyMap<string, string>;
}

/** One row of the run list. */
export interface RunEntry {
  n: number;
  title: string;
  title_path: string[];
  file: string;
  line: number;
  project: string;
  status: TestRecord['status'];
  duration_ms: number;
  retry: number;
  device: string | null;
  llm_calls: number;
  tokens: number;
  steps: number;
  failure: FailureRecord | null;
}

export interface WriteOptions {
  /** The html folder to (re)create. */
  outDir: string;
  /** templates/viewer of this package. */
  templateDir: string;
  results: Results;
  /** The trace of each test, in the order of `results.tests`; undefined for a test without events. */
  traces: Array<LoadedTrace | undefined>;
}

/** Failing tests first, then flaky ones, then the rest, each group in the results' file order. */
export function listOrder(tests: readonly TestRecord[]): number[] {
  const rank = (test: TestRecord): number => (test.status === 'failed' || test.status === 'timedOut' || test.status === 'interrupted' ? 0 : test.status === 'flaky' ? 1 : 2);
  return tests.map((_, i) => i).sort((a, b) => rank(tests[a]) - rank(tests[b]) || a - b);
}

export async function writeHtmlReport(options: WriteOptions): Promise<{ tests: number; frames: number }> {
  const { outDir, results } = options;
  const secrets = knownSecrets();
  // A fresh folder each run: a test removed since the last run must not linger in the list.
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, 'data'), { recursive: true });
  await mkdir(path.join(outDir, 'frames'), { recursive: true });
  for (const file of VIEWER_FILES) await copyFile(path.join(options.templateDir, file), path.join(outDir, file));

  const order = listOrder(results.tests);
  const entries: RunEntry[] = [];
  let frames = 0;
  for (const [n, index] of order.entries()) {
    const test = results.tests[index];
    const loaded = options.traces[index];
    const entry = runEntry(n, test, loaded?.trace);
    entries.push(entry);
    const trace = loaded ? await withFiles(loaded, { n, outDir, secrets }) : undefined;
    frames += trace?.frames ?? 0;
    const data = redactDeep({ ...entry, agent: test.agent, trace: trace?.trace ?? { device: test.device, steps: [], images: [], error: null } }, secrets);
    await writeFile(path.join(outDir, 'data', `test-${n}.js`), `window.__mobiletest.tests[${n}] = ${JSON.stringify(data)};\n`);
  }
  const run: { version: typeof HTML_VERSION; run: RunRecord; tests: RunEntry[] } = { version: HTML_VERSION, run: results.run, tests: entries };
  await writeFile(path.join(outDir, 'data', 'run.js'), `window.__mobiletest.run = ${JSON.stringify(redactDeep(run, secrets))};\n`);
  return { tests: entries.length, frames };
}

function runEntry(n: number, test: TestRecord, trace: Trace | undefined): RunEntry {
  return {
    n, title: test.title, title_path: test.title_path, file: test.file, line: test.line, project: test.project, status: test.status,
    duration_ms: test.duration_ms, retry: test.retry, device: test.device, llm_calls: test.llm_calls, tokens: test.tokens,
    steps: trace ? allSteps(trace.steps).length : test.steps.length, failure: test.failure,
  };
}

/**
 * The trace with the files it names brought in: prompts and answers as (redacted) text, screenshots
 * copied into frames/ and named by their path relative to the report.
 */
async function withFiles(loaded: LoadedTrace, context: { n: number; outDir: string; secrets: readonly string[] }): Promise<{ trace: Trace; frames: number }> {
  const trace: Trace = structuredClone(loaded.trace);
  // Name → its path in the report (null when missing); promises, so concurrent lookups share one copy.
  const copied = new Map<string, Promise<string | null>>();
  const frame = (name: string | null): Promise<string | null> => {
    const source = name === null ? null : sourceOf(loaded, name);
    if (name === null || source === null) return Promise.resolve(null);
    let done = copied.get(name);
    if (!done) {
      // Our own names, so a file name never needs escaping in a URL.
      const ext = /^\.[a-z0-9]{1,5}$/i.test(path.extname(name)) ? path.extname(name).toLowerCase() : '';
      const target = `frames/t${context.n}-${copied.size + 1}${ext}`;
      done = isFile(source).then(async (exists) => (exists ? (await copyFile(source, path.join(context.outDir, target)), target) : null));
      copied.set(name, done);
    }
    return done;
  };
  const text = async (name: string): Promise<string | null> => {
    const source = sourceOf(loaded, name);
    if (source === null) return null;
    try {
      return redactText(await readFile(source, 'utf8'), context.secrets);
    } catch {
      return null;
    }
  };
  const images = async (list: readonly TraceImage[]): Promise<TraceImage[]> => {
    const found = await Promise.all(list.map(async (image) => ({ name: image.name, src: await frame(image.src) })));
    return found.filter((image): image is TraceImage => image.src !== null);
  };
  for (const step of allSteps(trace.steps)) {
    for (const screen of [step.before, step.after]) if (screen) screen.screenshot = await frame(screen.screenshot);
    step.images = await images(step.images);
    for (const call of step.agent?.llm ?? []) {
      call.prompt = await text(call.prompt_ref);
      call.answer = await text(call.answer_ref);
    }
  }
  trace.images = await images(trace.images);
  return { trace, frames: (await Promise.all(copied.values())).filter(Boolean).length };
}

/** The file an event names: an attachment that carried it, else the file beside the log. */
function sourceOf(loaded: LoadedTrace, name: string): string | null {
  if (!plainName(name)) return null;
  const carried = loaded.files?.get(name);
  if (carried !== undefined) return carried;
  return loaded.dir === null ? null : path.join(loaded.dir, name);
}

/** Events name files beside their log; anything else (a path, `..`) is not followed. */
function plainName(name: string): boolean {
  return name !== '' && name !== '.' && name !== '..' && path.basename(name) === name && !name.includes('\\');
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}
