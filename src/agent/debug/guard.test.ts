import { expect, test } from '@playwright/test';
import { observeScreen, type Observation, type Screen, type SituationReport } from '../../observe/index.js';
import type { ActionResult, PrimitiveCall } from '../../primitives/index.js';
import { ProgressGuard } from './guard.js';

// The guards of one goal: what ends it, what earns one press of back first, and the reasons a report shows.
function screenOf(activity: string, labels: string[]): Observation {
  const screen: Screen = {
    width: 1080,
    height: 2400,
    rotation: 0,
    nodeCount: labels.length,
    skippedNodes: 0,
    foreground: { package: 'com.example.shop', activity },
    windows: [{ kind: 'app', package: 'com.example.shop', bounds: { left: 0, top: 0, right: 1080, bottom: 2400 }, hiddenElements: 0 }],
    elements: labels.map((label, i) => ({
      ref: `e${i + 1}`,
      role: 'button',
      label,
      states: [],
      window: 0,
      className: 'android.widget.Button',
      resourceId: '',
      bounds: { left: 0, top: 100 * i, right: 1080, bottom: 100 * i + 90 },
    })),
  };
  return observeScreen(screen);
}
const CART = screenOf('.CartActivity', ['Your cart', 'Apply', 'Checkout']);
const HOME = screenOf('.MainActivity', ['Hi, Alice', 'Headphones']);
const tap = (target: string): PrimitiveCall => ({ name: 'tap', params: { target } });
const report = (changed: boolean, extra: Partial<SituationReport> = {}): SituationReport => ({
  screen_changed: changed,
  new_elements: [],
  disappeared_elements: [],
  changed_elements: [],
  ...extra,
});
/** An action's screens before and after, whether the screen changed, and the rest of its report. */
interface Ran {
  before: Observation;
  after: Observation;
  changed: boolean;
  extra?: Partial<SituationReport>;
}
function ran(call: PrimitiveCall, { before, after, changed, extra = {} }: Ran): ActionResult {
  return {
    actionId: 'x',
    primitive: call.name,
    verdict: 'OK',
    candidates: [],
    before,
    after,
    report: report(changed, extra),
    timings: { total_ms: 1, device_ms: 1, harness_ms: 0 },
  };
}

test('the same action on the same screen a third time is a loop: back once, then the goal ends naming the action and the screen', () => {
  const guard = new ProgressGuard({ maxSteps: 20, maxReplans: 3 });
  for (let i = 0; i < 2; i++) {
    expect(guard.beforeAction(CART.signature, tap('Apply'))).toEqual({ ok: true });
    expect(guard.afterAction(ran(tap('Apply'), { before: CART, after: CART, changed: true }))).toEqual({ ok: true });
  }
  // The same call elsewhere, or another call here, is no loop.
  expect(guard.beforeAction(HOME.signature, tap('Apply'))).toEqual({ ok: true });
  expect(guard.beforeAction(CART.signature, tap('Checkout'))).toEqual({ ok: true });

  const first = guard.beforeAction(CART.signature, { name: 'tap', params: { target: 'Apply' } });
  expect(first).toEqual({
    ok: false,
    kind: 'loop',
    recover: 'back',
    reason:
      'tap {"target":"Apply"} was about to run for the 3rd time on the same screen (com.example.shop/.CartActivity showing "Your cart", "Apply", "Checkout")',
  });
  expect(guard.steps).toBe(4);

  const last = guard.beforeAction(CART.signature, tap('Apply'));
  expect(last).toMatchObject({ ok: false, kind: 'loop' });
  expect(last).not.toHaveProperty('recover');
  expect(!last.ok && last.reason).toBe(
    'stopped in a loop: tap {"target":"Apply"} was about to run for the 4th time on the same screen (com.example.shop/.CartActivity showing "Your cart", "Apply", "Checkout"), after back had already been pressed once to break out',
  );
  // Once ended, the guard answers the same to everything.
  expect(guard.beforeAction(HOME.signature, tap('Headphones'))).toEqual(last);
});

test('loopRepeats sets how many identical tries are fine, and key order in the call does not matter', () => {
  const guard = new ProgressGuard({ maxSteps: 20, maxReplans: 3, loopRepeats: 1 });
  expect(guard.beforeAction(CART.signature, { name: 'swipe', params: { direction: 'up', distance: 0.5 } } as PrimitiveCall)).toEqual({ ok: true });
  expect(guard.beforeAction(CART.signature, { name: 'swipe', params: { distance: 0.5, direction: 'up' } } as PrimitiveCall)).toMatchObject({
    ok: false,
    kind: 'loop',
    recover: 'back',
  });
});

