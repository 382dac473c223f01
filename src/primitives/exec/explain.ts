// What a person should do about a failed action, and the facts that decided whose fault it was: filled
// where the failure happened, while the screen, the candidates and the device's log are still at hand.
import { redactText } from '../../events/index.js';
import { isDisabled, type LogRecord, type Observation, type Screen, type ScreenElement, type SituationReport } from '../../observe/index.js';
import { describeTarget, isPoint, MARGIN, nearestLabels, type Candidate, type Nearest, type Target } from '../locator/index.js';
import type { Expected } from '../schema/expected.js';
import { deviceSuggestion } from './device-advice.js';
import { describeDialog, dialogsOn } from './dialogs.js';
import { where } from './screen-read.js';
import type { ActionContext } from './context.js';
import type { ActionFailureInfo } from './types.js';

/** What was known when the action failed; plain data, so it can be built without a device. */
export interface FailureFacts {
  primitive: string;
  /** The action's target as asked. */
  target?: Target;
  /** The action's post-condition, when it had one. */
  expected?: Expected;
  /** The screen before acting, and the last one seen (after acting, or while waiting). */
  before?: Observation;
  latest?: Observation;
  report?: SituationReport;
  /** Ranked candidates for the target (empty when none matched). */
  candidates: readonly Candidate[];
  /** The element acted on. */
  element?: ScreenElement;
  /** The device's log entries this action read. */
  logs: readonly LogRecord[];
  /** The device the action ran on. */
  device?: string;
  /** Its platform, for the commands a suggestion names (default android). */
  platform?: 'android' | 'ios';
}

const LOG_LINES = 4;
const SHOWN_LABELS = 6;
const LINE_LIMIT = 200;

/** The facts of an action that just failed, from its context and its parameters as asked. */
export function factsOf(ctx: ActionContext, params: Record<string, unknown>): FailureFacts {
  const target = params.target ?? params.from;
  return {
    primitive: ctx.primitive,
    ...(typeof target === 'string' || (typeof target === 'object' && target !== null) ? { target: target as Target } : {}),
    ...(params.expected ? { expected: params.expected as Expected } : {}),
    before: ctx.before,
    latest: ctx.latest,
    report: ctx.report,
    candidates: ctx.candidates,
    element: ctx.element,
    logs: ctx.logs,
    device: ctx.driver.id,
    platform: ctx.driver.platform,
  };
}

/** The failure with a suggestion a person can act on and the evidence lines behind its category, secrets masked. */
export function explainFailure(failure: ActionFailureInfo, facts: FailureFacts): ActionFailureInfo {
  const advice = adviceFor(failure, facts);
  const evidence = [...advice.evidence, ...commonEvidence(failure, facts)].map((line) => redactText(clip(line)));
  return { ...failure, message: redactText(failure.message), suggestion: redactText(advice.suggestion), evidence: [...new Set(evidence)] };
}

interface Advice {
  suggestion: string;
  evidence: string[];
}

