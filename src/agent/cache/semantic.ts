// Turns a call as the agent ran it (aimed at refs like "e7", which mean nothing on another run) into one
// that names its elements as a person would, checked to pick the same element on the screen it came from.
import { MASK } from '../../events/index.js';
import type { Screen, ScreenElement } from '../../observe/index.js';
import { isPoint, locate, readTarget, type ActionResult, type Expected, type PrimitiveCall, type Target } from '../../primitives/index.js';
import type { CachedStep } from './types.js';
import { secretSlot } from './values.js';

type Purpose = 'action' | 'read';

const REF = /^e\d+$/;
const READS: ReadonlySet<string> = new Set(['assert_visible', 'assert_not_visible', 'assert_text', 'assert_state', 'wait_for']);

function isRef(target: unknown): target is string {
  return typeof target === 'string' && REF.test(target.trim());
}

/** The screens of a result, searched in the given order for the element with a ref. */
interface Seen {
  element: ScreenElement;
  screen: Screen;
}

function lookUp(ref: string, screens: Array<Screen | undefined>): Seen | undefined {
  for (const screen of screens) {
    const element = screen?.elements.find((e) => e.ref === ref.trim());
    if (screen && element) return { element, screen };
  }
  return undefined;
}

/** A target to try on a screen: whether it picks `element` when used for `purpose`. */
interface Identification {
  target: Target;
  element: ScreenElement;
  purpose: Purpose;
}

function identifies(screen: Screen, { target, element, purpose }: Identification): boolean {
  // A check reads its target as the assertions do (readTarget); an action as the executor does.
  if (purpose === 'read') return readTarget(screen, target).element?.ref === element.ref;
  const result = locate(screen, target, { for: purpose });
  return result.status === 'found' && result.best.element.ref === element.ref;
}

/**
 * What picks `element` on `screen` without its ref: its label, else its resource id, else its role, each
 * with an `index` when not unique; the first form the locator resolves back to the same element wins.
 */
export function semanticTarget(element: ScreenElement, screen: Screen, purpose: Purpose = 'action'): Target {
  const label = element.label;
  const plain: Target[] = [];
  // A label that reads as a ref ("e2") or as a role phrase is still exact as an object target.
  if (label !== '' && !REF.test(label)) plain.push(label);
  if (label !== '') plain.push({ text: label });
  if (element.resourceId !== '') plain.push({ id: element.resourceId });
  for (const target of plain) if (identifies(screen, { target, element, purpose })) return target;
  const bases: Array<{ text: string } | { id: string } | { role: string }> = [];
  if (label !== '') bases.push({ text: label });
  if (element.resourceId !== '') bases.push({ id: element.resourceId });
  bases.push({ role: element.role });
  for (const base of bases) {
    for (let index = 0; index < screen.elements.length; index++) {
      const target = { ...base, index };
      if (identifies(screen, { target, element, purpose })) return target;
    }
  }
  // Nothing resolves back (the locator's rules cannot single it out): the most telling description.
  return bases[0];
}

function convert(target: Target | undefined, screens: Array<Screen | undefined>, purpose: Purpose): Target | undefined {
  if (target === undefined) return undefined;
  if (typeof target === 'object') {
    // A point (from a model shown a picture) is kept as it is: the screen gave it no words.
    if (isPoint(target) || target.near === undefined || !isRef(target.near)) return target;
    const anchor = lookUp(target.near, screens);
    // `near` takes text only: the anchor's label.
    return anchor && anchor.element.label !== '' ? { ...target, near: anchor.element.label } : target;
  }
  if (!isRef(target)) return target;
  const seen = lookUp(target, screens);
  return seen ? semanticTarget(seen.element, seen.screen, purpose) : target;
}

function convertExpected(expected: Expected | undefined, result: ActionResult): Expected | undefined {
  if (expected === undefined) return undefined;
  const before = result.before?.screen;
  const after = result.after?.screen;
  if ('visible' in expected) return { visible: convert(expected.visible, [after, before], 'read')! };
  if ('gone' in expected) return { gone: convert(expected.gone, [before, after], 'read')! };
  if ('text' in expected) return { text: { ...expected.text, target: convert(expected.text.target, [after, before], 'read')! } };
  return expected;
}

/**
 * The call with every ref ("e7") replaced by what identifies its element on another run (label, id, role,
 * index), looked up on the result's screens; semantic targets and object targets are kept. Secret text is
 * masked: see `recordStep` for how replay gets it back.
 */
export function semanticCall(call: PrimitiveCall, result: ActionResult): PrimitiveCall {
  const before = result.before?.screen;
  const after = result.after?.screen;
  const purpose: Purpose = READS.has(call.name) ? 'read' : 'action';
  // scroll_to finds its element on the screen after scrolling.
  const screens = call.name === 'scroll_to' ? [after, before] : [before, after];
  const params = { ...call.params } as Record<string, unknown>;
  for (const field of ['target', 'from', 'to'] as const) {
    if (params[field] !== undefined) params[field] = convert(params[field] as Target | undefined, screens, purpose);
  }
  if ('expected' in params && params.expected !== undefined) params.expected = convertExpected(params.expected as Expected, result);
  if (call.name === 'input_text' && call.params.secret) params.text = MASK;
  if (call.name === 'finish') {
    params.evidence = call.params.evidence.map((ref) => (isRef(ref) ? lookUp(ref, [after, before])?.element.label || ref : ref));
  }
  return { name: call.name, params } as PrimitiveCall;
}

export interface RecordStepInput {
  /** The call as run (refs and all). */
  call: PrimitiveCall;
  result: ActionResult;
  /** The goal's text, where a secret's slot is looked up. */
  goal: string;
}

/**
 * The cache's record of one step that ran OK: semantic call, the signature before it, whether it was
 * aimed at a dialog, and a secret's slot in the goal. finish and give_up are not replayed, so not recorded.
 */
export function recordStep(input: RecordStepInput): CachedStep | undefined {
  const { call, result, goal } = input;
  if (call.name === 'finish' || call.name === 'give_up') return undefined;
  const step: CachedStep = { call: semanticCall(call, result), signature: result.before?.signature ?? '' };
  if (call.name === 'handle_dialog' || onDialog(result)) step.dialog = true;
  if (call.name === 'input_text' && call.params.secret) {
    const slot = secretSlot(goal, call.params.text);
    if (slot !== undefined) step.secret = slot;
  }
  return step;
}

function onDialog(result: ActionResult): boolean {
  const element = result.element;
  if (!element) return false;
  const seen = lookUp(element.ref, [result.before?.screen, result.after?.screen]);
  const kind = seen?.screen.windows[element.window]?.kind;
  return kind === 'dialog' || kind === 'system';
}