test('three actions in a row that change nothing are stuck: back once, then the goal ends; looking does not count', () => {
  const guard = new ProgressGuard({ maxSteps: 20, maxReplans: 3 });
  const still = (target: string) => {
    guard.beforeAction(CART.signature, tap(target));
    return guard.afterAction(ran(tap(target), { before: CART, after: CART, changed: false }));
  };
  expect(still('Apply')).toEqual({ ok: true });
  expect(still('Your cart')).toEqual({ ok: true });
  const look: PrimitiveCall = { name: 'assert_visible', params: { target: 'Apply' } };
  guard.beforeAction(CART.signature, look);
  expect(guard.afterAction(ran(look, { before: CART, after: CART, changed: false }))).toEqual({ ok: true });
  expect(still('Checkout')).toEqual({
    ok: false,
    kind: 'stuck',
    recover: 'back',
    reason: 'stuck: 3 actions in a row left the screen unchanged on com.example.shop/.CartActivity showing "Your cart", "Apply", "Checkout"',
  });

  // A change in between starts the count again.
  expect(still('Apply')).toEqual({ ok: true });
  guard.beforeAction(CART.signature, tap('Checkout'));
  expect(guard.afterAction(ran(tap('Checkout'), { before: CART, after: HOME, changed: true }))).toEqual({ ok: true });
  guard.beforeAction(HOME.signature, tap('Hi, Alice'));
  guard.afterAction(ran(tap('Hi, Alice'), { before: HOME, after: HOME, changed: false }));
  guard.beforeAction(HOME.signature, tap('Headphones'));
  // The situation report's frozen frames count at once.
  const last = guard.afterAction(ran(tap('Headphones'), { before: HOME, after: HOME, changed: false, extra: { stuck: { frames: 5 } } }));
  expect(last).toEqual({
    ok: false,
    kind: 'stuck',
    reason:
      'stopped because the screen is stuck: the screen showed the same frame 5 times in a row on com.example.shop/.MainActivity showing "Hi, Alice", "Headphones", after back had already been pressed once to get out',
  });
});

test('calls that changed nothing are listed per screen for the planner, secret text masked', () => {
  const guard = new ProgressGuard({ maxSteps: 20, maxReplans: 3 });
  const typed: PrimitiveCall = { name: 'input_text', params: { target: 'Password', text: 'pass123', secret: true } };
  guard.beforeAction(CART.signature, typed);
  guard.afterAction(ran(typed, { before: CART, after: CART, changed: false }));
  guard.beforeAction(CART.signature, tap('Checkout'));
  guard.afterAction(ran(tap('Checkout'), { before: CART, after: HOME, changed: true }));
  expect(guard.noEffect(CART.signature)).toEqual(['input_text {"secret":true,"target":"Password","text":"•••"}']);
  expect(guard.noEffect(HOME.signature)).toEqual([]);
});

test('the step limit ends the goal with the count and the last screen', () => {
  const guard = new ProgressGuard({ maxSteps: 3, maxReplans: 3 });
  const screens = [HOME, CART, CART];
  screens.forEach((before, i) => {
    expect(guard.beforeAction(before.signature, tap(`step ${i}`))).toEqual({ ok: true });
    guard.afterAction(ran(tap(`step ${i}`), { before: before, after: CART, changed: true }));
  });
  expect(guard.beforeAction(CART.signature, tap('Checkout'))).toEqual({
    ok: false,
    kind: 'step_limit',
    reason:
      'stopped after 3 actions without reaching the goal (the limit is 3); the last screen was com.example.shop/.CartActivity showing "Your cart", "Apply", "Checkout"',
  });
});

test('the replan limit ends the goal with the count and the last failure', () => {
  const guard = new ProgressGuard({ maxSteps: 20, maxReplans: 2 });
  guard.beforeAction(HOME.signature, tap('Headphones'));
  guard.afterAction(ran(tap('Headphones'), { before: HOME, after: CART, changed: true }));
  expect(guard.replanned('no Pay button')).toEqual({ ok: true });
  expect(guard.replanned('no Pay button')).toEqual({ ok: true });
  const last = guard.replanned('The target of tap is not on the screen (No element matches "Pay")');
  expect(last).toEqual({
    ok: false,
    kind: 'replan_limit',
    reason:
      'stopped after 2 replans without reaching the goal (1 action run); the last failure: The target of tap is not on the screen (No element matches "Pay"); the last screen was com.example.shop/.CartActivity showing "Your cart", "Apply", "Checkout"',
  });
  expect(guard.replans).toBe(3);
});