function adviceFor(failure: ActionFailureInfo, facts: FailureFacts): Advice {
  const screen = (facts.latest ?? facts.before)?.screen;
  const on = screen ? where(screen) : 'the screen';
  switch (failure.name) {
    case 'TargetNotFound':
      return notFound(facts, screen, on);
    case 'TargetAmbiguous':
      return ambiguous(facts, on);
    case 'NoEffect':
      return noEffect(facts, on);
    case 'TargetCovered':
      return {
        suggestion: `Dismiss what is drawn over it first (tap the overlay, press back, or finish the tutorial or tip), then act on it: the tree of ${on} does not show the overlay, its screenshot does.`,
        evidence: facts.element ? [`element: ${elementText(facts.element)}`] : [],
      };
    case 'TargetLooksDisabled':
      return {
        suggestion: `Do first what enables it (fill the required fields, tick the box), or wait_for it with state "enabled": on ${on} it is drawn greyed out though the tree calls it enabled.`,
        evidence: facts.element ? [`element: ${elementText(facts.element)}`] : [],
      };
    case 'TextMismatch':
      return {
        suggestion: `Check what the field accepts (a length limit, a format, a filter) and type text it keeps, or assert on the text the app shows after typing.`,
        evidence: facts.element ? [`field: ${elementText(facts.element)}`] : [],
      };
    case 'AssertionFailed':
    case 'WaitTimedOut':
      return shownInstead(facts, {
        screen,
        on,
        advice:
          failure.name === 'WaitTimedOut'
            ? 'If the app is only slow, raise timeout_ms; if it should have shown it, this is a defect in the app.'
            : 'If the app is right, update the assertion; otherwise this is a defect in the app.',
      });
    case 'ExpectationFailed':
      return shownInstead(facts, {
        screen,
        on,
        advice:
          failure.category === 'plan'
            ? 'The planned step did not lead where the plan expected: plan again from the screen as it is, or split the goal into smaller steps.'
            : `The ${facts.primitive} did not cause what \`expected\` asks: if the app is right, change \`expected\`; otherwise this is a defect in the app.`,
      });
    case 'AppCrashed':
      return crashed(facts);
    case 'AppNotResponding':
      return notResponding(facts);
    case 'DialogBlocked':
      return blocked(failure, screen);
    case 'NoDialog':
      return {
        suggestion: 'Leave the handle_dialog step out, wait for the dialog first (wait_for), or name one of the buttons the dialog has.',
        evidence: dialogLines(screen),
      };
    case 'NoFocusedField':
      return { suggestion: 'Name the field as the target, or tap it first so it has focus.', evidence: [] };
    case 'AppNotInFront':
      return {
        suggestion: `Check that the app starts and stays in front (its log: adb logcat), and that nothing opens over it; ${on} was in front instead.`,
        evidence: [],
      };
    case 'GoalFailed':
    case 'GaveUp':
      return {
        suggestion: "Read the agent's reason and the screens in the trace; make the goal more exact, or split it into steps the app offers.",
        evidence: [],
      };
    case 'Aborted':
      return {
        suggestion: 'The action was cut off when the test ended or timed out: give the test more time (test.setTimeout) or find what kept the step waiting.',
        evidence: [],
      };
    case 'InvalidPrimitiveCall':
      return { suggestion: "Fix the call's parameters as the message says; the reference lists every primitive's parameters.", evidence: [] };
    default: {
      const device = deviceSuggestion(failure.name, facts.device);
      if (device) return { suggestion: device, evidence: [] };
      if (failure.category === 'environment') return { suggestion: 'Check the device and its connection (adb devices), then run again.', evidence: [] };
      return {
        suggestion: "This is an error in mobiletest or the test code rather than in the app: the message and stack say where; report it if it is mobiletest's.",
        evidence: [],
      };
    }
  }
}

function notFound(facts: FailureFacts, screen: Screen | undefined, on: string): Advice {
  const target = facts.target;
  const what = target === undefined ? 'the target' : describeTarget(target);
  const near = screen && target !== undefined ? nearestLabels(screen, targetWords(target)) : [];
  const evidence = near.length > 0 ? [`closest on screen: ${near.map(nearestText).join(', ')}`] : screenLabels(screen);
  if (near.length > 0) {
    const [best] = near;
    return {
      suggestion: `Did you mean "${best.label}" (${best.role} ${best.ref})? No element matches ${what} on ${on}: use the label the screen shows, or first bring up the screen that has it.`,
      evidence,
    };
  }
  return {
    suggestion: `Nothing on ${on} looks like ${what}: first bring up the screen that shows it (scroll_to, a tap that opens it), or check the target's spelling.`,
    evidence,
  };
}

