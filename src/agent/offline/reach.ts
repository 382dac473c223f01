// Which element an offline rule's verb needs, read off one screen: a switch to turn, a field to type
// into, an item to open. A row that merely names the control is a way to it, never the control.
import type { Screen, ScreenElement } from '../../observe/index.js';
import { describeTarget, isActionable, locate, nearestLabels, where, type Target } from '../../primitives/index.js';
import { holding, named, says, switchesNamed } from '../verify/index.js';
import { startControl } from './start.js';

/** The kind of element a verb acts on; `start` is whatever control starts a game (Start, Play, New game), whatever the target says. */
export type ControlKind = 'switch' | 'input' | 'item' | 'start';

export type Reach =
  | { kind: 'here'; element: ScreenElement }
  /** Not here, but exactly one row names it: following that row should lead to it. */
  | { kind: 'row'; row: ScreenElement }
  | { kind: 'none'; reason: string };

/** The kinds found by the name the goal gives them. */
type NamedKind = Exclude<ControlKind, 'start'>;

const ROLES: Record<NamedKind, ReadonlySet<string>> = {
  switch: new Set(['toggle', 'checkbox']),
  input: new Set(['input']),
  // A chip is a checkbox that one selects or opens like an item.
  item: new Set(['item', 'button', 'tab', 'image', 'list', 'checkbox']),
};
const NOUN: Record<NamedKind, string> = { switch: 'switch', input: 'text field', item: 'item' };

/** The control `target` names among the elements of `kind`, or the one row leading to it, or why neither. */
export function reachControl(screen: Screen, target: string, kind: ControlKind): Reach {
  // Never a row to follow: a game's start control is on its start screen or the goal is not for the rules.
  if (kind === 'start') return startControl(screen);
  const here = controlsNamed(screen, target, kind);
  if (here) return here;
  if (kind === 'switch') {
    // Several switches that hold the word ("Battery Saver", "Battery percentage" for "Battery"): none is the one named.
    const some = holding(
      screen,
      screen.elements.filter((e) => ROLES.switch.has(e.role) && e.label !== ''),
      target,
    );
    if (some.length > 1)
      return {
        kind: 'none',
        reason: `no switch is named ${describeTarget(target)}; ${some.length} hold the word (${some.map((e) => `"${e.label}"`).join(', ')}): name the one meant`,
      };
  }
  const rows = screen.elements.filter((e) => isActionable(e) && !ROLES.switch.has(e.role) && e.role !== 'input' && says(e.label, target));
  if (rows.length === 1 && kind !== 'item') return { kind: 'row', row: rows[0] };
  const noun = `no ${NOUN[kind]} ${describeTarget(target)} is on ${where(screen)}`;
  if (rows.length > 1)
    return {
      kind: 'none',
      reason: `${noun}, and ${rows.length} rows name it (${rows.map((r) => `"${r.label}"`).join(', ')}): which one leads there is not clear`,
    };
  const near = nearestLabels(screen, target).map((n) => `"${n.label}"`);
  return { kind: 'none', reason: `${noun}${kind === 'item' ? '' : ', and no row here names it'}${near.length ? `; closest: ${near.join(', ')}` : ''}` };
}

function controlsNamed(screen: Screen, target: string, kind: NamedKind): Reach | undefined {
  if (kind === 'switch') {
    const found = switchesNamed(screen, target);
    return found.length ? { kind: 'here', element: found[0] } : undefined;
  }
  const pool = screen.elements.filter(
    (e) => ROLES[kind].has(e.role) || (kind === 'item' && isActionable(e) && !ROLES.switch.has(e.role) && e.role !== 'input'),
  );
  const result = locate({ ...screen, elements: pool }, target as Target, { for: 'action' });
  if (result.status === 'found') return { kind: 'here', element: result.best.element };
  // Several equal matches: guessing one would act on a control the goal may not mean.
  if (result.status === 'ambiguous') {
    const top = result.candidates.slice(0, 4).map((c) => `${c.element.role} ${c.element.ref} "${c.element.label}"`);
    return { kind: 'none', reason: `${result.candidates.length} elements match ${describeTarget(target)} equally (${top.join(', ')}): name the one meant` };
  }
  // A field may be named by its hint only when read as a check reads it ("Note").
  if (kind === 'input') {
    const read = named(screen, pool, target);
    if (read.length) return { kind: 'here', element: read[0] };
  }
  return undefined;
}
