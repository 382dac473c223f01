// Rule-based failure attribution: an ordered table, first match wins; what no rule covers is left to the model.
import { redactText } from '../../events/index.js';
import type { ActionResult } from '../../primitives/index.js';
import { baseEvidence, clip, type Attribution, type AttributionInput } from './attribution.js';

interface RuleContext {
  failed: ActionResult;
  window: ActionResult[];
  name: string;
  message: string;
}

type Decided = Omit<Attribution, 'evidence' | 'pattern'> & { evidence?: string[] };

export interface Rule {
  /** The pattern key the rule's attributions carry. */
  key: string;
  /** The failure names it decides. */
  names: readonly string[];
  /** Its decision depends on the earlier actions, so the pattern library (which has no window) must not answer for it. */
  readsWindow?: boolean;
  decide(ctx: RuleContext): Decided | undefined;
}

/** Errors of the device connection itself (drivers/errors and a dump that could not be read). */
const DEVICE_ERRORS = [
  'DeviceDisconnected',
  'DeviceTimeout',
  'DeviceCommandFailed',
  'DeviceNotFound',
  'HierarchyUnavailable',
  'HierarchyParseError',
  'SeveralDevices',
  'UnsupportedDevice',
];

/** A screen that needed its pixels read could not be: the screenshot is no image, or the OCR failed. */
const PIXEL_ERRORS = ['ScreenshotUnreadable', 'ScreenshotCorrupt', 'OcrFailed'];

export const RULES: readonly Rule[] = [
  {
    key: 'app-crash',
    names: ['AppCrashed'],
    decide({ failed, name, message }) {
      const crash = failed.report?.crash;
      if (!crash && name !== 'AppCrashed') return undefined;
      const what = crash ? `${crash.package || 'the app'} crashed (${crash.reason}; seen in ${crash.evidence.join(', ')})` : clip(message, 160);
      return {
        category: 'product',
        decision: 'stop',
        reason: `The app crashed during ${failed.primitive}: ${what}; this is a defect in the app, and its log has the stack trace.`,
      };
    },
  },
  {
    key: 'app-not-responding',
    names: ['AppNotResponding'],
    decide({ failed, name, message }) {
      const anr = failed.report?.anr;
      if (!anr && name !== 'AppNotResponding') return undefined;
      const what = anr
        ? `${anr.package || 'the app'} is not responding (${anr.reason || 'no reason logged'}; seen in ${anr.evidence.join(', ')})`
        : clip(message, 160);
      return { category: 'product', decision: 'stop', reason: `The app stopped responding during ${failed.primitive}: ${what}; this is a defect in the app.` };
    },
  },
  {
    key: 'pixels-unread',
    names: PIXEL_ERRORS,
    decide({ failed, name, message }) {
      if (!PIXEL_ERRORS.includes(name)) return undefined;
      return {
        category: 'environment',
        decision: 'stop',
        reason: `Reading the screen's pixels failed during ${failed.primitive} (${name}: ${clip(message, 200)}); the device's screenshot or the OCR is at fault, not the app.`,
      };
    },
  },
  {
    key: 'device-lost',
    names: DEVICE_ERRORS,
    decide({ failed, name, message }) {
      const fromDevice = DEVICE_ERRORS.includes(name) || (failed.verdict === 'EXCEPTION' && failed.failure?.category === 'environment');
      if (!fromDevice) return undefined;
      return {
        category: 'environment',
        decision: 'stop',
        reason: `The device failed during ${failed.primitive} (${name}: ${clip(message, 160)}); check the connection (adb devices) and run again — no step can continue without it.`,
      };
    },
  },
  {
    key: 'aborted',
    names: ['Aborted'],
    decide({ failed, name }) {
      if (name !== 'Aborted') return undefined;
      return {
        category: 'execution',
        decision: 'stop',
        reason: `The ${failed.primitive} was cancelled before it finished (the test ended or timed out), so the goal stops here.`,
      };
    },
  },
  {
    key: 'no-effect-repeated',
    names: ['NoEffect'],
    readsWindow: true,
    decide({ failed, window, name }) {
      if (name !== 'NoEffect') return undefined;
      const earlier = window.find((r) => r.actionId !== failed.actionId && sameNoEffect(r, failed));
      if (!earlier) return undefined;
      return {
        category: 'execution',
        decision: 'replan',
        reason: `${what(failed)} changed nothing twice on the same screen; try another way (another element, a scroll, or check it is enabled).`,
        evidence: [`window: the same ${failed.primitive} had no effect before (action ${earlier.actionId})`],
      };
    },
  },
  {
    key: 'no-effect',
    names: ['NoEffect'],
    readsWindow: true,
    decide({ failed, name }) {
      if (name !== 'NoEffect') return undefined;
      return {
        category: 'execution',
        decision: 'retry',
        reason: `${what(failed)} changed nothing on the screen; the app may not have been ready, so it is tried once more.`,
      };
    },
  },
  {
    key: 'target-not-found',
    names: ['TargetNotFound'],
    decide({ failed, name, message }) {
      if (name !== 'TargetNotFound') return undefined;
      // The locator's message names the target and the closest labels with their refs.
      return {
        category: 'locator',
        decision: 'replan',
        reason: `The target of ${failed.primitive} is not on the screen (${clip(message, 200)}), so the plan must pick an element that is shown or first get to the screen that has it.`,
      };
    },
  },
  {
    key: 'target-ambiguous',
    names: ['TargetAmbiguous'],
    decide({ failed, name }) {
      if (name !== 'TargetAmbiguous') return undefined;
      const tied = failed.candidates.slice(0, 4).map((c) => `"${c.element.label}" (${c.element.ref}, ${c.score.toFixed(2)})`);
      return {
        category: 'locator',
        decision: 'replan',
        reason: `The target of ${failed.primitive} matches several elements equally${tied.length ? ` (${tied.join(', ')})` : ''}; name one by its ref or a more exact label.`,
        evidence: tied.length ? [`candidates: ${tied.join(', ')}`] : [],
      };
    },
  },
  {
    key: 'expectation-failed',
    names: ['ExpectationFailed', 'AssertionFailed'],
    decide({ failed, name, message }) {
      if (name !== 'ExpectationFailed' && name !== 'AssertionFailed') return undefined;
      return {
        category: 'plan',
        decision: 'replan',
        reason: `The screen after ${failed.primitive} is not what the plan expected (${clip(message, 160)}); the plan has to be made again from the screen as it is.`,
      };
    },
  },
  {
    key: 'dialog-repeats',
    names: ['DialogBlocked'],
    decide({ failed, name, message }) {
      // The executor answered the dialog several times and the app asked again: that loop is the app's doing.
      if (name !== 'DialogBlocked' || !/came back after \d+ answers/.test(message)) return undefined;
      return {
        category: 'product',
        decision: 'stop',
        reason: `A system dialog from ${dialogPackage(failed, message)} came back each time it was answered during ${failed.primitive}, so the app keeps asking for it; this is a defect in the app.`,
      };
    },
  },
  {
    key: 'dialog-blocked',
    names: ['DialogBlocked'],
    decide({ failed, name }) {
      // A system prompt the setup did not answer or grant is the test's environment; the agent can answer it itself.
      if (name !== 'DialogBlocked') return undefined;
      return {
        category: 'environment',
        decision: 'replan',
        reason: `A system dialog from ${dialogPackage(failed, failed.failure?.message ?? '')} covers the app before ${failed.primitive}; answer it with handle_dialog, or grant the permission in launch_app.`,
      };
    },
  },
  {
    key: 'goal-ended',
    names: ['GoalFailed', 'GaveUp'],
    decide({ name, message }) {
      if (name !== 'GoalFailed' && name !== 'GaveUp') return undefined;
      return { category: 'plan', decision: 'stop', reason: `The agent ended the goal without reaching it: ${clip(message, 200)}` };
    },
  },
  {
    key: 'plan-problem',
    names: ['NoDialog', 'NoFocusedField'],
    decide({ failed, name, message }) {
      if (name !== 'NoDialog' && name !== 'NoFocusedField') return undefined;
      return {
        category: 'plan',
        decision: 'replan',
        reason: `The plan asked ${failed.primitive} for something the screen does not offer (${clip(message, 160)}).`,
      };
    },
  },
];

