// "Start the game" without a model: the control a game's start screen offers for it, found by the few
// labels such a control carries (Start, Play, New game, …), as the tree names it or as OCR read it off
// a drawn button. A screen without one gets no tap at all: the goal is handed on or fails saying so.
import { isDisabled, type Screen, type ScreenElement } from '../../observe/index.js';
import { isActionable, where } from '../../primitives/index.js';

/** What a control that starts a game says, most usual first: the first that one control on the screen says wins. */
export const START_LABELS: readonly string[] = [
  'Start',
  'Start game',
  'Start new game',
  'New game',
  'Play',
  'Play game',
  'Play now',
  'Begin',
  'Tap to start',
  'Tap to play',
  'Press start',
];

/** Roles a start control never has: typing into a field or turning a switch starts nothing. */
const NOT_PRESSED = new Set<ScreenElement['role']>(['input', 'toggle', 'checkbox', 'keyboard']);

/** A label as the start labels are compared: lower case, without punctuation, arrows or repeated spaces. */
function plain(label: string): string {
  return label
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Whether a person would press `e` to start: something the tree says can be pressed, or text OCR read
 * on a surface the tree says nothing about (a game draws its buttons), and not greyed out.
 */
function pressable(e: ScreenElement): boolean {
  if (NOT_PRESSED.has(e.role) || isDisabled(e)) return false;
  return isActionable(e) || e.source === 'ocr';
}

export type StartControl = { kind: 'here'; element: ScreenElement } | { kind: 'none'; reason: string };

/** The one control on `screen` that starts a game, or why there is none to press. */
export function startControl(screen: Screen): StartControl {
  const pool = screen.elements.filter(pressable);
  for (const label of START_LABELS) {
    const want = plain(label);
    const hits = pool.filter((e) => plain(e.label) === want);
    if (hits.length === 1) return { kind: 'here', element: hits[0] };
    if (hits.length > 1) {
      const which = hits.map((e) => `${e.role} ${e.ref} "${e.label}"`).join(', ');
      return { kind: 'none', reason: `${hits.length} controls say "${label}" on ${where(screen)} (${which}): name the one that starts the game` };
    }
  }
  const shown = pool
    .filter((e) => e.label !== '')
    .slice(0, 6)
    .map((e) => `"${e.label}"`);
  return {
    kind: 'none',
    reason: `no control that starts a game (${START_LABELS.slice(0, 5)
      .map((l) => `"${l}"`)
      .join(', ')}, …) is on ${where(screen)}${shown.length ? `; it offers ${shown.join(', ')}` : ''}`,
  };
}
