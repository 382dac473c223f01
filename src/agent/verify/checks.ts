// What an agent step's goal looks like when it is done, as data: each offline rule carries one, a
// model-planned step earns one from the elements it cites, and the plan cache keeps it for replay.
import { z } from 'zod';
import type { AgentVerification } from '../../events/index.js';

const Label = z.string().min(1);

/** One element a finished step showed as its evidence, as another run can find it again. */
export const ShownElement = z.strictObject({
  role: z.string(),
  label: Label,
  /** The states that mattered: checked or unchecked, selected, disabled. */
  states: z.array(z.enum(['checked', 'unchecked', 'selected', 'disabled'])),
});
export type ShownElement = z.infer<typeof ShownElement>;

/** A goal's postcondition, checked on the screen after the step's last action. */
export const GoalCheck = z.discriminatedUnion('kind', [
  /** A switch or checkbox labelled `target` is on (or off). */
  z.strictObject({ kind: z.literal('switch'), target: Label, on: z.boolean() }),
  /** The field `target` (the focused one when absent) holds `text`. */
  z.strictObject({ kind: z.literal('holds'), target: Label.optional(), text: z.string(), secret: z.boolean().optional() }),
  /** The screen changed to one titled or led by `target` (or `target`, a tab, is now selected). */
  z.strictObject({ kind: z.literal('opened'), target: Label }),
  /** `target` is selected or checked, or the screen changed to one led by it, or the chooser that held it closed. */
  z.strictObject({ kind: z.literal('selected'), target: Label }),
  /** Something other than the search field mentions `query`. */
  z.strictObject({ kind: z.literal('results'), query: Label }),
  /** No password field is left and no error shows. */
  z.strictObject({ kind: z.literal('signed_in') }),
  /** `target` is on the screen. */
  z.strictObject({ kind: z.literal('visible'), target: Label }),
  /** The launcher is in front. */
  z.strictObject({ kind: z.literal('home') }),
  /** The app's own screen changed (a keyboard that only closed does not count): back left where it was. */
  z.strictObject({ kind: z.literal('left') }),
  /** The on-screen keyboard is shown (or not). */
  z.strictObject({ kind: z.literal('keyboard'), shown: z.boolean() }),
  /** Anything a person would notice changed since the step began; `what` names the action. */
  z.strictObject({ kind: z.literal('changed'), what: Label }),
  /** Every one of these elements is on the screen, in these states: what a finished model step cited. */
  z.strictObject({ kind: z.literal('shows'), elements: z.array(ShownElement).min(1) }),
]);
export type GoalCheck = z.infer<typeof GoalCheck>;

/** The check in words, for reports: 'a switch "Bluetooth" is on'. Secret text is never quoted. */
export function describeCheck(check: GoalCheck): string {
  switch (check.kind) {
    case 'switch':
      return `a switch "${check.target}" is ${check.on ? 'on' : 'off'}`;
    case 'holds': {
      const what = check.secret ? `the ${[...check.text].length} secret characters typed` : `"${check.text}"`;
      return `${check.target === undefined ? 'the focused field' : `the field "${check.target}"`} holds ${what}`;
    }
    case 'opened':
      return `the screen changed to one titled "${check.target}"`;
    case 'selected':
      return `"${check.target}" is selected`;
    case 'results':
      return `results for "${check.query}" are shown`;
    case 'signed_in':
      return 'the login form is gone and no error shows';
    case 'visible':
      return `"${check.target}" is on the screen`;
    case 'home':
      return 'the home screen is in front';
    case 'changed':
      return `${check.what} changed the screen`;
    case 'left':
      return 'the app left the screen it was on';
    case 'keyboard':
      return `the keyboard is ${check.shown ? 'shown' : 'hidden'}`;
    case 'shows':
      return check.elements.map((e) => `${e.role} "${e.label}"${e.states.length ? ` ${e.states.join(' ')}` : ''}`).join(', ') + ' on the screen';
  }
}

/** How an agent call's outcome was verified: described once, with the end event that carries it. */
export type Verification = AgentVerification;
