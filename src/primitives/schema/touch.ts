import { z } from 'zod';
import { definePrimitive, withExpected } from './define.js';
import { Target } from './target.js';

const direction = z.enum(['up', 'down', 'left', 'right']);

export const tap = definePrimitive({
  name: 'tap',
  family: 'touch',
  description: 'Tap an element.',
  params: withExpected({ target: Target }),
});

export const double_tap = definePrimitive({
  name: 'double_tap',
  family: 'touch',
  description: 'Tap an element twice in quick succession.',
  params: withExpected({ target: Target }),
});

export const long_press = definePrimitive({
  name: 'long_press',
  family: 'touch',
  description: 'Press and hold an element.',
  params: withExpected({
    target: Target,
    duration_ms: z.number().int().min(100).max(10_000).optional().describe('hold time, 1000 when omitted'),
  }),
});

export const swipe = definePrimitive({
  name: 'swipe',
  family: 'touch',
  description: 'Swipe the content in a direction, from the screen centre or from an element.',
  params: withExpected({
    direction: direction.describe('direction the finger moves'),
    from: Target.optional(),
    distance: z.number().gt(0).max(1).optional().describe('fraction of the screen, 0.5 when omitted'),
  }),
});

export const scroll_to = definePrimitive({
  name: 'scroll_to',
  family: 'touch',
  description: 'Scroll until an element is visible, giving up after a bounded number of swipes.',
  params: withExpected({
    target: Target,
    direction: direction.optional().describe('direction the content scrolls, down when omitted'),
    max_swipes: z.number().int().min(1).max(50).optional().describe('10 when omitted'),
  }),
});

export const drag = definePrimitive({
  name: 'drag',
  family: 'touch',
  description: 'Drag one element onto another.',
  params: withExpected({ from: Target, to: Target }),
});
