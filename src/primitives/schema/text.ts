import { z } from 'zod';
import { definePrimitive, withExpected } from './define.js';
import { Target } from './target.js';

export const KEYS = ['back', 'home', 'enter', 'delete', 'tab', 'search', 'app_switch'] as const;

export const input_text = definePrimitive({
  name: 'input_text',
  family: 'text',
  description: 'Type text into a field (the focused one when no target), then read it back.',
  params: withExpected({
    target: Target.optional(),
    text: z.string(),
    secret: z.boolean().optional().describe('keep the text out of logs and reports'),
    submit: z.boolean().optional().describe('press enter after typing'),
  }),
});

export const clear_text = definePrimitive({
  name: 'clear_text',
  family: 'text',
  description: 'Empty a text field (the focused one when no target).',
  params: withExpected({ target: Target.optional() }),
});

export const hide_keyboard = definePrimitive({
  name: 'hide_keyboard',
  family: 'text',
  description: 'Close the on-screen keyboard if it is shown.',
  params: withExpected({}),
});

export const press_key = definePrimitive({
  name: 'press_key',
  family: 'text',
  description: 'Press a device key.',
  params: withExpected({ key: z.enum(KEYS) }),
});
