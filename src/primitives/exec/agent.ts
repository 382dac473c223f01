// Agent control: end a goal with evidence, or give up with a reason.
import type { Executors } from '../schema/registry.js';
import type { ActionContext } from './context.js';
import { PlanProblem } from './errors.js';

type AgentExecutors = Pick<Executors<ActionContext, void>, 'finish' | 'give_up'>;

export const agentExecutors: AgentExecutors = {
  async finish(p, ctx) {
    ctx.output.text = p.summary;
    if (!p.success) throw new PlanProblem('GoalFailed', `The goal was not reached: ${p.summary}`);
  },

  async give_up(p) {
    throw new PlanProblem('GaveUp', `Gave up on the goal: ${p.reason}`);
  },
};
