import { expect, test } from '@playwright/test';
import { startSim } from '../sim/index.js';
import { launchShop, sharedPhone, type TestRunner } from '../primitives/exec/testing/phone.js';
import { agentOn } from './testing/agent-harness.js';
import { SHOP_JOURNEY, shopPlanner } from './testing/shop-model.js';
import type { Wire } from './testing/model-server.js';

// Agent steps on the virtual phone's Shop, with a scripted model behind real HTTP.
test.describe.configure({ mode: 'serial' });

const phone = sharedPhone(() => startSim({ serverPort: 0, seed: 1 }));

async function freshShop(): Promise<TestRunner> {
  const exec = await phone.session.executor();
  await launchShop(exec);
  return exec;
}

for (const wire of ['openai', 'anthropic'] as Wire[]) {
  test(`a multi-step goal reaches the cart through the ${wire} planner in a handful of calls`, async () => {
    const exec = await freshShop();
    const h = await agentOn(exec, { wire, decide: shopPlanner() });
    try {
      const outcome = await h.agent.step(SHOP_JOURNEY);
      expect(outcome.path).toBe('model');
      expect(outcome.llmCalls).toBeLessThanOrEqual(6);
      expect((await exec.run({ name: 'assert_visible', params: { target: 'Cart, 1 item' } })).verdict).toBe('OK');
      const events = await h.events();
      const end = events.find((e) => e.kind === 'agent_end');
      expect(end).toMatchObject({ status: 'passed', path: 'model', call: 'step' });
      expect(events.filter((e) => e.kind === 'llm_call')).toHaveLength(outcome.llmCalls);
      // The password named in the goal is masked in every event, the goal's own text included.
      expect(JSON.stringify(events).includes('pass123'), 'a secret in the events').toBe(false);
    } finally {
      await h.close();
    }
  });
}