function ambiguous(facts: FailureFacts, on: string): Advice {
  const top = facts.candidates[0]?.score ?? 0;
  const tied = facts.candidates.filter((c) => top - c.score < MARGIN).slice(0, 5);
  const labels = tied.map((c) => `"${c.element.label}" (${c.element.ref})`).join(', ');
  const what = facts.target === undefined ? 'The target' : describeTarget(facts.target);
  return {
    suggestion: `${what} matches ${tied.length} elements about equally on ${on}${labels ? ` (${labels})` : ''}: narrow it with the full label, a role ("the … button"), index, near another element, or a ref.`,
    evidence: tied.length > 0 ? [`candidates: ${tied.map(candidateText).join(', ')}`] : [],
  };
}

function noEffect(facts: FailureFacts, on: string): Advice {
  const e = facts.element;
  const disabled = e !== undefined && isDisabled(e);
  const suggestion = e
    ? `Check that ${e.role} "${e.label}" is enabled and not covered when the test acts on it${disabled ? ' (it is disabled: a required field may still be empty)' : ''}, or wait for the screen that makes it work; on ${on} it changed nothing.`
    : `Check that ${facts.primitive} can change anything on ${on}, or wait until the app is ready for it.`;
  return { suggestion, evidence: e ? [`element: ${elementText(e)}`] : [] };
}

/** The screen a check failed on, where it was (in words), and what to do about it. */
interface InsteadInput {
  screen: Screen | undefined;
  on: string;
  advice: string;
}

function shownInstead(facts: FailureFacts, { screen, on, advice }: InsteadInput): Advice {
  const target = checkedTarget(facts);
  if (facts.primitive === 'assert_not_visible' || (facts.expected && 'gone' in facts.expected)) {
    return {
      suggestion: `${on} still showed ${target === undefined ? 'it' : describeTarget(target)}. ${advice}`,
      evidence: facts.element ? [`still shown: ${elementText(facts.element)}`] : [],
    };
  }
  const near = screen && target !== undefined ? nearestLabels(screen, targetWords(target)) : [];
  const shown = near.length > 0 ? `closest on screen: ${near.map(nearestText).join(', ')}` : screenLabels(screen)[0];
  const instead = near.length > 0 ? `${on} showed ${near.map((n) => `"${n.label}"`).join(', ')} instead` : `${on} was in front`;
  return { suggestion: `${instead}. ${advice}`, evidence: shown ? [shown] : [] };
}

function crashed(facts: FailureFacts): Advice {
  const crash = facts.report?.crash;
  const lines = crashLines(facts.logs);
  const evidence = [
    ...(crash ? [`situation: crash of ${crash.package || 'the app'} seen in ${crash.evidence.join(', ')}`] : []),
    ...lines.map((line) => `logcat: ${line}`),
  ];
  const what = crash?.reason ?? lines.find((l) => /Exception|Error/.test(l)) ?? 'an uncaught exception';
  return {
    suggestion: `This is a defect in the app: ${crash?.package || 'it'} crashed with ${what} during ${facts.primitive}. Report it to the app's developers with the stack trace (${facts.platform === 'ios' ? 'its crash report: ~/Library/Logs/DiagnosticReports on the Mac that runs the simulator, or Xcode’s Devices window for an iPhone' : 'adb logcat -b crash'}); the test is right to fail.`,
    evidence,
  };
}

function notResponding(facts: FailureFacts): Advice {
  const anr = facts.report?.anr;
  const lines = facts.logs
    .flatMap((e) => e.message.split('\n'))
    .filter((l) => /^(ANR in |Reason: )/.test(l))
    .slice(0, 2);
  return {
    suggestion: `This is a defect in the app: ${anr?.package || 'it'} stopped answering input during ${facts.primitive} (its main thread is blocked). Report it to the app's developers with ${facts.platform === 'ios' ? 'a spindump of the app taken while it hangs (Activity Monitor on the Mac that runs the simulator)' : 'the ANR trace (adb bugreport)'}.`,
    evidence: [...(anr ? [`situation: anr of ${anr.package || 'the app'} seen in ${anr.evidence.join(', ')}`] : []), ...lines.map((line) => `logcat: ${line}`)],
  };
}

