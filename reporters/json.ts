import { ResultsReporter, type ResultsReporterOptions } from './results/base.js';
import type { Results } from './results/model.js';

/** Writes `mobiletest-report/results.json`: one entry per test with its steps, device and failure category. */
export default class JsonReporter extends ResultsReporter {
  constructor(options: ResultsReporterOptions = {}) {
    super(options, { fileName: 'results.json', label: 'JSON report' });
  }

  protected render(results: Results): string {
    return `${JSON.stringify(results, null, 2)}\n`;
  }
}
