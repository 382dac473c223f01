// Writes the HTML report folder: the viewer's static files, the run in data/run.js, per test a light
// index of its steps (data/test-<n>.js) and their details in chunks (data/test-<n>-<c>.js), each
// hierarchy snapshot once (data/hierarchy-<id>.js) and each screenshot once under frames/. Data files
// assign to a global instead of being JSON so the report opens from disk, where fetch() is blocked.
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { knownSecrets, redactDeep, redactText } from '../../src/events/index.js';
import { passedAfterRecovery, type FailureRecord, type Results, type RunRecord, type TestRecord } from '../results/model.js';
import { splitTrace } from './split.js';
import { ReportFiles } from './store.js';
import { allSteps, type Trace, type TraceImage, type TraceScreen, type TraceStep } from './trace-model.js';

/** The viewer's static files, copied from templates/viewer; index.html loads the scripts in this order. */
export const VIEWER_FILES = [
  'index.html',
  'viewer.css',
  'viewer-base.js',
  'viewer-shots.js',
  'viewer-step.js',
  'viewer-stages.js',
  'viewer-timeline.js',
  'viewer.js',
] as const;
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
  /** Only in a test that drives several devices: each role and its serial. */
  devices?: Record<string, string>;
  /** Only for a test that passed after recoveries: how many resumed it. */
  recovered?: number;
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
  const rank = (test: TestRecord): number =>
    test.status === 'failed' || test.status === 'timedOut' || test.status === 'interrupted' ? 0 : test.status === 'flaky' ? 1 : 2;
  return tests.map((_, i) => i).sort((a, b) => rank(tests[a]) - rank(tests[b]) || a - b);
}

export async function writeHtmlReport(options: WriteOptions): Promise<{ tests: number; frames: number; hierarchies: number }> {
  const { outDir, results } = options;
  const secrets = knownSecrets();
  // A fresh folder each run: a test removed since the last run must not linger in the list.
  await rm(outDir, { recursive: true, force: true });
  await mkdir(path.join(outDir, 'data'), { recursive: true });
  await mkdir(path.join(outDir, 'frames'), { recursive: true });
  for (const file of VIEWER_FILES) await copyFile(path.join(options.templateDir, file), path.join(outDir, file));

  const files = new ReportFiles({ outDir, secrets });
  const order = listOrder(results.tests);
  const entries: RunEntry[] = [];
  for (const [n, index] of order.entries()) {
    const test = results.tests[index];
    const loaded = options.traces[index];
    const trace = loaded ? await withFiles(loaded, files, secrets) : { device: test.device, steps: [], images: [], error: null };
    const entry = runEntry(n, test, loaded ? trace : undefined);
    entries.push(entry);
    const split = splitTrace(trace);
    const data = redactDeep({ ...entry, agent: test.agent, trace: split.index }, secrets);
    await writeFile(path.join(outDir, 'data', `test-${n}.js`), `window.__mobiletest.tests[${n}] = ${JSON.stringify(data)};\n`);
    for (const [c, chunk] of split.chunks.entries()) {
      await writeFile(
        path.join(outDir, 'data', `test-${n}-${c}.js`),
        `window.__mobiletest.details[${JSON.stringify(`${n}-${c}`)}] = ${JSON.stringify(redactDeep(chunk, secrets))};\n`,
      );
    }
  }
  const run: { version: typeof HTML_VERSION; run: RunRecord; tests: RunEntry[] } = { version: HTML_VERSION, run: results.run, tests: entries };
  await writeFile(path.join(outDir, 'data', 'run.js'), `window.__mobiletest.run = ${JSON.stringify(redactDeep(run, secrets))};\n`);
  for (const problem of files.problems) console.error(`mobiletest: ${problem}`);
  return { tests: entries.length, frames: files.frameCount, hierarchies: files.hierarchyCount };
}

function runEntry(n: number, test: TestRecord, trace: Trace | undefined): RunEntry {
  return {
    n,
    title: test.title,
    title_path: test.title_path,
    file: test.file,
    line: test.line,
    project: test.project,
    status: test.status,
    duration_ms: test.duration_ms,
    retry: test.retry,
    device: test.device,
    llm_calls: test.llm_calls,
    tokens: test.tokens,
    // Actions and agent calls: a checkpoint or a recovery is a row, not a step.
    steps: trace ? allSteps(trace.steps).filter((step) => step.kind === 'primitive' || step.kind === 'agent').length : test.steps.length,
    failure: test.failure,
    ...(test.devices && { devices: Object.fromEntries(Object.entries(test.devices).map(([role, tally]) => [role, tally.serial])) }),
    ...(passedAfterRecovery(test) && { recovered: (test.recoveries ?? []).filter((r) => r.status === 'resumed').length }),
  };
}

/**
 * The trace with the files it names brought in: prompts and answers as (redacted) text, screenshots
 * and hierarchy snapshots stored once in the report and named by their path or id there.
 */
async function withFiles(loaded: LoadedTrace, files: ReportFiles, secrets: readonly string[]): Promise<Trace> {
  const trace: Trace = structuredClone(loaded.trace);
  const frame = async (name: string | null): Promise<string | null> => {
    const source = name === null ? null : sourceOf(loaded, name);
    return source === null ? null : files.frame(source);
  };
  const text = async (name: string): Promise<string | null> => {
    const source = sourceOf(loaded, name);
    if (source === null) return null;
    try {
      return redactText(await readFile(source, 'utf8'), secrets);
    } catch {
      return null;
    }
  };
  const images = async (list: readonly TraceImage[]): Promise<TraceImage[]> => {
    const found = await Promise.all(list.map(async (image) => ({ name: image.name, src: await frame(image.src) })));
    return found.filter((image): image is TraceImage => image.src !== null);
  };
  // A screen can be shared (a step's and the decision made on it): each is brought in once.
  const screens = new Set<TraceScreen>();
  for (const step of allSteps(trace.steps)) for (const screen of screensOf(step)) screens.add(screen);
  for (const screen of screens) {
    screen.screenshot = await frame(screen.screenshot);
    const source = screen.hierarchy === null ? null : sourceOf(loaded, screen.hierarchy);
    screen.hierarchy = source === null ? null : await files.hierarchy(source);
  }
  for (const step of allSteps(trace.steps)) {
    step.images = await images(step.images);
    for (const call of step.agent?.llm ?? []) {
      call.prompt = await text(call.prompt_ref);
      call.answer = await text(call.answer_ref);
      call.pictures = (await Promise.all(call.pictures.map(frame))).filter((src): src is string => src !== null);
    }
  }
  trace.images = await images(trace.images);
  return trace;
}

function screensOf(step: TraceStep): TraceScreen[] {
  const decided = step.agent?.decisions.map((d) => d.screen) ?? [];
  return [step.before, step.after, ...decided, step.agent?.verification?.seen ?? null].filter((s): s is TraceScreen => s !== null);
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
