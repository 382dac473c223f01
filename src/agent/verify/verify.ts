// Whether a goal's postcondition holds, read off the screen after the step's last action. Pure: the
// caller looks; this only reads the screens it is given.
import { reportChanged, type Observation, type Screen, type ScreenElement } from '../../observe/index.js';
import { bestMatches, locate, maskedCount, normalise, textOf, type ActionResult } from '../../primitives/index.js';
import { screenWords } from '../debug/index.js';
import type { GoalCheck, ShownElement } from './checks.js';

export interface CheckInput {
  /** The screen when the step began. */
  before: Observation;
  /** The screen now, after its last action. */
  after: Observation;
  /** What the step ran, oldest first. */
  acted?: readonly ActionResult[];
}

export type CheckOutcome = { ok: true; refs: string[] } | { ok: false; refs: string[]; missing: string };

const SWITCH_ROLES = new Set(['toggle', 'checkbox']);
/** Words that say a sign-in went wrong, as apps word it. */
const ERROR_TEXT = /\b(?:invalid|incorrect|wrong|error|failed|try again|not recogni[sz]ed|doesn'?t match|does not match|locked)\b/i;
/** Words around a name that are not part of it: "the Settings app", "the Cart tab". */
const FILLER = new Set(['the', 'a', 'an', 'my', 'your', 'for', 'of', 'with', 'to', 'in', 'on', 'app', 'page', 'screen', 'tab', 'menu', 'section', 'view']);
/** Packages that are a home screen: AOSP's and the common vendors' launchers. */
const LAUNCHER = /launcher|\.home$|trebuchet|lawnchair/i;

export function checkGoal(check: GoalCheck, input: CheckInput): CheckOutcome {
  const screen = input.after.screen;
  switch (check.kind) {
    case 'switch':
      return switchIs(screen, check, input.after);
    case 'holds':
      return fieldHolds(screen, check, input);
    case 'opened':
      return opened(check.target, input);
    case 'selected':
      return selected(check.target, input);
    case 'results':
      return results(screen, check.query, input.after);
    case 'signed_in':
      return signedIn(screen);
    case 'visible': {
      const found = named(screen, screen.elements, check.target);
      return found.length ? ok(found) : fail(`"${check.target}" is not on ${screenWords(input.after)}`);
    }
    case 'home': {
      const pkg = screen.foreground?.package ?? screen.windows.find((w) => w.kind === 'app')?.package ?? '';
      return LAUNCHER.test(pkg) ? ok([]) : fail(`${pkg || 'an unknown app'} is in front, not the home screen`);
    }
    case 'changed':
      return changed(input) ? ok([]) : fail(`the screen did not change: ${screenWords(input.after)}`);
    case 'left':
      return appContent(input.before.screen) !== appContent(screen) ? ok([]) : fail(`the app is still on the same screen: ${screenWords(input.after)}`);
    case 'keyboard':
      return screen.windows.some((w) => w.kind === 'keyboard') === check.shown ? ok([]) : fail(`the keyboard is ${check.shown ? 'hidden' : 'shown'}`);
    case 'shows':
      return shows(screen, check.elements, input.after);
  }
}

function ok(elements: readonly ScreenElement[]): CheckOutcome {
  return { ok: true, refs: elements.map((e) => e.ref) };
}

function fail(missing: string, elements: readonly ScreenElement[] = []): CheckOutcome {
  return { ok: false, refs: elements.map((e) => e.ref), missing };
}

/** Elements of `among` the target names as a check reads it: never a lookalike label. */
export function named(screen: Screen, among: readonly ScreenElement[], target: string): ScreenElement[] {
  return bestMatches(locate({ ...screen, elements: [...among] }, target, { for: 'read', lookalikes: false }));
}

/** Every element of `among` whose label holds the target's words, not only the best of them. */
export function holding(screen: Screen, among: readonly ScreenElement[], target: string): ScreenElement[] {
  const result = locate({ ...screen, elements: [...among] }, target, { for: 'read', lookalikes: false });
  return result.status === 'not_found' ? [] : result.candidates.map((c) => c.element);
}

/** Whether `outer` holds `inner`'s centre: a switch inside its row. */
function inside(outer: ScreenElement, inner: ScreenElement): boolean {
  const x = (inner.bounds.left + inner.bounds.right) / 2;
  const y = (inner.bounds.top + inner.bounds.bottom) / 2;
  return x >= outer.bounds.left && x <= outer.bounds.right && y >= outer.bounds.top && y <= outer.bounds.bottom;
}

/** A switch's name without the state some apps add to it ("Bluetooth On"). */
function switchName(label: string): string {
  return label.replace(/\s+(?:on|off)$/i, '');
}

/**
 * The switches `target` names: by their own label (the one so named, or the only one whose label holds
 * the name: two that merely hold the word name neither), else the unlabelled switch inside a row so named.
 */
export function switchesNamed(screen: Screen, target: string): ScreenElement[] {
  const switches = screen.elements.filter((e) => SWITCH_ROLES.has(e.role));
  const own = holding(
    screen,
    switches.filter((e) => e.label !== ''),
    target,
  );
  const exact = own.filter((e) => says(target, switchName(e.label)) && says(switchName(e.label), target));
  if (exact.length) return exact;
  if (own.length === 1) return own;
  if (own.length > 1) return [];
  const rows = named(
    screen,
    screen.elements.filter((e) => !SWITCH_ROLES.has(e.role)),
    target,
  );
  return switches.filter((s) => rows.some((row) => inside(row, s)));
}

function switchIs(screen: Screen, { target, on }: Extract<GoalCheck, { kind: 'switch' }>, after: Observation): CheckOutcome {
  const found = switchesNamed(screen, target);
  if (!found.length) return fail(`no switch "${target}" is on ${screenWords(after)}`);
  const wrong = found.filter((e) => e.states.includes('checked') !== on);
  if (!wrong.length) return ok(found);
  const e = wrong[0];
  return fail(`${e.role} ${e.ref} "${e.label}" is ${on ? 'off' : 'on'}`, found);
}

function fieldHolds(screen: Screen, check: Extract<GoalCheck, { kind: 'holds' }>, input: CheckInput): CheckOutcome {
  const inputs = screen.elements.filter((e) => e.role === 'input');
  const typedInto = [...(input.acted ?? [])].reverse().find((a) => a.primitive === 'input_text' && a.element)?.element;
  const field =
    (typedInto && inputs.find((e) => e.ref === typedInto.ref)) ??
    (check.target === undefined ? undefined : named(screen, inputs, check.target)[0]) ??
    inputs.find((e) => e.states.includes('focused'));
  const which = check.target === undefined ? 'the focused field' : `a field "${check.target}"`;
  if (!field) return fail(`${which} is not on ${screenWords(input.after)}`);
  const shown = textOf(field);
  if (check.secret || field.states.includes('password')) {
    const masked = maskedCount(shown);
    const length = [...check.text].length;
    const holds = field.states.includes('password') ? masked === length : shown === check.text;
    return holds
      ? ok([field])
      : fail(
          `${field.role} ${field.ref} holds ${field.states.includes('password') ? `${masked} mask characters` : `${[...shown].length} characters`}, not the ${length} typed`,
          [field],
        );
  }
  if (normalise(shown).includes(normalise(check.text)) && shown !== '') return ok([field]);
  return fail(`${field.role} ${field.ref} holds "${shown}"`, [field]);
}

/** What the app shows, the keyboard left out: a back that only closed the keyboard leaves this as it was. */
function appContent(screen: Screen): string {
  const keyboards = new Set(screen.windows.flatMap((w, i) => (w.kind === 'keyboard' ? [i] : [])));
  return `${screen.foreground?.package ?? ''}/${screen.foreground?.activity ?? ''}\n${screen.elements
    .filter((e) => !keyboards.has(e.window) && e.role !== 'keyboard')
    .map((e) => `${e.role}|${e.label}|${e.value ?? ''}`)
    .join('\n')}`;
}

/** Whether anything a person would notice changed since the step began, a toast that came and went included. */
export function changed(input: CheckInput): boolean {
  if (input.before.contentKey !== input.after.contentKey) return true;
  return (input.acted ?? []).some(({ report }) => report !== undefined && reportChanged(report));
}

function words(text: string): string[] {
  // Plurals folded: "cables" is "cable", "batteries" is "battery"; "glass" stays.
  return normalise(text)
    .split(' ')
    .filter((w) => w !== '')
    .map((w) => (w.length <= 3 ? w : w.endsWith('ies') ? `${w.slice(0, -3)}y` : w.replace(/([^s])s$/, '$1')));
}

/** Whether `label` says every word of `name` (fillers dropped, plurals folded). */
export function says(label: string, name: string): boolean {
  const want = words(name).filter((w) => !FILLER.has(w));
  if (!want.length) return false;
  const have = new Set(words(label));
  return want.every((w) => have.has(w));
}

/** What titles the top window: its first two texts (a category line may come first), and any label in its top band. */
function titles(screen: Screen): ScreenElement[] {
  const top = screen.windows.findIndex((w) => w.kind !== 'keyboard' && w.kind !== 'toast');
  const own = screen.elements.filter((e) => e.window === top && e.label !== '' && e.role !== 'input' && e.role !== 'keyboard');
  const first = own.filter((e) => e.role === 'text').slice(0, 2);
  // An editor is titled by its title field's text.
  const field = screen.elements.find((e) => e.window === top && e.role === 'input' && textOf(e) !== '');
  if (field) first.push(field);
  const win = screen.windows[top]?.bounds;
  const bandEnd = win ? win.top + Math.max(screen.height / 5, (win.bottom - win.top) / 4) : screen.height / 5;
  const band = own.filter((e) => e.bounds.bottom <= bandEnd);
  return [...new Set([...first, ...band])];
}

/** The elements that title the screen and name `target`. */
function titledBy(screen: Screen, target: string): ScreenElement[] {
  return titles(screen).filter((e) => says(textOf(e), target));
}

function opened(target: string, input: CheckInput): CheckOutcome {
  const screen = input.after.screen;
  if (!changed(input)) return fail(`the screen did not change: ${screenWords(input.after)}`);
  const titled = titledBy(screen, target);
  if (titled.length) return ok(titled);
  const tab = named(screen, screen.elements, target).filter((e) => e.states.includes('selected'));
  if (tab.length) return ok(tab);
  return fail(`the screen is not titled "${target}": ${screenWords(input.after)}`);
}

function selected(target: string, input: CheckInput): CheckOutcome {
  const screen = input.after.screen;
  const picked = named(screen, screen.elements, target).filter((e) => e.states.includes('selected') || e.states.includes('checked'));
  if (picked.length) return ok(picked);
  if (!changed(input)) return fail(`"${target}" is not selected and the screen did not change: ${screenWords(input.after)}`);
  const titled = titledBy(screen, target);
  if (titled.length) return ok(titled);
  // A chooser (a dialog or menu) that offered it has closed.
  const chooser = input.before.screen.windows.findIndex((w) => w.kind === 'dialog');
  const offered =
    chooser >= 0 &&
    named(
      input.before.screen,
      input.before.screen.elements.filter((e) => e.window === chooser),
      target,
    ).length > 0;
  if (offered && !screen.windows.some((w) => w.kind === 'dialog')) return ok([]);
  return fail(`"${target}" is not selected, and the screen is not titled "${target}": ${screenWords(input.after)}`);
}

/** How apps say a search found nothing: "No results for …", "No notes match …", "0 items", "Nothing found". */
const NO_RESULTS = /\b(?:no|0|zero)\s+(?:\w+\s+){0,2}?(?:results?|matches|items?|found)\b|\bno\s+\w+\s+match|\bnothing\s+(?:found|matches)|\bnot\s+found\b/i;

function results(screen: Screen, query: string, after: Observation): CheckOutcome {
  const shown = screen.elements.filter((e) => e.role !== 'input' && e.role !== 'keyboard' && e.label !== '');
  const none = shown.find((e) => NO_RESULTS.test(e.label));
  if (none) return fail(`the search found nothing: the screen shows "${none.label}"`, [none]);
  const mentions = shown.filter((e) => says(e.label, query));
  if (mentions.length) return ok(mentions.slice(0, 3));
  // Rows listed under a field holding the query: results that matched on text the list does not show.
  const field = screen.elements.find((e) => e.role === 'input' && says(textOf(e), query));
  const rows = shown.filter((e) => e.role === 'item' && e.list !== undefined);
  if (field && rows.length) return ok([field, ...rows.slice(0, 2)]);
  return fail(`nothing but the search field mentions "${query}": ${screenWords(after)}`);
}

function signedIn(screen: Screen): CheckOutcome {
  const password = screen.elements.find((e) => e.role === 'input' && e.states.includes('password'));
  const error = screen.elements.find((e) => e.role !== 'input' && ERROR_TEXT.test(e.label));
  if (error) return fail(`the screen shows "${error.label}"`, [error]);
  if (password) return fail(`the login form is still shown (password field ${password.ref})`, [password]);
  return ok([]);
}

function shows(screen: Screen, wanted: readonly ShownElement[], after: Observation): CheckOutcome {
  const found: ScreenElement[] = [];
  for (const want of wanted) {
    const label = normalise(want.label);
    const same = screen.elements.filter((e) => e.role === want.role && normalise(e.label) === label);
    const match = same.find((e) => want.states.every((s) => e.states.includes(s)));
    if (!match) {
      const seen = same[0];
      return fail(
        seen
          ? `${seen.role} ${seen.ref} "${seen.label}" is ${seen.states.join(' ') || 'in no marked state'}, not ${want.states.join(' ')}`
          : `${want.role} "${want.label}" is not on ${screenWords(after)}`,
        found,
      );
    }
    found.push(match);
  }
  return ok(found);
}

/** The elements a finished step cited, kept as another run can find them again. */
export function shownElements(elements: readonly ScreenElement[]): ShownElement[] {
  const kept = ['checked', 'unchecked', 'selected', 'disabled'] as const;
  return elements.filter((e) => e.label !== '').map((e) => ({ role: e.role, label: e.label, states: kept.filter((s) => e.states.includes(s)) }));
}