function blocked(failure: ActionFailureInfo, screen: Screen | undefined): Advice {
  const again = /came back after \d+ answers/.test(failure.message);
  return {
    suggestion: again
      ? "The app asks again each time the dialog is answered: grant the permission up front (launch_app permissions) and report the loop to the app's developers."
      : 'Answer the dialog in the test (handle_dialog), grant the permission up front (launch_app permissions), or set the dialogs option to "allow" or "deny".',
    evidence: dialogLines(screen),
  };
}

/** Evidence every failure carries: the error name, the foreground app, and what the situation report saw. */
function commonEvidence(failure: ActionFailureInfo, facts: FailureFacts): string[] {
  const lines = [`error: ${failure.name} during ${facts.primitive}${facts.target === undefined ? '' : ` ${describeTarget(facts.target)}`}`];
  const screen = (facts.latest ?? facts.before)?.screen;
  if (screen?.foreground) lines.push(`foreground: ${where(screen)}`);
  const r = facts.report;
  if (r?.popup && failure.name !== 'DialogBlocked') lines.push(`situation: popup "${r.popup.title}" (${r.popup.package})`);
  if (r?.stuck) lines.push(`situation: the same frame ${r.stuck.frames} times in a row`);
  if (r && !r.screen_changed && (failure.name === 'NoEffect' || failure.name === 'ExpectationFailed')) lines.push('situation: the screen did not change');
  if (facts.device && failure.category === 'environment') lines.push(`device: ${facts.device}`);
  return lines;
}

/** The uncaught exception as AndroidRuntime logged it: the header, the process, the exception and its top frame. */
export function crashLines(logs: readonly LogRecord[]): string[] {
  const lines = logs.filter((e) => e.tag === 'AndroidRuntime' || e.buffer === 'crash').flatMap((e) => e.message.split('\n'));
  const start = lines.findIndex((l) => l.startsWith('FATAL EXCEPTION'));
  return start < 0 ? [] : lines.slice(start, start + LOG_LINES).map((l) => l.trim());
}

function dialogLines(screen: Screen | undefined): string[] {
  return screen
    ? dialogsOn(screen)
        .slice(0, 2)
        .map((d) => `dialog: ${describeDialog(d)}`)
    : [];
}

function screenLabels(screen: Screen | undefined): string[] {
  if (!screen) return [];
  const labels = screen.elements
    .filter((e) => e.label !== '' && e.role !== 'keyboard')
    .slice(0, SHOWN_LABELS)
    .map((e) => `"${e.label}"`);
  return labels.length > 0
    ? [`screen shows: ${labels.join(', ')}${screen.elements.length > SHOWN_LABELS ? ', …' : ''}`]
    : ['screen shows: no labelled element'];
}

/** The target an assertion or post-condition was about. */
function checkedTarget(facts: FailureFacts): Target | undefined {
  const e = facts.expected;
  if (e && 'visible' in e) return e.visible;
  if (e && 'gone' in e) return e.gone;
  if (e && 'text' in e) return e.text.target;
  return facts.target;
}

function targetWords(target: Target): string {
  if (typeof target === 'string') return target;
  return isPoint(target) ? '' : (target.text ?? target.desc ?? target.id ?? '');
}

function nearestText(n: Nearest): string {
  return `"${n.label}" (${n.role} ${n.ref}, similarity ${n.similarity.toFixed(2)})`;
}

function candidateText(c: Candidate): string {
  return `"${c.element.label}" (${c.element.role} ${c.element.ref}, score ${c.score.toFixed(2)})`;
}

function elementText(e: ScreenElement): string {
  const states = e.states.length > 0 ? ` [${e.states.join(', ')}]` : '';
  return `${e.role} ${e.ref} "${e.label}"${states}`;
}

function clip(line: string): string {
  const one = line.replace(/\s+/g, ' ').trim();
  return one.length > LINE_LIMIT ? `${one.slice(0, LINE_LIMIT - 1)}…` : one;
}
