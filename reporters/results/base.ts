// What the JSON and JUnit reporters share: collecting the results model, where the file goes,
// and the one line naming it at the end of the run.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { reportDir } from '../../src/events/index.js';
import { ResultsCollector } from './collect.js';
import type { Results } from './model.js';

export interface ResultsReporterOptions {
  /** Where to write, relative to the config's folder; default `<report dir>/<the reporter's file>`. */
  outputFile?: string;
  /** Set by Playwright: the config's folder (the working directory for merge-reports without --config). */
  configDir?: string;
}

export abstract class ResultsReporter implements Reporter {
  private readonly collector = new ResultsCollector();
  private readonly file: string;
  private readonly label: string;

  constructor(options: ResultsReporterOptions, defaults: { fileName: string; label: string }) {
    const configDir = options.configDir ?? process.cwd();
    this.file = options.outputFile ? path.resolve(configDir, options.outputFile) : path.join(reportDir(configDir), defaults.fileName);
    this.label = defaults.label;
  }

  /** The report's text for the collected results. */
  protected abstract render(results: Results): string;

  onBegin(config: FullConfig, suite: Suite): void {
    this.collector.begin(config, suite);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.collector.add(test, result);
  }

  onError(error: TestError): void {
    this.collector.addError(error);
  }

  async onEnd(result: FullResult): Promise<void> {
    const results = await this.collector.finish(result);
    await mkdir(path.dirname(this.file), { recursive: true });
    await writeFile(this.file, this.render(results));
    console.log(`${this.label}: ${displayPath(this.file)}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}

/** A path as the user would type it from here: relative when inside the working directory. */
function displayPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative.split(path.sep).join('/') : file;
}
