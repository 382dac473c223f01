// A test's trace as the viewer shows it, built from an events log without writing a report: what a
// step holds when the log was cut short or repeats itself, which screens an agent's decisions cite
// refs on, and how an agent call's time splits.
import { test, expect } from '@playwright/test';
import { buildTrace } from './trace.js';
import { ev } from './testing/events.js';

test('a step cut off by the end of the log is UNFINISHED and lasts to the last event; a repeated completion does not replace the first', () => {
  const trace = buildTrace(
    [
      ev('test_start', { title: 'buys' }),
      ev('action_start', { action_id: 'a1', primitive: 'tap', params: { target: 'Buy' }, target: 'Buy', source: 'script' }),
      ev('action_end', { action_id: 'a1', verdict: 'OK', timings: { total_ms: 12, device_ms: 9, harness_ms: 3 } }),
      ev('action_end', { action_id: 'a1', verdict: 'FAIL', timings: { total_ms: 99, device_ms: 9, harness_ms: 3 } }),
      ev('action_start', { action_id: 'a2', primitive: 'press_key', params: { key: 'back' }, source: 'script' }),
      ev('note', { note: 'torn_line_dropped', detail: 'the run was killed' }),
    ],
    { rootDir: '/' },
  );
  expect(trace.steps.map((s) => [s.name, s.label, s.status, s.duration_ms])).toEqual([
    ['tap', 'Buy', 'OK', 12],
    ['press_key', 'back', 'UNFINISHED', 10],
  ]);
});

test('a decision that chose actions cites refs on the screen its first action met; a verdict cites them on the screen last seen; agent timings split device and model time', () => {
  const trace = buildTrace(
    [
      ev('test_start', { title: 'adds' }),
      ev('agent_start', { action_id: 'g', call: 'step', text: 'add a cable' }),
      ev('llm_call', {
        action_id: 'g',
        role: 'planner',
        model: 'm',
        prompt_ref: 'p.txt',
        answer_ref: 'a.txt',
        tokens_in: 5,
        tokens_out: 1,
        cost_usd: 0,
        duration_ms: 300,
      }),
      ev('agent_decision', {
        action_id: 'g',
        role: 'planner',
        path: 'model',
        reason: 'the first cable',
        actions: [{ name: 'tap', params: { target: 'Add to cart' } }],
        refs: ['e12'],
      }),
      ev('action_start', {
        action_id: 'a1',
        primitive: 'tap',
        params: { target: 'Add to cart' },
        target: 'Add to cart',
        source: 'agent',
        parent_action_id: 'g',
      }),
      ev('observation', {
        action_id: 'a1',
        phase: 'before',
        screen_text: 'app x · screen 100x200\ne12 button "Add to cart"',
        signature: 's',
        hierarchy: 'h1.json',
      }),
      ev('observation', { action_id: 'a1', phase: 'after', screen_text: 'app x · screen 100x200\ne3 text "1 in cart"', signature: 't' }),
      ev('action_end', { action_id: 'a1', verdict: 'OK', timings: { total_ms: 140, device_ms: 120, harness_ms: 20 } }),
      ev('agent_decision', { action_id: 'g', role: 'validator', path: 'model', reason: 'the badge says 1', refs: ['e3'] }),
      ev('agent_end', {
        action_id: 'g',
        call: 'step',
        status: 'passed',
        path: 'model',
        cache: 'miss',
        llm_calls: 1,
        tokens_in: 5,
        tokens_out: 1,
        steps: 1,
        reason: 'done',
        duration_ms: 1000,
      }),
    ],
    { rootDir: '/' },
  );
  const [agent] = trace.steps;
  const [tap] = agent.children;
  expect(tap.before?.cited).toEqual(['e12']);
  expect(tap.before?.hierarchy).toBe('h1.json');
  expect(tap.after?.cited).toEqual(['e3']);
  expect(agent.agent?.decisions.map((d) => d.screen)).toEqual([tap.before, tap.after]);
  expect(agent.timings).toEqual({
    total_ms: 1000,
    device_ms: 120,
    model_ms: 300,
    harness_ms: 580,
    device_calls: [],
    budget: { reads: 0, read_ms: 0, screenshots: 0, screenshot_ms: 0, other: 0, other_ms: 0 },
  });
});

test("in a team test, an agent's verdict cites refs on its own device's last screen and its verification is read on its device's screen, never the other device's", () => {
  const screen = (device: string, action_id: string, text: string) =>
    ev('observation', {
      device,
      action_id,
      phase: 'after',
      screen_text: `app chat · screen 1080x2400\ne1 text "${text}"`,
      signature: 'same',
      screenshot: `${device}.png`,
    });
  const trace = buildTrace(
    [
      ev('test_start', { title: 'chat', devices: { alice: 'emulator-5554', bob: 'emulator-5556' } }),
      ev('action_start', { device: 'bob', action_id: 'b1', primitive: 'launch_app', params: { app: 'chat' }, source: 'script' }),
      screen('bob', 'b1', 'inbox'),
      ev('agent_start', { device: 'bob', action_id: 'g', call: 'expect', text: 'hi is shown' }),
      // alice's screen arrives last, with the same signature: bob's check must not read it.
      ev('action_start', { device: 'alice', action_id: 'a1', primitive: 'tap', params: { target: 'Send' }, target: 'Send', source: 'script' }),
      screen('alice', 'a1', 'sent'),
      ev('agent_decision', { device: 'bob', action_id: 'g', role: 'validator', path: 'model', reason: 'hi is there', refs: ['e1'] }),
      ev('agent_end', {
        device: 'bob',
        action_id: 'g',
        call: 'expect',
        status: 'passed',
        path: 'model',
        cache: 'off',
        llm_calls: 1,
        tokens_in: 1,
        tokens_out: 1,
        steps: 0,
        reason: 'ok',
        duration_ms: 5,
        verification: { by: 'validator', rule: '', check: 'hi is shown', held: true, screen: 'chat', signature: 'same', refs: ['e1'] },
      }),
    ],
    { rootDir: '/' },
  );
  expect(trace.devices).toEqual({ alice: 'emulator-5554', bob: 'emulator-5556' });
  expect(trace.steps.map((s) => [s.device, s.name])).toEqual([
    ['bob', 'launch_app'],
    ['bob', 'ai.expect'],
    ['alice', 'tap'],
  ]);
  const check = trace.steps[1].agent;
  expect(check?.decisions[0].screen?.screenshot).toBe('bob.png');
  expect(check?.verification?.seen?.screenshot).toBe('bob.png');
});
