// Reading the observed screen for checks: is a target shown, what text does an element hold.
import type { Observation, Screen, ScreenElement } from '../../observe/index.js';
import { describeLocateResult, describeTarget, locate, type LocateResult, type Target } from '../locator/index.js';
import type { Expected } from '../schema/expected.js';

/** A match this strong counts as shown even when several elements tie for it. */
const SURE = 0.9;

/**
 * The element a check is about: the found one, or the best of equally sure ones. Every check of what
 * is shown reads targets here, under one rule: only text the target names (exactly, up to case and
 * punctuation, or all its words within a longer label), an id, a role or a ref count; a lookalike (a
 * label within a few edits, or sharing most words) does not. So `visible` does not pass on a near
 * miss, and `gone` / not visible do not fail on one (a deleted row edited "13:26" beside a row edited
 * "Nov 26").
 */
export function readTarget(screen: Screen, target: Target): { element?: ScreenElement; result: LocateResult } {
  const result = locate(screen, target, { for: 'read', lookalikes: false });
  if (result.status === 'found') return { element: result.best.element, result };
  if (result.status === 'ambiguous' && result.candidates[0].score >= SURE) return { element: result.candidates[0].element, result };
  return { result };
}

const MASK_CHARS = /[•●*\u2022\u25CF]/gu;

/** How many characters of `shown` are a password field's mask dots. */
export function maskedCount(shown: string): number {
  return (shown.match(MASK_CHARS) ?? []).length;
}

/** The text an element shows: an input's value, else its label. */
export function textOf(element: ScreenElement): string {
  return element.value ?? element.label;
}

/** The foreground app and activity as messages name it: `com.example.shop/.MainActivity`. */
export function where(screen: Screen): string {
  const fg = screen.foreground;
  return fg ? `${fg.package}${fg.activity ? `/${fg.activity}` : ''}` : 'the screen';
}

/** Why the target is not shown, for messages: the locator's closest labels. */
export function absence(screen: Screen, target: Target, result: LocateResult): string {
  return describeLocateResult(target, result) || `${describeTarget(target)} is not on ${where(screen)}`;
}

/** Whether the foreground activity is `want`: full class, '.Short' form or the bare class name. */
export function activityMatches(screen: Screen, want: string): boolean {
  const fg = screen.foreground;
  if (!fg?.activity) return false;
  const full = fg.activity.startsWith('.') ? `${fg.package}${fg.activity}` : fg.activity;
  const forms = [fg.activity, full, `${fg.package}/${fg.activity}`, full.slice(full.lastIndexOf('.') + 1), full.slice(full.lastIndexOf('.'))];
  return forms.includes(want);
}

/** What `expected` needs that `now` does not show, or undefined when it holds. */
export function unmetExpectation(expected: Expected, now: Observation, before: Observation | undefined): string | undefined {
  const screen = now.screen;
  if ('visible' in expected) {
    const { element, result } = readTarget(screen, expected.visible);
    return element ? undefined : absence(screen, expected.visible, result);
  }
  if ('gone' in expected) {
    const { element } = readTarget(screen, expected.gone);
    return element ? `${describeTarget(expected.gone)} is still shown as ${element.role} ${element.ref} "${element.label}"` : undefined;
  }
  if ('text' in expected) {
    const { element, result } = readTarget(screen, expected.text.target);
    if (!element) return absence(screen, expected.text.target, result);
    const text = textOf(element);
    return text.includes(expected.text.contains) ? undefined : `${element.role} ${element.ref} shows "${text}"`;
  }
  if ('activity' in expected) {
    return activityMatches(screen, expected.activity) ? undefined : `the foreground is ${where(screen)}`;
  }
  return before && before.contentKey === now.contentKey ? 'the screen did not change' : undefined;
}

export function describeExpected(expected: Expected): string {
  if ('visible' in expected) return `${describeTarget(expected.visible)} to be visible`;
  if ('gone' in expected) return `${describeTarget(expected.gone)} to be gone`;
  if ('text' in expected) return `${describeTarget(expected.text.target)} to contain "${expected.text.contains}"`;
  if ('activity' in expected) return `activity ${expected.activity}`;
  return 'the screen to change';
}
