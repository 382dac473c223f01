import { z } from 'zod';
import { definePrimitive, timeoutMs } from './define.js';
import { Target } from './target.js';

export const wait_for = definePrimitive({
  name: 'wait_for',
  family: 'waiting',
  description: 'Wait until an element is visible, gone or enabled.',
  params: z.strictObject({
    target: Target,
    state: z.enum(['visible', 'gone', 'enabled']),
    timeout_ms: timeoutMs.optional(),
  }),
});

export const wait_idle = definePrimitive({
  name: 'wait_idle',
  family: 'waiting',
  description: 'Wait until the screen stops changing.',
  params: z.strictObject({ timeout_ms: timeoutMs.optional() }),
});
