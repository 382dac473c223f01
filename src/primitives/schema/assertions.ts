import { z } from 'zod';
import { definePrimitive, timeoutMs } from './define.js';
import { Target } from './target.js';

export const assert_visible = definePrimitive({
  name: 'assert_visible',
  family: 'assertions',
  description: 'Check that an element is on screen (retried until the timeout).',
  params: z.strictObject({ target: Target, timeout_ms: timeoutMs.optional() }),
});

export const assert_not_visible = definePrimitive({
  name: 'assert_not_visible',
  family: 'assertions',
  description: 'Check that an element is not on screen (retried until the timeout).',
  params: z.strictObject({ target: Target, timeout_ms: timeoutMs.optional() }),
});

function compiles(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

export const assert_text = definePrimitive({
  name: 'assert_text',
  family: 'assertions',
  description: "Check an element's text: exactly one of equals, contains or matches (a regular expression).",
  exactlyOne: ['equals', 'contains', 'matches'],
  params: z
    .strictObject({
      target: Target,
      equals: z.string().optional(),
      contains: z.string().optional(),
      matches: z.string().optional().describe('JavaScript regular expression'),
      timeout_ms: timeoutMs.optional(),
    })
    .refine((p) => [p.equals, p.contains, p.matches].filter((v) => v !== undefined).length === 1, {
      message: 'give exactly one of equals, contains, matches',
    })
    .refine((p) => p.matches === undefined || compiles(p.matches), {
      message: 'is not a valid regular expression',
      path: ['matches'],
    }),
});

export const assert_state = definePrimitive({
  name: 'assert_state',
  family: 'assertions',
  description: 'Check that an element is (or, with value false, is not) checked, enabled, selected or focused.',
  params: z.strictObject({
    target: Target,
    state: z.enum(['checked', 'enabled', 'selected', 'focused']),
    value: z.boolean().optional().describe('true when omitted'),
    timeout_ms: timeoutMs.optional(),
  }),
});
