// Why a test failed, with the evidence that decided it and what to do: from its events when they say,
// else from Playwright's result — a plain `expect` is a product defect, a fixture or hook that broke is
// the environment, a timeout names the step that was running, anything else is execution.
import { stripVTControlCharacters } from 'node:util';
import type { TestError, TestResult, TestStep } from '@playwright/test/reporter';
import type { EventFailure } from './event-failure.js';
import { relativeFile } from './evidence.js';
import type { FailureCategory, FailureRecord } from './model.js';

// Playwright's and Node's assertion errors, as their messages start.
const ASSERTION = /^(\w*Error: )?(expect(\.\w+)?\(|AssertionError|Expected[: ])/;
// Raised while preparing or tearing down, or by the worker itself rather than by the test body.
const ENVIRONMENT = /while (setting up|tearing down)|Worker process exited|worker teardown|in "(beforeAll|afterAll)" hook|Error in global setup/i;
const LINE_LIMIT = 200;

/** What to do about a failure when nothing more exact is known, by whose fault it is. */
export const CATEGORY_SUGGESTIONS: Readonly<Record<FailureCategory, string>> = {
  environment: "Check the device and its connection (adb devices) and the test's setup, then run again.",
  execution:
    'Look at the failed step in the trace: the action ran but did not do what it should; run again to see whether it is flaky, or fix the test code the stack points at.',
  locator: 'Check the target against the screen the test saw (its screen text is attached), or first bring up the screen that shows it.',
  plan: "Make the agent step's goal more exact, or split it into steps the app offers.",
  product: "If the app is right, update the test's expectation; otherwise this is a defect in the app.",
  refusal: 'The model declined the request: reword the step, or use another model for that role.',
};

/** The failure of a test's final attempt, or null when it passed or was skipped. */
export function failureOf(result: TestResult, events: EventFailure, options: { rootDir: string }): FailureRecord | null {
  if (result.status === 'passed' || result.status === 'skipped') return null;
  const message = errorMessage(result.errors) ?? events.message ?? defaultMessage(result.status);
  const pwStep = deepestStep(result.steps, result.status === 'timedOut');
  const step = events.step ?? (pwStep ? playwrightStepText(pwStep, options.rootDir) : null);
  const category = events.category ?? categorize(result, message, pwStep);
  const evidence = events.evidence.length > 0 ? events.evidence : resultEvidence(result, { message, category, rootDir: options.rootDir });
  // Out of time, the step that was running says more than any error recorded on the way out.
  const suggestion =
    result.status === 'timedOut' ? fallbackSuggestion(result.status, category, step) : (events.suggestion ?? fallbackSuggestion(result.status, category, step));
  return { category, message, suggestion, evidence, step };
}

function categorize(result: TestResult, message: string, step: TestStep | undefined): FailureCategory {
  if (result.status === 'interrupted') return 'environment';
  if (step?.error && step.category === 'expect') return 'product';
  if (step?.error && (step.category === 'hook' || step.category === 'fixture')) return 'environment';
  if (ENVIRONMENT.test(message)) return 'environment';
  if (ASSERTION.test(message)) return 'product';
  return 'execution';
}

function fallbackSuggestion(status: TestResult['status'], category: FailureCategory, step: string | null): string {
  if (status === 'timedOut')
    return `The test ran out of time${step ? ` during ${step}` : ''}: give it more (test.setTimeout, --timeout), or find what that step was waiting for in the trace.`;
  if (status === 'interrupted') return 'The run was stopped before this test finished (Ctrl-C, --max-failures, or a worker that died): run it again.';
  return CATEGORY_SUGGESTIONS[category];
}

/** A failure as read so far: its message and category, and the root its file paths are shown from. */
interface FailureSoFar {
  message: string;
  category: FailureCategory;
  rootDir: string;
}

/** The facts Playwright's result gives: the assertion with what it expected and received, or the error, and where. */
function resultEvidence(result: TestResult, { message, category, rootDir }: FailureSoFar): string[] {
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const head = result.status === 'timedOut' ? 'timeout' : result.status === 'interrupted' ? 'interrupted' : category === 'product' ? 'assertion' : 'error';
  const seen = lines.filter((line) => /^(Locator|Expected|Received)(?: [\w ]+)?:/.test(line)).slice(0, 4);
  const where = result.errors.find((error) => error.location)?.location;
  return [...(lines[0] ? [`${head}: ${lines[0]}`] : []), ...seen, ...(where ? [`at ${relativeFile(where.file, rootDir)}:${where.line}`] : [])].map(clip);
}

/** The innermost failed step, or for a timeout the innermost step still running when time ran out. */
function deepestStep(steps: readonly TestStep[], running: boolean): TestStep | undefined {
  for (const step of steps) {
    if (step.error) return deepestStep(step.steps, running) ?? step;
  }
  if (!running) return undefined;
  const last = steps.at(-1);
  return last ? (deepestStep(last.steps, running) ?? last) : undefined;
}

function playwrightStepText(step: TestStep, rootDir: string): string {
  return step.location ? `${step.title} at ${relativeFile(step.location.file, rootDir)}:${step.location.line}` : step.title;
}

function errorMessage(errors: readonly TestError[]): string | null {
  const texts = errors.map((error) => clean(error.message ?? error.value ?? '')).filter((text) => text !== '');
  return texts.length > 0 ? texts.join('\n\n') : null;
}

export function clean(text: string): string {
  return stripVTControlCharacters(text).trim();
}

function clip(line: string): string {
  return line.length > LINE_LIMIT ? `${line.slice(0, LINE_LIMIT - 1)}…` : line;
}

function defaultMessage(status: TestResult['status']): string {
  if (status === 'timedOut') return 'The test ran out of time.';
  if (status === 'interrupted') return 'The run was interrupted before this test finished.';
  return 'The test failed without an error message.';
}
