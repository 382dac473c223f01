import { expect, test } from '@playwright/test';
import { registerSecret } from '../../events/index.js';
import type { ActionFailureInfo, ActionResult, FailureCategory } from '../../primitives/index.js';
import type { SituationReport } from '../../observe/index.js';
import { attribute } from './rules.js';

// The rule table on failures that are costly to provoke on the phone, built as the executor answers them.
let ids = 0;
function failedWith(name: string, message: string, category: FailureCategory, extra: Partial<ActionResult> = {}): ActionResult {
  const failure: ActionFailureInfo = { name, message, category };
  return { actionId: `a${++ids}`, primitive: 'tap', verdict: 'FAIL', failure, candidates: [], timings: { total_ms: 1, device_ms: 1, harness_ms: 0 }, ...extra };
}
const report = (extra: Partial<SituationReport>): SituationReport => ({
  screen_changed: true,
  new_elements: [],
  disappeared_elements: [],
  changed_elements: [],
  ...extra,
});
const decide = (failed: ActionResult) => attribute({ goal: 'check out', failed, window: [] });

test('a crash the situation report saw outranks the missing target it caused', () => {
  const failed = failedWith('TargetNotFound', 'No element matches "Pay"; nothing on the screen is close', 'locator', {
    report: report({ crash: { package: 'com.example.shop', reason: 'java.lang.NullPointerException', evidence: ['log', 'process'] } }),
  });
  const a = decide(failed);
  expect(a).toMatchObject({ category: 'product', decision: 'stop', pattern: 'app-crash' });
  expect(a?.reason).toContain('com.example.shop crashed (java.lang.NullPointerException; seen in log, process)');
  expect(a?.evidence).toContain('situation: crash com.example.shop (log, process): java.lang.NullPointerException');
});

test('an app that stops responding is a product defect, by its report or by its failure', () => {
  const seen = decide(
    failedWith('WaitTimedOut', 'Nothing settled', 'product', {
      report: report({ anr: { package: 'com.example.shop', reason: 'Input dispatching timed out', evidence: ['dialog'] } }),
    }),
  );
  expect(seen).toMatchObject({ category: 'product', decision: 'stop', pattern: 'app-not-responding' });
  expect(seen?.evidence).toContain('situation: anr com.example.shop (dialog): Input dispatching timed out');
  const named = decide(failedWith('AppNotResponding', 'com.example.shop is not responding during wait_idle: Input dispatching timed out.', 'product'));
  expect(named).toMatchObject({ category: 'product', decision: 'stop' });
  expect(named?.reason).toContain('Input dispatching timed out');
});

test('an adb failure is the environment’s and stops the goal', () => {
  const a = decide(failedWith('DeviceCommandFailed', 'input tap 10 20 on emulator-5554 exited with 137', 'environment', { verdict: 'EXCEPTION' }));
  expect(a).toMatchObject({ category: 'environment', decision: 'stop', pattern: 'device-lost' });
  expect(a?.reason).toContain('adb devices');
});

test('a system dialog that comes back after every answer is the app’s doing: stop', () => {
  const message =
    'A system dialog "Allow Shop to use the camera?" (com.google.android.permissioncontroller; buttons "Allow", "Deny") covers the app before tap, and it came back after 5 answers. Answer it in the test with handle_dialog, or grant the permission up front.';
  const a = decide(failedWith('DialogBlocked', message, 'environment'));
  expect(a).toMatchObject({ category: 'product', decision: 'stop', pattern: 'dialog-repeats' });
  expect(a?.reason).toContain('com.google.android.permissioncontroller');
});

test('finish(success: false) and give_up end the goal as the plan’s, quoting the agent', () => {
  const failed = decide(failedWith('GoalFailed', 'The goal was not reached: the cart is empty', 'plan', { primitive: 'finish' }));
  expect(failed).toMatchObject({ category: 'plan', decision: 'stop', pattern: 'goal-ended' });
  expect(failed?.reason).toContain('the cart is empty');
  expect(decide(failedWith('GaveUp', 'Gave up on the goal: no Pay button', 'plan', { primitive: 'give_up' }))).toMatchObject({
    category: 'plan',
    decision: 'stop',
  });
});

test('a cancelled action stops; a focus the plan assumed wrongly asks for a new plan', () => {
  expect(decide(failedWith('Aborted', 'The action was cancelled: the test ended', 'execution', { verdict: 'EXCEPTION' }))).toMatchObject({
    category: 'execution',
    decision: 'stop',
    pattern: 'aborted',
  });
  expect(decide(failedWith('NoFocusedField', 'input_text without a target works on the focused field, but no field has focus', 'plan'))).toMatchObject({
    category: 'plan',
    decision: 'replan',
    pattern: 'plan-problem',
  });
});

test('what no rule knows is left to the model, and an action that succeeded has nothing to attribute', () => {
  expect(decide(failedWith('TextMismatch', 'Typed "abc" but the field reads "ab"', 'execution'))).toBeUndefined();
  expect(decide(failedWith('NotRotated', 'Asked for landscape, but the screen is turned 0°.', 'product'))).toBeUndefined();
  const ok: ActionResult = { actionId: 'ok1', primitive: 'tap', verdict: 'OK', candidates: [], timings: { total_ms: 1, device_ms: 1, harness_ms: 0 } };
  expect(decide(ok)).toBeUndefined();
});

test('a known secret in a failure message never reaches the reason or the evidence', () => {
  registerSecret('hunter2-secret');
  const a = decide(
    failedWith('ExpectationFailed', 'Expected "Welcome" to be visible after input_text "hunter2-secret", but No element matches "Welcome"', 'plan'),
  );
  expect(a).toMatchObject({ category: 'plan', decision: 'replan' });
  expect(JSON.stringify(a)).not.toContain('hunter2-secret');
  expect(a?.reason).toContain('•••');
});
