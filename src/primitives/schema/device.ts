import { z } from 'zod';
import { definePrimitive, withExpected } from './define.js';

export const handle_dialog = definePrimitive({
  name: 'handle_dialog',
  family: 'device',
  description: 'Answer the dialog on screen: accept, dismiss, or press the button with a given label.',
  exactlyOne: ['action', 'button'],
  params: withExpected({
    action: z.enum(['accept', 'dismiss']).optional(),
    button: z.string().min(1).optional().describe('label of the button to press'),
  }).refine((p) => (p.action === undefined) !== (p.button === undefined), {
    message: 'give exactly one of action, button',
  }),
});

export const set_orientation = definePrimitive({
  name: 'set_orientation',
  family: 'device',
  description: 'Rotate the device.',
  params: withExpected({ orientation: z.enum(['portrait', 'landscape']) }),
});

export const screenshot = definePrimitive({
  name: 'screenshot',
  family: 'device',
  description: 'Save a screenshot to the test report.',
  params: z.strictObject({
    name: z
      .string()
      .regex(/^[\w.-]{1,80}$/)
      .optional()
      .describe('file-safe name for the attachment'),
  }),
});
