import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { parseEvents, reportDir } from '../src/events/index.js';
import { EVENTS_ATTACHMENT, ResultsCollector } from './results/collect.js';
import { relativeFile } from './results/evidence.js';
import type { TestRecord } from './results/model.js';
import { buildTrace } from './html/trace.js';
import { writeHtmlReport, type LoadedTrace } from './html/write.js';

export interface HtmlReporterOptions {
  /** The folder to write, relative to the config's folder; default `<report dir>/html`. */
  outputFolder?: string;
  /** Set by Playwright: the config's folder. */
  configDir?: string;
}

/** Prefix of the attachments that carry the files beside a log (as the device fixture names them when a blob report is written). */
export const TRACE_FILE_ATTACHMENT = '_mobiletest-trace/';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** templates/viewer of this package, from dist/reporters/ (built) or reporters/ (sources). */
export const TEMPLATE_DIR = path.join(
  HERE.includes(`${path.sep}dist${path.sep}`) ? HERE.slice(0, HERE.lastIndexOf(`${path.sep}dist${path.sep}`)) : path.resolve(HERE, '..'),
  'templates',
  'viewer',
);

/**
 * Writes `mobiletest-report/html/`: a trace viewer that opens from disk or a static server, with the
 * run's tests (failed first) and, per test, the timeline of its steps from its events log.
 */
export default class HtmlReporter implements Reporter {
  private readonly collector = new ResultsCollector();
  private readonly traces = new Map<string, Promise<LoadedTrace | undefined>>();
  private readonly outDir: string;
  private rootDir = process.cwd();
  /** Copies of the files that travelled as attachments, made as each test ends; removed after the report is written. */
  private staging: Promise<string> | undefined;

  constructor(options: HtmlReporterOptions = {}) {
    const configDir = options.configDir ?? process.cwd();
    this.outDir = options.outputFolder ? path.resolve(configDir, options.outputFolder) : path.join(reportDir(configDir), 'html');
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.rootDir = config.rootDir;
    this.collector.begin(config, suite);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.collector.add(test, result);
    // Read now: a merge's extracted attachments may be gone by the end of the run. A retry replaces the attempt before it.
    this.traces.set(
      keyOfCase(test, this.rootDir),
      loadTrace(test, result, { rootDir: this.rootDir, staging: () => (this.staging ??= mkdtemp(path.join(os.tmpdir(), 'mobiletest-html-'))) }),
    );
  }

  onError(error: TestError): void {
    this.collector.addError(error);
  }

  async onEnd(result: FullResult): Promise<void> {
    try {
      const results = await this.collector.finish(result);
      const traces = await Promise.all(results.tests.map((test) => this.traces.get(keyOfRecord(test)) ?? Promise.resolve(undefined)));
      await writeHtmlReport({ outDir: this.outDir, templateDir: TEMPLATE_DIR, results, traces });
    } finally {
      if (this.staging) await rm(await this.staging, { recursive: true, force: true });
    }
    console.log(`HTML report: ${displayPath(path.join(this.outDir, 'index.html'))} (or: npx mobiletest show-report)`);
  }

  printsToStdio(): boolean {
    return false;
  }
}

async function loadTrace(test: TestCase, result: TestResult, context: { rootDir: string; staging: () => Promise<string> }): Promise<LoadedTrace | undefined> {
  const attachment = result.attachments.find((a) => a.name === EVENTS_ATTACHMENT);
  if (!attachment) return undefined;
  try {
    const text = attachment.body ? attachment.body.toString('utf8') : attachment.path ? await readFile(attachment.path, 'utf8') : '';
    const { events } = parseEvents(text, attachment.path ?? EVENTS_ATTACHMENT);
    const dir = attachment.path && !attachment.body ? path.dirname(attachment.path) : null;
    return { trace: buildTrace(events, { rootDir: context.rootDir }), dir, files: await carriedFiles(result, dir, context.staging) };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`mobiletest: the events of "${test.title}" could not be read, so the HTML report shows it without steps: ${reason}`);
    return undefined;
  }
}

/**
 * The files beside the log that travelled as attachments (a blob report, merged), by the name the
 * events use, copied now: the merge's extracted attachments may be gone when the report is written.
 * A file still beside the log (the run itself) needs no copy.
 */
async function carriedFiles(result: TestResult, dir: string | null, staging: () => Promise<string>): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const carried = result.attachments.filter((a) => a.name.startsWith(TRACE_FILE_ATTACHMENT));
  if (carried.length === 0) return files;
  let folder: string | undefined;
  for (const attachment of carried) {
    const name = attachment.name.slice(TRACE_FILE_ATTACHMENT.length);
    if (name === '' || name === '.' || name === '..' || path.basename(name) !== name || name.includes('\\') || files.has(name)) continue;
    if (dir !== null && attachment.path === path.join(dir, name)) continue;
    folder ??= await mkdtemp(path.join(await staging(), 't-'));
    const copy = path.join(folder, name);
    try {
      if (attachment.body) await writeFile(copy, attachment.body);
      else if (attachment.path) await copyFile(attachment.path, copy);
      else continue;
    } catch {
      continue;
    }
    files.set(name, copy);
  }
  return files;
}

// A test is known by its project, file, position and titles: the same in Playwright's TestCase and in its record.
function keyOfCase(test: TestCase, rootDir: string): string {
  const [, projectName = '', , ...titlePath] = test.titlePath();
  const project = test.parent.project()?.name ?? projectName;
  return keyOfRecord({
    project,
    file: relativeFile(test.location.file, rootDir),
    line: test.location.line,
    column: test.location.column,
    title_path: titlePath,
  });
}

function keyOfRecord({ project, file, line, column, title_path }: Pick<TestRecord, 'project' | 'file' | 'line' | 'column' | 'title_path'>): string {
  return JSON.stringify([project, file, line, column, title_path]);
}

function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative.split(path.sep).join('/') : file;
}
