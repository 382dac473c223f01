import { test, expect } from '@playwright/test';
import type { ElementState, Screen, ScreenElement } from '../../observe/index.js';
import { locate } from './locate.js';

// Two "Buy" buttons, one under an overlay the pixels show: an action takes the live one; a read treats them alike.
function button(ref: string, top: number, states: ElementState[] = []): ScreenElement {
  return {
    ref,
    role: 'button',
    label: 'Buy',
    bounds: { left: 60, top, right: 1020, bottom: top + 120 },
    states,
    window: 0,
    className: 'android.widget.Button',
    resourceId: '',
  };
}

function screen(elements: ScreenElement[]): Screen {
  const bounds = { left: 0, top: 0, right: 1080, bottom: 2400 };
  return {
    width: 1080,
    height: 2400,
    rotation: 0,
    windows: [{ kind: 'app', package: 'com.example.canvas', bounds, hiddenElements: 0 }],
    elements,
    nodeCount: 3,
    skippedNodes: 0,
  };
}

test('an action takes the uncovered one of two equal matches, and says why the other ranks lower', () => {
  const found = locate(screen([button('e1', 500, ['covered']), button('e2', 900)]), 'Buy');
  expect(found.status).toBe('found');
  if (found.status !== 'found') return;
  expect(found.best.element.ref).toBe('e2');
  expect(found.candidates[1]).toMatchObject({ element: { ref: 'e1' }, score: 0.8, reasons: ['exact label', 'covered'] });
  // Drawn greyed out counts the same way.
  const greyed = locate(screen([button('e1', 500, ['looks-disabled']), button('e2', 900)]), 'Buy');
  expect(greyed.status === 'found' && greyed.best.element.ref).toBe('e2');
});

test('a covered match alone is still the match (the executor then says it is covered); a read treats covered and live alike', () => {
  const alone = locate(screen([button('e1', 500, ['covered'])]), 'Buy');
  expect(alone.status === 'found' && alone.best).toMatchObject({ element: { ref: 'e1' }, score: 1 });
  expect(locate(screen([button('e1', 500, ['covered']), button('e2', 900)]), 'Buy', { for: 'read' }).status).toBe('ambiguous');
  // Two covered ones are as ambiguous as two live ones.
  expect(locate(screen([button('e1', 500, ['covered']), button('e2', 900, ['covered'])]), 'Buy').status).toBe('ambiguous');
});
