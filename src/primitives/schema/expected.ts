import { z } from 'zod';
import { Target } from './target.js';

/** The post-condition an action should have caused; the executor checks it after acting. */
export const Expected = z
  .union([
    z.strictObject({ visible: Target }),
    z.strictObject({ gone: Target }),
    z.strictObject({ text: z.strictObject({ target: Target, contains: z.string() }) }),
    z.strictObject({ activity: z.string().min(1) }),
    z.strictObject({ screen_changed: z.literal(true) }),
  ])
  .meta({
    title: 'expected',
    // The lookalike rule is the one readTarget applies (exec/screen-read.ts); users and models read it here.
    description:
      'post-condition: {visible}, {gone}, {text: {target, contains}}, {activity} or {screen_changed: true}; ' +
      'visible and gone count only an element the target names (its text, or all its words in a longer label; an id, role or ref), never a lookalike label a few characters or words off',
  });

export type Expected = z.infer<typeof Expected>;
