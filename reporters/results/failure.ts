// Why a test failed, for tests whose events do not say: a plain `expect` is a product
// defect, a fixture or hook that broke is the environment, anything else is execution.
import { stripVTControlCharacters } from 'node:util';
import type { TestError, TestResult, TestStep } from '@playwright/test/reporter';
import type { Evidence } from './evidence.js';
import type { FailureCategory, FailureRecord } from './model.js';

// Playwright's and Node's assertion errors, as their messages start.
const ASSERTION = /^(\w*Error: )?(expect(\.\w+)?\(|AssertionError|Expected[: ])/;
// Raised while preparing or tearing down, or by the worker itself rather than by the test body.
const ENVIRONMENT = /while (setting up|tearing down)|Worker process exited|worker teardown|in "(beforeAll|afterAll)" hook|Error in global setup/i;

/** The failure of a test's final attempt, or null when it passed or was skipped. */
export function failureOf(result: TestResult, evidence: Evidence): FailureRecord | null {
  if (result.status === 'passed' || result.status === 'skipped') return null;
  const message = errorMessage(result.errors) ?? evidence.message ?? defaultMessage(result.status);
  return { category: evidence.category ?? categorize(result, message), message };
}

function categorize(result: TestResult, message: string): FailureCategory {
  if (result.status === 'interrupted') return 'environment';
  const step = deepestFailedStep(result.steps);
  if (step?.category === 'expect') return 'product';
  if (step && (step.category === 'hook' || step.category === 'fixture')) return 'environment';
  if (ENVIRONMENT.test(message)) return 'environment';
  if (ASSERTION.test(message)) return 'product';
  return 'execution';
}

function deepestFailedStep(steps: readonly TestStep[]): TestStep | undefined {
  for (const step of steps) {
    if (!step.error) continue;
    return deepestFailedStep(step.steps) ?? step;
  }
  return undefined;
}

function errorMessage(errors: readonly TestError[]): string | null {
  const texts = errors.map((error) => clean(error.message ?? error.value ?? '')).filter((text) => text !== '');
  return texts.length > 0 ? texts.join('\n\n') : null;
}

export function clean(text: string): string {
  return stripVTControlCharacters(text).trim();
}

function defaultMessage(status: TestResult['status']): string {
  if (status === 'timedOut') return 'The test ran out of time.';
  if (status === 'interrupted') return 'The run was interrupted before this test finished.';
  return 'The test failed without an error message.';
}
