import { test, expect } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FullConfig, FullResult, TestCase, TestResult } from '@playwright/test/reporter';
import { EVENTS_ATTACHMENT } from './results/collect.js';
import SummaryLineReporter from './summary-line.js';
import { chatLines, recoveryLines, writeLog, type LogLine } from './testing/stage-logs.js';

let dir = '';
test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mobiletest-summary-'));
});
test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the reporter over tests that each left a log, as Playwright calls it, and returns what it printed. */
async function printed(runs: Array<{ title: string; lines: LogLine[]; status: TestResult['status'] }>): Promise<string[]> {
  const reporter = new SummaryLineReporter();
  reporter.onBegin({ rootDir: dir } as FullConfig);
  for (const [i, run] of runs.entries()) {
    const { path } = await writeLog(dir, `t${i}`, run.lines);
    const testCase = {
      id: `t${i}`,
      title: run.title,
      titlePath: () => ['', 'android', 'specs/shop.test.ts', run.title],
      outcome: () => (run.status === 'passed' ? 'expected' : 'unexpected'),
    } as unknown as TestCase;
    const result = { status: run.status, attachments: [{ name: EVENTS_ATTACHMENT, path, contentType: 'application/jsonl' }] } as unknown as TestResult;
    reporter.onTestEnd(testCase, result);
  }
  const lines: string[] = [];
  const log = console.log;
  console.log = (line: string) => lines.push(line);
  try {
    await reporter.onEnd({ status: 'passed' } as FullResult);
  } finally {
    console.log = log;
  }
  return lines;
}

test('a pass after a recovery is named with what failed and how it was replayed, and counted apart in the summary', async () => {
  expect(
    await printed([
      { title: 'chat', lines: chatLines(), status: 'passed' },
      { title: 'searches', lines: recoveryLines(), status: 'passed' },
      { title: 'lost', lines: recoveryLines({ fails: true }), status: 'failed' },
    ]),
  ).toEqual([
    '  ↻ searches passed after 1 recovery',
    '      recovery 1 of 2 (resumed): tap "Search" failed (environment) DeviceDisconnected: adb lost the device during tap; replayed 2 steps to checkpoint "signed in", then 0 in the stage, in 4.2 s — reached "signed in" again',
    '1 of the 2 passed only after a recovery',
    '2 passed, 1 failed, 0 skipped',
  ]);
});

test('a run without recoveries prints the summary line as before', async () => {
  expect(await printed([{ title: 'chat', lines: chatLines(), status: 'passed' }])).toEqual(['1 passed, 0 failed, 0 skipped']);
});
