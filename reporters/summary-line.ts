import { readFile } from 'node:fs/promises';
import type { FullConfig, FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { parseEvents } from '../src/events/index.js';
import { EVENTS_ATTACHMENT } from './results/collect.js';
import { summarizeEvents } from './results/evidence.js';
import { recoveredText, recoveryText } from './results/stage-text.js';

/**
 * Ends a run with the one line CI reads: `N passed, N failed, N skipped`. A test that passed only
 * after a recovery replayed it to a checkpoint is never a clean pass: a line names it and what
 * failed, and a line before the count says how many passed only after a recovery.
 */
export default class SummaryLineReporter implements Reporter {
  private readonly outcomes = new Map<string, ReturnType<TestCase['outcome']>>();
  /** Per passed test, the lines telling its recoveries (none for a clean pass); the final attempt wins. */
  private readonly recovered = new Map<string, Promise<string[]>>();
  private rootDir = process.cwd();

  /** `count: false` (a user's list output, which has its own count) prints the recoveries only. */
  constructor(private readonly options: { count?: boolean } = {}) {}

  onBegin(config: FullConfig): void {
    this.rootDir = config.rootDir;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test.id, test.outcome());
    this.recovered.set(test.id, result.status === 'passed' ? recoveryLines(test, result, this.rootDir) : Promise.resolve([]));
  }

  async onEnd(_result: FullResult): Promise<void> {
    let passed = 0,
      failed = 0,
      skipped = 0,
      recovered = 0;
    for (const [id, outcome] of this.outcomes) {
      if (outcome === 'skipped') skipped++;
      else if (outcome === 'unexpected') failed++;
      else {
        passed++;
        const lines = await (this.recovered.get(id) ?? Promise.resolve([]));
        if (lines.length > 0) recovered++;
        for (const line of lines) console.log(line);
      }
    }
    // The count line keeps its plain form (CI scripts read it); the recoveries are told on the line before.
    if (recovered > 0) console.log(`${recovered} of the ${passed} passed only after a recovery`);
    if (this.options.count !== false) console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  }

  printsToStdio(): boolean {
    return false;
  }
}

/** `↻ searches › after signing in passed after 1 recovery`, then each recovery indented; none for a clean pass or an unreadable log. */
async function recoveryLines(test: TestCase, result: TestResult, rootDir: string): Promise<string[]> {
  const attachment = result.attachments.find((a) => a.name === EVENTS_ATTACHMENT);
  if (!attachment) return [];
  try {
    const text = attachment.body ? attachment.body.toString('utf8') : attachment.path ? await readFile(attachment.path, 'utf8') : '';
    const { recoveries } = summarizeEvents(parseEvents(text, attachment.path ?? EVENTS_ATTACHMENT).events, { rootDir });
    const note = recoveredText({ status: 'passed', recoveries });
    if (!note || !recoveries) return [];
    const [, , , ...titles] = test.titlePath();
    return [`  ↻ ${titles.join(' › ') || test.title} ${note}`, ...recoveries.map((recovery) => `      ${recoveryText(recovery)}`)];
  } catch {
    // The JSON and HTML reports name a log they cannot read; the count here stays a plain pass.
    return [];
  }
}
