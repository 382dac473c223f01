// The run as the JSON and JUnit reports describe it: one record per test, built from
// Playwright's test metadata and the test's `mobiletest-events` attachment.
import type { ActionSource, Verdict } from '../../src/events/index.js';

export const RESULTS_VERSION = 1 as const;

/** Where a failure comes from, so a team knows whom to call. */
export type FailureCategory = 'environment' | 'execution' | 'locator' | 'plan' | 'product';
export const FAILURE_CATEGORIES: readonly FailureCategory[] = ['environment', 'execution', 'locator', 'plan', 'product'];

export type TestOutcome = 'passed' | 'failed' | 'timedOut' | 'skipped' | 'interrupted' | 'flaky';
export type RunStatus = 'passed' | 'failed' | 'timedout' | 'interrupted';

/** An action that started and never ended (the test was killed or timed out inside it). */
export const UNFINISHED = 'UNFINISHED' as const;
export type StepStatus = Verdict | typeof UNFINISHED;

export interface StepRecord {
  primitive: string;
  /** The semantic target as asked ("Log in", `id=email`); never typed text. */
  target: string | null;
  /** For a step without a target, what it acted with: the app, the key, the direction. */
  detail: string | null;
  status: StepStatus;
  duration_ms: number;
  /** Time spent waiting on the device within `duration_ms`. */
  device_ms: number;
  /** `file:line` of the call in the spec, the file relative to the config's rootDir. */
  location: string | null;
  source: ActionSource;
}

export interface FailureRecord {
  category: FailureCategory;
  /** The error message, colour codes stripped, secrets masked. */
  message: string;
}

export interface TestRecord {
  title: string;
  /** describe blocks then the title; without the project and the file. */
  title_path: string[];
  /** Relative to the config's rootDir, with forward slashes. */
  file: string;
  line: number;
  column: number;
  project: string;
  status: TestOutcome;
  duration_ms: number;
  /** The final attempt's retry index: 0 when the first attempt was the last. */
  retry: number;
  device: string | null;
  steps: StepRecord[];
  failure: FailureRecord | null;
  llm_calls: number;
  tokens: number;
}

export interface Totals { passed: number; failed: number; flaky: number; skipped: number }

export interface RunRecord {
  status: RunStatus;
  /** ISO 8601. */
  started_at: string;
  duration_ms: number;
  totals: Totals;
}

export interface Results {
  version: typeof RESULTS_VERSION;
  run: RunRecord;
  tests: TestRecord[];
}
