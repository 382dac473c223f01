import { expect, test } from '@playwright/test';
import type { Role, Screen, ScreenElement } from '../../observe/index.js';
import { reachControl } from './index.js';
import { startControl } from './start.js';

// "Start the game" finds the one control a start screen offers for it, drawn or in the tree, and on a
// screen without one it finds nothing: the rule then hands over instead of tapping something else.

let refs = 0;
function el(role: Role, label: string, extra: Partial<ScreenElement> & { top: number }): ScreenElement {
  refs += 1;
  const { top, ...rest } = extra;
  return {
    ref: `e${refs}`,
    role,
    label,
    bounds: { left: 300, top, right: 780, bottom: top + 140 },
    states: [],
    window: 0,
    className: '',
    resourceId: '',
    ...rest,
  };
}

function screen(elements: ScreenElement[], activity = '.MainActivity'): Screen {
  return {
    width: 1080,
    height: 2400,
    rotation: 0,
    foreground: { package: 'com.example.canvas', activity },
    windows: [{ kind: 'app', package: 'com.example.canvas', bounds: { left: 0, top: 0, right: 1080, bottom: 2400 }, hiddenElements: 0 }],
    elements,
    nodeCount: elements.length,
    skippedNodes: 0,
  };
}

const surface = () => el('image', '', { top: 0, bounds: { left: 0, top: 0, right: 1080, bottom: 2400 } });
const ocr = (role: Role, label: string, top: number) => el(role, label, { top, source: 'ocr' });

test('on a drawn start screen it is the Start button OCR read, not the title, the score or Settings', () => {
  const start = ocr('button', 'Start', 1400);
  const canvas = screen([surface(), ocr('text', 'SPACE RUN', 500), ocr('text', 'High score 12,450', 800), start, ocr('button', 'Settings', 1650)]);
  expect(startControl(canvas)).toEqual({ kind: 'here', element: start });
  // Whatever the plan's placeholder target says.
  expect(reachControl(canvas, 'Start', 'start')).toEqual({ kind: 'here', element: start });
});

test('the other labels a start control carries, in the tree or drawn, in any case and with an arrow', () => {
  for (const label of ['PLAY', 'New Game', 'Play now ▶', 'Tap to start', 'start game!']) {
    const control = el('button', label, { top: 1200 });
    expect(startControl(screen([el('text', 'Puzzle Land', { top: 300 }), control])), label).toEqual({ kind: 'here', element: control });
  }
  // Start wins over Play when a screen has both.
  const start = el('button', 'Start', { top: 1400 });
  expect(startControl(screen([el('button', 'Play', { top: 1200 }), start]))).toEqual({ kind: 'here', element: start });
  // Text OCR read on a surface without a fill around it is still what a person presses on a game.
  const drawn = ocr('text', 'Tap to play', 1800);
  expect(startControl(screen([surface(), drawn]))).toEqual({ kind: 'here', element: drawn });
});

test('a screen without a start control gets no tap: words that only hold "start" or "play", text, fields and greyed buttons are not it', () => {
  const settings = screen(
    [
      el('item', 'Restart', { top: 300 }),
      el('item', 'Start time 09:00', { top: 450 }),
      el('item', 'Display', { top: 600 }),
      el('item', 'Google Play Store', { top: 750 }),
      el('text', 'Start', { top: 900 }),
      el('input', 'Start', { top: 1050 }),
      el('toggle', 'Play sounds', { top: 1200 }),
      el('button', 'Play', { top: 1350, states: ['disabled'] }),
      el('button', 'New game', { top: 1500, states: ['looks-disabled'] }),
    ],
    '.SettingsActivity',
  );
  const none = startControl(settings);
  expect(none.kind).toBe('none');
  expect(none.kind === 'none' && none.reason).toBe(
    'no control that starts a game ("Start", "Start game", "Start new game", "New game", "Play", …) is on com.example.canvas/.SettingsActivity; it offers "Restart", "Start time 09:00", "Display", "Google Play Store"',
  );
  expect(reachControl(settings, 'Start', 'start').kind).toBe('none');
});

test('two controls that both say Start: neither is guessed', () => {
  const two = screen([el('button', 'Start', { top: 600 }), el('button', 'Start', { top: 1600 })]);
  const result = startControl(two);
  expect(result.kind === 'none' && result.reason).toMatch(
    /^2 controls say "Start" on com\.example\.canvas\/\.MainActivity \(button e\d+ "Start", button e\d+ "Start"\)/,
  );
});
