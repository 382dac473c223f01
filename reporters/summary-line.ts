import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Ends a run with the one line CI reads: `N passed, N failed, N skipped`. */
export default class SummaryLineReporter implements Reporter {
  private readonly outcomes = new Map<string, ReturnType<TestCase['outcome']>>();

  onTestEnd(test: TestCase, _result: TestResult): void {
    this.outcomes.set(test.id, test.outcome());
  }

  onEnd(_result: FullResult): void {
    let passed = 0,
      failed = 0,
      skipped = 0;
    for (const outcome of this.outcomes.values()) {
      if (outcome === 'skipped') skipped++;
      else if (outcome === 'unexpected') failed++;
      else passed++;
    }
    console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
