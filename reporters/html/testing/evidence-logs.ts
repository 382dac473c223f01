// The events logs of the viewer's evidence tests, as the executor writes them, and the element
// snapshots beside them: an agent step that adds a cable then a tap that fails to find "Checkout";
// Bluetooth turned on by an offline rule then not turned off; and a long session of taps.
import path from 'node:path';
import type { AgentVerification, EventError, EventInput } from '../../../src/events/index.js';

const SCREEN = 'app com.example.shop/.MainActivity · screen 1080x2400';
export type Bounds = { left: number; top: number; right: number; bottom: number };
export const E12: Bounds = { left: 60, top: 900, right: 500, bottom: 990 };
export const E13: Bounds = { left: 60, top: 1300, right: 500, bottom: 1390 };
export const E3: Bounds = { left: 700, top: 60, right: 1040, bottom: 140 };
export const CATALOGUE = {
  v: 1,
  width: 1080,
  height: 2400,
  elements: [
    { ref: 'e10', role: 'list', label: '', bounds: { left: 0, top: 200, right: 1080, bottom: 2000 }, window: 'app' },
    { ref: 'e11', role: 'text', label: 'Cables', bounds: { left: 40, top: 300, right: 1040, bottom: 380 }, window: 'app' },
    { ref: 'e12', role: 'button', label: 'Add to cart', bounds: E12, window: 'app' },
    { ref: 'e13', role: 'button', label: 'Add to cart', bounds: E13, window: 'app' },
  ],
};
export const CART = {
  v: 1,
  width: 1080,
  height: 2400,
  elements: [
    { ref: 'e3', role: 'text', label: '1 in cart', bounds: E3, window: 'app' },
    { ref: 'e5', role: 'button', label: 'Check out', bounds: { left: 60, top: 2200, right: 1020, bottom: 2320 } },
  ],
};
// The Connected devices screen of Settings, Bluetooth off and then on: the same row, a new ref.
export const E19: Bounds = { left: 40, top: 700, right: 1040, bottom: 820 };
export const BT_OFF = { v: 1, width: 1080, height: 2400, elements: [{ ref: 'e19', role: 'toggle', label: 'Bluetooth Off', bounds: E19, window: 'app' }] };
export const BT_ON = { v: 1, width: 1080, height: 2400, elements: [{ ref: 'e23', role: 'toggle', label: 'Bluetooth On', bounds: E19, window: 'app' }] };
export const BT_SCREEN = 'com.android.settings/.SubSettings showing "Navigate up", "Connected devices", "Bluetooth On"';
export const SUGGESTION = 'The button now reads "Check out": update the target in the spec.';
export const EVIDENCE = ['closest: e5 button "Check out" (score 0.81)', 'the screen before had 2 elements, none labelled "Checkout"'];

/** An agent step that adds a cable, then a scripted tap that finds no "Checkout"; its spec is under `dir`. */
export function checkoutEvents(dir: string): EventInput[] {
  const error: EventError = {
    name: 'ElementNotFound',
    message: 'no element matches "Checkout"',
    category: 'locator',
    suggestion: SUGGESTION,
    evidence: EVIDENCE,
  };
  const catalogue = `${SCREEN}\ne10 list\n  e11 text "Cables"\n  e12 button "Add to cart"\n  e13 button "Add to cart"`;
  const cart = `${SCREEN}\ne3 text "1 in cart"\ne5 button "Check out"`;
  return [
    { kind: 'test_start', title: 'checks out', device: 'emulator-5554' },
    { kind: 'agent_start', action_id: 'g1', call: 'step', text: 'add a cable to the cart' },
    {
      kind: 'llm_call',
      action_id: 'g1',
      role: 'planner',
      model: 'gpt-4o-mini',
      prompt_ref: 'p-prompt.txt',
      answer_ref: 'p-answer.txt',
      tokens_in: 900,
      tokens_out: 40,
      cost_usd: 0,
      duration_ms: 400,
    },
    {
      kind: 'agent_decision',
      action_id: 'g1',
      role: 'planner',
      path: 'model',
      reason: "the first cable's button",
      actions: [{ name: 'tap', params: { target: 'Add to cart' } }],
      refs: ['e12'],
    },
    {
      kind: 'action_start',
      action_id: 't1',
      primitive: 'tap',
      params: { target: 'Add to cart' },
      target: 'Add to cart',
      source: 'agent',
      parent_action_id: 'g1',
    },
    {
      kind: 'observation',
      action_id: 't1',
      phase: 'before',
      screen_text: catalogue,
      signature: 's1',
      screenshot: 'catalogue.png',
      hierarchy: 'h-catalogue.json',
    },
    {
      kind: 'candidates',
      action_id: 't1',
      target: 'Add to cart',
      ambiguous: true,
      chosen: 0,
      candidates: [
        { ref: 'e12', label: 'Add to cart', score: 0.92, bounds: E12 },
        { ref: 'e13', label: 'Add to cart', score: 0.9, bounds: E13 },
      ],
    },
    { kind: 'observation', action_id: 't1', phase: 'after', screen_text: cart, signature: 's2', screenshot: 'cart.png', hierarchy: 'h-cart.json' },
    {
      kind: 'action_end',
      action_id: 't1',
      verdict: 'OK',
      timings: { total_ms: 140, device_ms: 120, harness_ms: 20 },
      gesture: { kind: 'tap', points: [{ x: 280, y: 945 }], screen: { width: 1080, height: 2400 } },
    },
    { kind: 'agent_decision', action_id: 'g1', role: 'validator', path: 'model', reason: 'the badge says 1 in cart', refs: ['e3'] },
    {
      kind: 'agent_end',
      action_id: 'g1',
      call: 'step',
      status: 'passed',
      path: 'model',
      cache: 'miss',
      llm_calls: 1,
      tokens_in: 900,
      tokens_out: 40,
      steps: 1,
      reason: 'goal reached',
      duration_ms: 700,
    },
    {
      kind: 'action_start',
      action_id: 't2',
      primitive: 'tap',
      params: { target: 'Checkout' },
      target: 'Checkout',
      source: 'script',
      location: { file: path.join(dir, 'specs', 'shop.test.ts'), line: 9 },
    },
    { kind: 'observation', action_id: 't2', phase: 'before', screen_text: cart, signature: 's2', screenshot: 'cart.png', hierarchy: 'h-cart.json' },
    { kind: 'action_end', action_id: 't2', verdict: 'FAIL', timings: { total_ms: 5004, device_ms: 4120, harness_ms: 884 }, error },
    { kind: 'test_end', status: 'failed', duration_ms: 6000, error },
  ];
}

