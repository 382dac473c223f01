// Gathers the results model while Playwright reports: every attempt's events are read as it
// ends (a merge's extracted attachments or an output folder may be gone later), the final
// attempt of each test wins, and the tests come out in one order whatever the sharding.
import { readFile } from 'node:fs/promises';
import type { FullConfig, FullResult, Suite, TestCase, TestError, TestResult } from '@playwright/test/reporter';
import { knownSecrets, parseEvents, redactDeep } from '../../src/events/index.js';
import { NO_EVIDENCE, relativeFile, summarizeEvents, type Evidence } from './evidence.js';
import { clean, failureOf } from './failure.js';
import type { Stages } from './stages.js';
import {
  addAgentTotals,
  NO_AGENT,
  passedAfterRecovery,
  RESULTS_VERSION,
  type Results,
  type RunError,
  type TestOutcome,
  type TestRecord,
  type Totals,
} from './model.js';

/** The attachment the `device` fixture adds: the test's JSONL evidence log. */
export const EVENTS_ATTACHMENT = 'mobiletest-events';

interface Attempt {
  result: TestResult;
  evidence: Promise<Evidence>;
}

export class ResultsCollector {
  private rootDir = process.cwd();
  private suite: Suite | undefined;
  private readonly attempts = new Map<string, { test: TestCase; last: Attempt }>();
  private readonly errors: TestError[] = [];

  begin(config: FullConfig, suite: Suite): void {
    this.rootDir = config.rootDir;
    this.suite = suite;
  }

  /** Call for every attempt, in order; a retry replaces the attempt before it. */
  add(test: TestCase, result: TestResult): void {
    this.attempts.set(test.id, { test, last: { result, evidence: readEvidence(test, result, this.rootDir) } });
  }

  /** An error outside any test (Playwright's `onError`); it may come before `begin`. */
  addError(error: TestError): void {
    this.errors.push(error);
  }

  async finish(result: FullResult): Promise<Results> {
    const tests: TestRecord[] = [];
    // Tests that never ran (an interrupted run, --max-failures) are listed as skipped.
    for (const test of this.suite?.allTests() ?? []) if (!this.attempts.has(test.id)) tests.push(this.record(test, undefined, NO_EVIDENCE));
    for (const { test, last } of this.attempts.values()) tests.push(this.record(test, last.result, await last.evidence));
    tests.sort(compareTests);
    const errors = this.errors.map((error) => runError(error, this.rootDir));
    const results: Results = {
      version: RESULTS_VERSION,
      run: {
        status: errors.length > 0 && result.status === 'passed' ? 'failed' : result.status,
        started_at: result.startTime.toISOString(),
        duration_ms: Math.round(result.duration),
        totals: totalsOf(tests),
        agent: tests.reduce((sum, test) => addAgentTotals(sum, test.agent), { ...NO_AGENT }),
        errors,
      },
      tests,
    };
    return redactDeep(results, knownSecrets());
  }

  private record(test: TestCase, result: TestResult | undefined, evidence: Evidence): TestRecord {
    const [, projectName = '', , ...titlePath] = test.titlePath();
    return {
      title: test.title,
      title_path: titlePath,
      file: relativeFile(test.location.file, this.rootDir),
      line: test.location.line,
      column: test.location.column,
      project: test.parent.project()?.name ?? projectName,
      status: outcomeOf(test, result, evidence),
      duration_ms: result ? Math.round(result.duration) : 0,
      retry: result?.retry ?? 0,
      device: evidence.device,
      steps: evidence.steps,
      failure: result
        ? failureOf(
            result,
            { ...evidence.failure, message: evidence.failure.message === null ? null : clean(evidence.failure.message) },
            { rootDir: this.rootDir },
          )
        : null,
      llm_calls: evidence.llm_calls,
      tokens: evidence.tokens,
      agent: evidence.agent,
      ...stagesOfEvidence(evidence),
    };
  }
}

/** The devices, checkpoints, recoveries and resume of a test's evidence, each only when it has them. */
export function stagesOfEvidence({ devices, checkpoints, recoveries, resumed_from }: Evidence): Stages {
  return { ...(devices && { devices }), ...(checkpoints && { checkpoints }), ...(recoveries && { recoveries }), ...(resumed_from && { resumed_from }) };
}

async function readEvidence(test: TestCase, result: TestResult, rootDir: string): Promise<Evidence> {
  const attachment = result.attachments.find((a) => a.name === EVENTS_ATTACHMENT);
  if (!attachment) return NO_EVIDENCE;
  try {
    const text = attachment.body ? attachment.body.toString('utf8') : attachment.path ? await readFile(attachment.path, 'utf8') : '';
    return summarizeEvents(parseEvents(text, attachment.path ?? EVENTS_ATTACHMENT).events, { rootDir });
  } catch (error) {
    // One unreadable log must not cost the whole report: the test is listed without its steps.
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `mobiletest: the events of "${test.title}" (${relativeFile(test.location.file, rootDir)}:${test.location.line}) could not be read, so its steps are missing from the report: ${reason}`,
    );
    return NO_EVIDENCE;
  }
}

function runError(error: TestError, rootDir: string): RunError {
  const message = clean(error.message ?? error.value ?? '') || 'Playwright reported an error outside any test, without a message.';
  return { message, location: error.location ? `${relativeFile(error.location.file, rootDir)}:${error.location.line}` : null };
}

function outcomeOf(test: TestCase, result: TestResult | undefined, evidence: Evidence): TestOutcome {
  if (!result) return 'skipped';
  if (test.outcome() === 'flaky') return 'flaky';
  return recoveredOutcome(result.status, evidence);
}

/** A pass that needed a recovery is flaky, not a clean pass; any other status stands. */
export function recoveredOutcome(status: TestOutcome, evidence: Pick<Evidence, 'recoveries'>): TestOutcome {
  return status === 'passed' && passedAfterRecovery({ status, recoveries: evidence.recoveries }) ? 'flaky' : status;
}

export function totalsOf(tests: readonly TestRecord[]): Totals {
  const totals: Totals = { passed: 0, failed: 0, flaky: 0, skipped: 0, recovered: 0 };
  for (const test of tests) {
    const { status } = test;
    if (status === 'passed' || status === 'flaky' || status === 'skipped') totals[status] += 1;
    else totals.failed += 1;
    if (status === 'flaky' && passedAfterRecovery(test)) totals.recovered += 1;
  }
  return totals;
}

function compareTests(a: TestRecord, b: TestRecord): number {
  return (
    compare(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    compare(a.title_path.join('\u0000'), b.title_path.join('\u0000')) ||
    compare(a.project, b.project)
  );
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
