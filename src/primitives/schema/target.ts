import { z } from 'zod';

const TargetObject = z
  .strictObject({
    text: z.string().min(1).optional().describe('visible text of the element'),
    desc: z.string().min(1).optional().describe('content description (accessibility label)'),
    id: z.string().min(1).optional().describe('resource id, full or its last part'),
    role: z.string().min(1).optional().describe('kind of element: button, field, checkbox, ...'),
    index: z.number().int().min(0).optional().describe('0-based choice among equal matches'),
    near: z.string().min(1).optional().describe('text of an element this one is next to'),
  })
  .refine((t) => t.text !== undefined || t.desc !== undefined || t.id !== undefined || t.role !== undefined, {
    message: 'a target object needs at least one of text, desc, id, role',
  });

/** A point: in device pixels for a scripted step; on the picture, in its pixels, for a model that was shown one. */
const PointTarget = z.strictObject({
  x: z.number().int().min(0).describe('pixels from the left'),
  y: z.number().int().min(0).describe('pixels from the top'),
});

/** What an action is aimed at: a semantic string ("Log in", "the search field", "e7"), an exact description, or a point. */
export const Target = z
  .union([z.string().min(1), TargetObject, PointTarget])
  .meta({ title: 'target', description: 'a semantic string ("Log in", "e7"), {text, desc, id, role, index, near}, or a point {x, y}' });

export type Target = z.infer<typeof Target>;
