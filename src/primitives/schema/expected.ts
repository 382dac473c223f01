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
  .meta({ title: 'expected', description: 'post-condition: {visible}, {gone}, {text: {target, contains}}, {activity} or {screen_changed: true}' });

export type Expected = z.infer<typeof Expected>;
