import { expect, test } from '@playwright/test';
import { startSim } from '../../sim/index.js';
import { sharedPhone, signIn } from '../../primitives/exec/testing/phone.js';
import { agentOn } from '../testing/agent-harness.js';
import { refOf, type ModelTurn, type TurnAnswer } from '../testing/model-server.js';

// The roles besides the planner: the locator settles an ambiguous target, the debugger attributes a
// failure the rules do not know (once: the pattern is remembered), and an offline rule that cannot
// go on hands over to the planner from the live screen.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));
const act = (...actions: unknown[]): TurnAnswer => ({ json: { thought: 'next', actions } });
const roleCalls = (turns: ModelTurn[], schema: string) => turns.filter((t) => t.schema === schema).length;

test('an ambiguous target goes to the locator model, whose pick is tapped', async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  const turns: ModelTurn[] = [];
  const h = await agentOn(exec, {
    decide: (turn) => {
      turns.push(turn);
      if (turn.schema === 'locate') {
        // The candidates are listed in the prompt: "e30 "Kids Headphones $24.99" (score 0.68)".
        const kids = /(e\d+) "Kids Headphones/.exec(turn.user)?.[1];
        return { json: { candidates: [{ ref: kids, confidence: 0.9 }] } };
      }
      const title = refOf(turn.screen, 'text', /^Kids Headphones$/);
      if (title) return act({ name: 'finish', params: { success: true, evidence: [title], summary: 'the kids headphones are open' } });
      // "Headphones" matches two-word products equally well: the rule locator cannot choose.
      return act({ name: 'tap', params: { target: 'Headphones', expected: { visible: 'Add to cart' } } });
    },
  });
  try {
    const outcome = await h.agent.step('open the headphones for kids');
    expect(outcome.path).toBe('model');
    expect(roleCalls(turns, 'locate')).toBe(1);
    expect((await exec.run({ name: 'assert_visible', params: { target: { text: 'Kids Headphones' } } })).verdict).toBe('OK');
    const events = await h.events();
    const ambiguous = events.find((e) => e.kind === 'action_end' && e.error?.name === 'TargetAmbiguous');
    expect(ambiguous).toBeTruthy();
    expect(events.some((e) => e.kind === 'agent_decision' && e.role === 'locator' && e.reason.startsWith('picked e'))).toBe(true);
  } finally {
    await h.close();
  }
});

test('a failure the rules do not know is attributed by the debugger model once; the same failure again costs no call', async () => {
  const exec = await phone.session.executor();
  await signIn(exec);
  const turns: ModelTurn[] = [];
  let waits = 0;
  const h = await agentOn(exec, {
    decide: (turn) => {
      turns.push(turn);
      if (turn.schema === 'diagnose') return { json: { category: 'plan', decision: 'replan', reason: 'the awaited element never appears on this screen' } };
      if (turn.schema === 'judge') return { json: { reason: 'home is shown', verdict: 'pass', refs: [refOf(turn.screen, 'text', /^Hi, Alice$/)] } };
      // Twice a wait for something this screen never shows, then done.
      if (waits < 2) {
        waits += 1;
        return act({ name: 'wait_for', params: { target: `Order ${waits} shipped`, state: 'visible', timeout_ms: 300 } });
      }
      return act({ name: 'finish', params: { success: true, evidence: [refOf(turn.screen, 'text', /^Hi, Alice$/)], summary: 'home is shown' } });
    },
  });
  try {
    await h.agent.step('wait for the order to ship, else carry on');
    expect(roleCalls(turns, 'diagnose')).toBe(1);
    const debugger_ = (await h.events()).filter((e) => e.kind === 'agent_decision' && e.role === 'debugger');
    expect(debugger_.map((e) => e.kind === 'agent_decision' && e.path)).toEqual(['model', 'rules']);
    expect(debugger_.every((e) => e.kind === 'agent_decision' && e.data?.category === 'plan' && e.data?.decision === 'replan')).toBe(true);
  } finally {
    await h.close();
  }
});

test('an offline rule that cannot go on hands over to the planner, which reaches the goal', async () => {
  const exec = await phone.session.executor({ timeouts: { target: 800, idle: 3000, assertion: 2000 } });
  await signIn(exec);
  const turns: ModelTurn[] = [];
  const h = await agentOn(exec, {
    decide: (turn) => {
      turns.push(turn);
      const title = refOf(turn.screen, 'text', /^Your cart$|^Cart$/);
      if (title) return act({ name: 'finish', params: { success: true, evidence: [title], summary: 'the cart is open' } });
      return act({ name: 'tap', params: { target: refOf(turn.screen, 'button', /^Cart, /), expected: { screen_changed: true } } });
    },
  });
  try {
    // "tap Basket" is in the offline grammar, but Shop has no Basket: the rule fails and the model takes over.
    const outcome = await h.agent.step('tap Basket');
    expect(outcome.path).toBe('model');
    expect(turns[0].user).toContain('the offline rule "tap" failed');
    const events = await h.events();
    expect(events.some((e) => e.kind === 'agent_decision' && e.path === 'rules' && e.role === 'planner')).toBe(true);
  } finally {
    await h.close();
  }
});

test('with a model configured, goals and checks in the offline grammar still take the rules and make no call', async () => {
  const exec = await phone.session.executor();
  await exec.ok({ name: 'launch_app', params: { clear_state: true, permissions: ['android.permission.POST_NOTIFICATIONS'] } });
  const h = await agentOn(exec, { decide: () => act({ name: 'give_up', params: { reason: 'not to be asked' } }) });
  try {
    expect(await h.agent.step('log in with alice@example.com and "pass123"')).toMatchObject({ path: 'rules', llmCalls: 0 });
    expect(await h.agent.expect('the screen shows Hi, Alice')).toMatchObject({ path: 'rules', llmCalls: 0 });
    expect(h.server?.requests).toHaveLength(0);
  } finally {
    await h.close();
  }
});
