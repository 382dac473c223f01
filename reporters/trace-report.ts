// One test attempt's trace (its events log and the files beside it) as a one-test HTML report, with
// the writer `--output html` uses: what `mobiletest show-trace` serves. The test's record comes from
// its events alone, since no Playwright run is at hand.
import path from 'node:path';
import { knownSecrets, readEvents, redactDeep, type MobileEvent } from '../src/events/index.js';
import { TEMPLATE_DIR } from './html.js';
import { buildTrace } from './html/trace.js';
import { writeHtmlReport } from './html/write.js';
import { recoveredOutcome, stagesOfEvidence, totalsOf } from './results/collect.js';
import type { EventFailure } from './results/event-failure.js';
import { relativeFile, summarizeEvents } from './results/evidence.js';
import { CATEGORY_SUGGESTIONS } from './results/failure.js';
import { RESULTS_VERSION, type FailureRecord, type Results, type TestOutcome, type TestRecord } from './results/model.js';

export interface TraceReportOptions {
  /** The test's events.jsonl; the files its events name are read beside it. */
  eventsFile: string;
  /** The html folder to (re)create. */
  outDir: string;
  /** Spec locations are shown relative to this folder. */
  rootDir: string;
}

/** Writes the report; a corrupt log throws EventLogCorruptError naming its line. */
export async function writeTraceReport(options: TraceReportOptions): Promise<{ title: string; steps: number; frames: number }> {
  const { events } = await readEvents(options.eventsFile);
  const record = testRecord(events, { rootDir: options.rootDir, fallbackTitle: path.basename(path.dirname(options.eventsFile)) });
  const results: Results = redactDeep(
    {
      version: RESULTS_VERSION,
      run: {
        status: passing(record.status) ? 'passed' : record.status === 'interrupted' ? 'interrupted' : 'failed',
        started_at: new Date(events[0]?.ts ?? 0).toISOString(),
        duration_ms: record.duration_ms,
        totals: totalsOf([record]),
        agent: record.agent,
        errors: [],
      },
      tests: [record],
    },
    knownSecrets(),
  );
  const trace = buildTrace(events, { rootDir: options.rootDir });
  const written = await writeHtmlReport({
    outDir: options.outDir,
    templateDir: TEMPLATE_DIR,
    results,
    traces: [{ trace, dir: path.dirname(options.eventsFile) }],
  });
  return { title: record.title, steps: record.steps.length, frames: written.frames };
}

/** The test as results.json would list it, from test_start, test_end and the steps between. */
export function testRecord(events: readonly MobileEvent[], options: { rootDir: string; fallbackTitle: string }): TestRecord {
  const start = events.find((event) => event.kind === 'test_start');
  const end = events.findLast((event) => event.kind === 'test_end');
  const evidence = summarizeEvents(events, { rootDir: options.rootDir });
  // A log without test_end was cut off: the run stopped inside the test.
  const status: TestOutcome = recoveredOutcome(end?.kind === 'test_end' ? end.status : 'interrupted', evidence);
  const location = start?.kind === 'test_start' ? start.location : undefined;
  const failed = !passing(status);
  const lastTs = events.reduce((max, event) => Math.max(max, event.ts), 0);
  return {
    title: start?.kind === 'test_start' ? start.title : options.fallbackTitle,
    title_path: [start?.kind === 'test_start' ? start.title : options.fallbackTitle],
    file: location ? relativeFile(location.file, options.rootDir) : '',
    line: location?.line ?? 0,
    column: location?.column ?? 0,
    project: '',
    status,
    duration_ms: Math.round(end?.kind === 'test_end' ? end.duration_ms : Math.max(0, lastTs - (start?.ts ?? lastTs))),
    retry: start?.kind === 'test_start' ? (start.retry ?? 0) : 0,
    device: evidence.device,
    steps: evidence.steps,
    failure: failed ? failureOfLog(evidence.failure, status) : null,
    llm_calls: evidence.llm_calls,
    tokens: evidence.tokens,
    agent: evidence.agent,
    ...stagesOfEvidence(evidence),
  };
}

const passing = (status: TestOutcome): boolean => status === 'passed' || status === 'flaky' || status === 'skipped';

/** The failure as its log tells it; a log without its reasons still gets its category's advice. */
function failureOfLog(failure: EventFailure, status: TestOutcome): FailureRecord {
  const category = failure.category ?? (status === 'interrupted' ? 'environment' : 'execution');
  const message =
    failure.message ??
    (status === 'interrupted'
      ? 'The events log ends before the test did: the run stopped inside it.'
      : `The test ${status === 'timedOut' ? 'ran out of time' : 'failed'}.`);
  return { category, message, suggestion: failure.suggestion ?? CATEGORY_SUGGESTIONS[category], evidence: failure.evidence, step: failure.step };
}