/** The rules' attribution of a failed action, or undefined when none applies (ask the model debugger then). */
export function attribute(input: AttributionInput): Attribution | undefined {
  const { failed } = input;
  const name = failed.failure?.name ?? '';
  const ctx: RuleContext = { failed, window: input.window, name, message: failed.failure?.message ?? '' };
  if (!failed.failure && !failed.report?.crash && !failed.report?.anr) return undefined;
  for (const rule of RULES) {
    const decided = rule.decide(ctx);
    if (!decided) continue;
    const { evidence = [], ...rest } = decided;
    return { ...rest, reason: redactText(rest.reason), evidence: [...baseEvidence(failed), ...evidence.map((e) => redactText(e))], pattern: rule.key };
  }
  return undefined;
}

function what(result: ActionResult): string {
  const e = result.element;
  return e ? `The ${result.primitive} on "${e.label}" (${e.role} ${e.ref})` : `The ${result.primitive}`;
}

/** The same call on the same screen: same primitive, same element, same before-screen, same failure. */
function sameNoEffect(a: ActionResult, b: ActionResult): boolean {
  return (
    a.failure?.name === 'NoEffect' &&
    a.primitive === b.primitive &&
    a.element?.ref === b.element?.ref &&
    a.before?.signature === b.before?.signature &&
    a.failure.message === b.failure?.message
  );
}

const PACKAGE_IN_MESSAGE = /"[^"]*" \(([A-Za-z][\w]*(?:\.[\w]+)+)/;

function dialogPackage(failed: ActionResult, message: string): string {
  return failed.report?.popup?.package ?? PACKAGE_IN_MESSAGE.exec(message)?.[1] ?? 'another package';
}
