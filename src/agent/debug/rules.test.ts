import { expect, test } from '@playwright/test';
import { registerSecret } from '../../events/index.js';
import type { ActionFailureInfo, ActionResult } from '../../primitives/index.js';
import type { SituationReport } from '../../observe/index.js';
import { attribute } from './rules.js';

// The rule table on failures that are costly to provoke on the phone, built as the executor answers them.
let ids = 0;
function failedWith(failure: ActionFailureInfo, extra: Partial<ActionResult> = {}): ActionResult {
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
  const failed = failedWith(
    { name: 'TargetNotFound', message: 'No element matches "Pay"; nothing on the screen is close', category: 'locator' },
    {
      report: report({ crash: { package: 'com.example.shop', reason: 'java.lang.NullPointerException', evidence: ['log', 'process'] } }),
    },
  );
  const a = decide(failed);
  expect(a).toMatchObject({ category: 'product', decision: 'stop', pattern: 'app-crash' });
  expect(a?.reason).toContain('com.example.shop crashed (java.lang.NullPointerException; seen in log, process)');
  expect(a?.evidence).toContain('situation: crash com.example.shop (log, process): java.lang.NullPointerException');
});

test('an app that stops responding is a product defect, by its report or by its failure', () => {
  const seen = decide(
    failedWith(
      { name: 'WaitTimedOut', message: 'Nothing settled', category: 'product' },
      {
        report: report({ anr: { package: 'com.example.shop', reason: 'Input dispatching timed out', evidence: ['dialog'] } }),
      },
    ),
  );
  expect(seen).toMatchObject({ category: 'product', decision: 'stop', pattern: 'app-not-responding' });
  expect(seen?.evidence).toContain('situation: anr com.example.shop (dialog): Input dispatching timed out');
  const named = decide(
    failedWith({ name: 'AppNotResponding', message: 'com.example.shop is not responding during wait_idle: Input dispatching timed out.', category: 'product' }),
  );
  expect(named).toMatchObject({ category: 'product', decision: 'stop' });
  expect(named?.reason).toContain('Input dispatching timed out');
});

test('an adb failure is the environment’s and stops the goal', () => {
  const a = decide(
    failedWith({ name: 'DeviceCommandFailed', message: 'input tap 10 20 on emulator-5554 exited with 137', category: 'environment' }, { verdict: 'EXCEPTION' }),
  );
  expect(a).toMatchObject({ category: 'environment', decision: 'stop', pattern: 'device-lost' });
  expect(a?.reason).toContain('adb devices');
});

test('a system dialog that comes back after every answer is the app’s doing: stop', () => {
  const message =
    'A system dialog "Allow Shop to use the camera?" (com.google.android.permissioncontroller; buttons "Allow", "Deny") covers the app before tap, and it came back after 5 answers. Answer it in the test with handle_dialog, or grant the permission up front.';
  const a = decide(failedWith({ name: 'DialogBlocked', message: message, category: 'environment' }));
  expect(a).toMatchObject({ category: 'product', decision: 'stop', pattern: 'dialog-repeats' });
  expect(a?.reason).toContain('com.google.android.permissioncontroller');
});

test('finish(success: false) and give_up end the goal as the plan’s, quoting the agent', () => {
  const failed = decide(failedWith({ name: 'GoalFailed', message: 'The goal was not reached: the cart is empty', category: 'plan' }, { primitive: 'finish' }));
  expect(failed).toMatchObject({ category: 'plan', decision: 'stop', pattern: 'goal-ended' });
  expect(failed?.reason).toContain('the cart is empty');
  expect(decide(failedWith({ name: 'GaveUp', message: 'Gave up on the goal: no Pay button', category: 'plan' }, { primitive: 'give_up' }))).toMatchObject({
    category: 'plan',
    decision: 'stop',
  });
});

test('a cancelled action stops; a focus the plan assumed wrongly asks for a new plan', () => {
  expect(
    decide(failedWith({ name: 'Aborted', message: 'The action was cancelled: the test ended', category: 'execution' }, { verdict: 'EXCEPTION' })),
  ).toMatchObject({
    category: 'execution',
    decision: 'stop',
    pattern: 'aborted',
  });
  expect(
    decide(failedWith({ name: 'NoFocusedField', message: 'input_text without a target works on the focused field, but no field has focus', category: 'plan' })),
  ).toMatchObject({
    category: 'plan',
    decision: 'replan',
    pattern: 'plan-problem',
  });
});

test('what no rule knows is left to the model, and an action that succeeded has nothing to attribute', () => {
  expect(decide(failedWith({ name: 'TextMismatch', message: 'Typed "abc" but the field reads "ab"', category: 'execution' }))).toBeUndefined();
  expect(decide(failedWith({ name: 'NotRotated', message: 'Asked for landscape, but the screen is turned 0°.', category: 'product' }))).toBeUndefined();
  const ok: ActionResult = { actionId: 'ok1', primitive: 'tap', verdict: 'OK', candidates: [], timings: { total_ms: 1, device_ms: 1, harness_ms: 0 } };
  expect(decide(ok)).toBeUndefined();
});

test('a known secret in a failure message never reaches the reason or the evidence', () => {
  registerSecret('hunter2-secret');
  const a = decide(
    failedWith({
      name: 'ExpectationFailed',
      message: 'Expected "Welcome" to be visible after input_text "hunter2-secret", but No element matches "Welcome"',
      category: 'plan',
    }),
  );
  expect(a).toMatchObject({ category: 'plan', decision: 'replan' });
  expect(JSON.stringify(a)).not.toContain('hunter2-secret');
  expect(a?.reason).toContain('•••');
});
