import { z } from 'zod';
import { definePrimitive } from './define.js';

export const finish = definePrimitive({
  name: 'finish',
  family: 'agent',
  description: 'End the goal, citing the screen elements that prove the outcome.',
  params: z.strictObject({
    success: z.boolean(),
    evidence: z.array(z.string().min(1)).describe('refs of elements that show the outcome, e.g. e7'),
    summary: z.string().min(1),
  }),
});

export const give_up = definePrimitive({
  name: 'give_up',
  family: 'agent',
  description: 'Stop trying the goal and say why.',
  params: z.strictObject({ reason: z.string().min(1) }),
});