/** A screen as its observation records it: the text, its signature, and the files beside the log. */
interface ObservedScreen {
  screen_text: string;
  signature: string;
  screenshot: string;
  hierarchy: string;
}

/** One step that taps the Bluetooth switch: its goal, the screens before and after the tap, and how its outcome was verified. */
interface SwitchStep {
  goal: string;
  before: ObservedScreen;
  after: ObservedScreen;
  verification: AgentVerification;
}

/** Bluetooth turned on by an offline rule, verified; then a tap that turned nothing off, not verified. */
export function bluetoothEvents(): EventInput[] {
  const head = 'app com.android.settings/.SubSettings · screen 1080x2400\ne16 button "Navigate up"\ne17 text "Connected devices"';
  const off = { screen_text: `${head}\ne19 toggle "Bluetooth Off" unchecked`, signature: 'bt-off', screenshot: 'bt-off.png', hierarchy: 'h-bt-off.json' };
  const on = { screen_text: `${head}\ne23 toggle "Bluetooth On" checked`, signature: 'bt-on', screenshot: 'bt-on.png', hierarchy: 'h-bt-on.json' };
  const held: AgentVerification = {
    by: 'rule',
    rule: 'turn on/off',
    check: 'a switch "Bluetooth" is on',
    held: true,
    screen: BT_SCREEN,
    signature: 'bt-on',
    refs: ['e23'],
  };
  const notHeld: AgentVerification = { ...held, check: 'a switch "Bluetooth" is off', held: false, missing: 'toggle e23 "Bluetooth On" is on' };
  const error: EventError = {
    name: 'AgentStepFailed',
    message: 'ai.step "turn off Bluetooth" failed (GoalNotVerified): a switch "Bluetooth" is off does not hold',
    category: 'product',
  };
  const step = (id: string, { goal, before, after, verification }: SwitchStep): EventInput[] => [
    { kind: 'agent_start', action_id: id, call: 'step', text: goal },
    {
      kind: 'agent_decision',
      action_id: id,
      role: 'planner',
      path: 'rules',
      reason: 'offline rule "turn on/off"',
      actions: [{ name: 'tap', params: { target: 'Bluetooth' } }],
      refs: [before === off ? 'e19' : 'e23'],
    },
    {
      kind: 'action_start',
      action_id: `${id}-tap`,
      primitive: 'tap',
      params: { target: 'Bluetooth' },
      target: 'Bluetooth',
      source: 'agent',
      parent_action_id: id,
    },
    { kind: 'observation', action_id: `${id}-tap`, phase: 'before', ...before },
    { kind: 'observation', action_id: `${id}-tap`, phase: 'after', ...after },
    { kind: 'action_end', action_id: `${id}-tap`, verdict: 'OK', timings: { total_ms: 110, device_ms: 90, harness_ms: 20 } },
    {
      kind: 'agent_decision',
      action_id: id,
      role: 'validator',
      path: 'rules',
      reason: `${verification.held ? 'verified' : 'not verified'}: ${verification.check}`,
      refs: verification.refs,
      data: { verification },
    },
    {
      kind: 'agent_end',
      action_id: id,
      call: 'step',
      status: verification.held ? 'passed' : 'failed',
      path: 'rules',
      cache: 'miss',
      llm_calls: 0,
      tokens_in: 0,
      tokens_out: 0,
      steps: 1,
      reason: verification.held ? 'done by the offline rule "turn on/off"' : 'the tap did not turn it off',
      duration_ms: 160,
      verification,
      ...(verification.held ? {} : { error }),
    },
  ];
  return [
    { kind: 'test_start', title: 'switches Bluetooth', device: 'emulator-5554' },
    ...step('on', { goal: 'turn on Bluetooth', before: off, after: on, verification: held }),
    ...step('off', { goal: 'turn off Bluetooth', before: on, after: on, verification: notHeld }),
    { kind: 'test_end', status: 'failed', duration_ms: 400, error },
  ];
}

export function longEvents(steps: number): EventInput[] {
  const events: EventInput[] = [{ kind: 'test_start', title: 'a long session', device: 'emulator-5554' }];
  for (let i = 1; i <= steps; i++) {
    events.push({ kind: 'action_start', action_id: `s${i}`, primitive: 'tap', params: { target: `Item ${i}` }, target: `Item ${i}`, source: 'script' });
    events.push({
      kind: 'observation',
      action_id: `s${i}`,
      phase: 'before',
      screen_text: `${SCREEN}\ne1 item "Item ${i}"`,
      signature: `s${i}`,
      screenshot: 'cart.png',
      hierarchy: 'h-cart.json',
    });
    events.push({ kind: 'action_end', action_id: `s${i}`, verdict: 'OK', timings: { total_ms: 100, device_ms: 80, harness_ms: 20 } });
  }
  events.push({ kind: 'test_end', status: 'passed', duration_ms: steps * 100 });
  return events;
}
