import { test, expect } from '@playwright/test';
import type { TestResult, TestStep } from '@playwright/test/reporter';
import { NO_EVENT_FAILURE } from './event-failure.js';
import { CATEGORY_SUGGESTIONS, failureOf } from './failure.js';

// What a report says about a failed test whose events do not explain it: Playwright's result decides.
const ROOT = '/project';
const SPEC = `${ROOT}/specs/cart.test.ts`;

function step(fields: Partial<TestStep>): TestStep {
  return {
    title: 'step',
    titlePath: () => [],
    category: 'test.step',
    startTime: new Date(0),
    duration: 1,
    steps: [],
    annotations: [],
    attachments: [],
    ...fields,
  } as TestStep;
}

function result(fields: Partial<TestResult>): TestResult {
  return {
    retry: 0,
    workerIndex: 0,
    parallelIndex: 0,
    startTime: new Date(0),
    duration: 10,
    status: 'failed',
    errors: [],
    attachments: [],
    annotations: [],
    steps: [],
    stdout: [],
    stderr: [],
    ...fields,
  } as TestResult;
}

test('a plain expect is the product, with the assertion, what it expected and received, and where', () => {
  const message = 'Error: expect(received).toBe(expected) // Object.is equality\n\nExpected: 2\nReceived: 1';
  const failed = step({ title: 'expect.toBe', category: 'expect', error: { message }, location: { file: SPEC, line: 14, column: 3 } });
  const failure = failureOf(result({ errors: [{ message, location: { file: SPEC, line: 14, column: 3 } }], steps: [failed] }), NO_EVENT_FAILURE, {
    rootDir: ROOT,
  });
  expect(failure).toEqual({
    category: 'product',
    message,
    evidence: ['assertion: Error: expect(received).toBe(expected) // Object.is equality', 'Expected: 2', 'Received: 1', 'at specs/cart.test.ts:14'],
    suggestion: CATEGORY_SUGGESTIONS.product,
    step: 'expect.toBe at specs/cart.test.ts:14',
  });
});

test('a fixture that broke is the environment; an interrupted test says the run stopped', () => {
  const message = 'Error: connect ECONNREFUSED 127.0.0.1:5037';
  const fixture = step({ title: 'fixture: deviceLease', category: 'fixture', error: { message } });
  const broke = failureOf(result({ errors: [{ message }], steps: [fixture] }), NO_EVENT_FAILURE, { rootDir: ROOT });
  expect(broke).toMatchObject({
    category: 'environment',
    evidence: [`error: ${message}`],
    suggestion: CATEGORY_SUGGESTIONS.environment,
    step: 'fixture: deviceLease',
  });
  const stopped = failureOf(result({ status: 'interrupted' }), NO_EVENT_FAILURE, { rootDir: ROOT });
  expect(stopped).toMatchObject({ category: 'environment', evidence: ['interrupted: The run was interrupted before this test finished.'] });
  expect(stopped?.suggestion).toContain('run it again');
});

test('a timeout names the step that was still running, in the evidence and the suggestion', () => {
  const running = step({ title: 'tap "Checkout"', location: { file: SPEC, line: 21, column: 3 } });
  const message = 'Test timeout of 30000ms exceeded.';
  const failure = failureOf(result({ status: 'timedOut', errors: [{ message }], steps: [step({ title: 'tap "Cart"' }), running] }), NO_EVENT_FAILURE, {
    rootDir: ROOT,
  });
  expect(failure).toMatchObject({ category: 'execution', evidence: [`timeout: ${message}`], step: 'tap "Checkout" at specs/cart.test.ts:21' });
  expect(failure?.suggestion).toBe(
    'The test ran out of time during tap "Checkout" at specs/cart.test.ts:21: give it more (test.setTimeout, --timeout), or find what that step was waiting for in the trace.',
  );
  // The events' step, still running when the time ran out, is named even when test_end wrote a suggestion.
  const events = {
    ...NO_EVENT_FAILURE,
    category: 'execution' as const,
    suggestion: 'The test ran out of time.',
    step: 'wait_for "Paid" at specs/cart.test.ts:22 (did not finish)',
  };
  expect(failureOf(result({ status: 'timedOut', errors: [{ message }] }), events, { rootDir: ROOT })?.suggestion).toContain(
    'during wait_for "Paid" at specs/cart.test.ts:22 (did not finish):',
  );
});

test("what the events say wins; a category without a suggestion gets the category's", () => {
  const events = {
    ...NO_EVENT_FAILURE,
    category: 'locator' as const,
    message: 'No element matches "Pay"',
    evidence: ['error: TargetNotFound during tap "Pay"'],
    step: 'tap "Pay" at specs/cart.test.ts:9',
  };
  const failure = failureOf(result({ errors: [{ message: 'ActionFailed: No element matches "Pay"' }] }), events, { rootDir: ROOT });
  expect(failure).toEqual({
    category: 'locator',
    message: 'ActionFailed: No element matches "Pay"',
    evidence: events.evidence,
    suggestion: CATEGORY_SUGGESTIONS.locator,
    step: events.step,
  });
  expect(failureOf(result({ status: 'passed' }), events, { rootDir: ROOT })).toBeNull();
});

test("a device matcher's failure keeps which locator it checked, beside what it expected and received", () => {
  const message =
    'Error: expect(locator).toBeVisible() failed\n\nLocator: device.find("Order confirmed")\nExpected: visible\nReceived: not on screen\nTimeout: 5000ms\n\nScreen:\napp com.example.shop/.CartActivity';
  const failure = failureOf(result({ errors: [{ message }] }), NO_EVENT_FAILURE, { rootDir: ROOT });
  expect(failure).toMatchObject({
    category: 'product',
    evidence: [
      'assertion: Error: expect(locator).toBeVisible() failed',
      'Locator: device.find("Order confirmed")',
      'Expected: visible',
      'Received: not on screen',
    ],
  });
});
