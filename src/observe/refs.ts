// Short refs ('e7') that follow an element from one observation to the next.
import { centre, sameRect } from './geometry.js';
import { maskVolatile } from './signature.js';
import type { Rect } from './ui-node.js';
import type { Role } from './screen-types.js';

/** What makes an element the same element on the next screen. */
export interface ElementIdentity {
  role: Role;
  className: string;
  resourceId: string;
  label: string;
  /** Package of the element's window. */
  package: string;
  bounds: Rect;
}

interface Known extends ElementIdentity {
  ref: string;
}

/** How far (px) an element may drift when nothing else tells how the screen moved. */
const DRIFT = 64;

/**
 * Hands out refs and remembers the last screen's, so an element that stays keeps its ref: same
 * role, class, resource id and label (an input's typed text and a label's clock do not count), at about the same
 * place, or moved along with the rest of the screen (a scroll). A ref is never given to another element.
 */
export class RefRegistry {
  private next = 1;
  private previous: Known[] = [];
  /** The state before the last assign, for `retract`. */
  private beforeLast: { next: number; previous: Known[] } | undefined;

  /** Refs for `elements`, in their order; they become the previous screen for the next call. */
  assign(elements: ElementIdentity[]): string[] {
    this.beforeLast = { next: this.next, previous: this.previous };
    const refs: Array<string | undefined> = elements.map(() => undefined);
    const unusedOld = new Set(this.previous);
    const byKey = new Map<string, Known[]>();
    for (const old of this.previous) push(byKey, key(old), old);
    const take = (i: number, old: Known) => {
      refs[i] = old.ref;
      unusedOld.delete(old);
    };

    // 1. Same identity, same place.
    elements.forEach((e, i) => {
      const old = (byKey.get(key(e)) ?? []).find((o) => unusedOld.has(o) && sameRect(o.bounds, e.bounds));
      if (old) take(i, old);
    });
    // 2. Same identity, one of a kind on both screens: it moved (a scroll).
    const newByKey = new Map<string, number[]>();
    elements.forEach((e, i) => {
      if (refs[i] === undefined) push(newByKey, key(e), i);
    });
    for (const [k, indexes] of newByKey) {
      const olds = (byKey.get(k) ?? []).filter((o) => unusedOld.has(o));
      if (indexes.length === 1 && olds.length === 1) take(indexes[0], olds[0]);
    }
    // 3. Repeated identities (rows saying "Secured"): nearest to where the screen's motion puts them.
    const shift = medianShift(elements, refs, this.previous);
    for (const [k, indexes] of newByKey) {
      for (const i of indexes) {
        if (refs[i] !== undefined) continue;
        const c = centre(elements[i].bounds);
        const target = { x: c.x - shift.x, y: c.y - shift.y };
        const old = nearest(
          (byKey.get(k) ?? []).filter((o) => unusedOld.has(o)),
          target,
          DRIFT,
        );
        if (old) take(i, old);
      }
    }
    // 4. Same control in the same place whose label changed ("Cart, 0 items" → "Cart, 1 item").
    elements.forEach((e, i) => {
      if (refs[i] !== undefined || e.resourceId === '') return;
      const old = nearest(
        [...unusedOld].filter((o) => o.role === e.role && o.className === e.className && o.resourceId === e.resourceId && o.package === e.package),
        centre(e.bounds),
        8,
      );
      if (old) take(i, old);
    });

    const out = refs.map((r) => r ?? `e${this.next++}`);
    this.previous = elements.map((e, i) => ({ ...e, ref: out[i] }));
    return out;
  }

  /** Forget the previous screen: the next one starts over with fresh refs (a new app session). */
  reset(): void {
    this.previous = [];
    this.beforeLast = undefined;
  }

  /**
   * Takes back the last assign, as if it had not happened: the same screen is about to be assigned again
   * with more elements (the text read off its pixels), which must be matched against the screen before.
   */
  retract(): void {
    if (!this.beforeLast) return;
    ({ next: this.next, previous: this.previous } = this.beforeLast);
    this.beforeLast = undefined;
  }
}

function key(e: ElementIdentity): string {
  // A clock or "3 min ago" in a label ticks while the element stays.
  const label = e.role === 'input' || e.role === 'keyboard' ? '' : maskVolatile(e.label);
  return `${e.role}\u0000${e.className}\u0000${e.resourceId}\u0000${e.package}\u0000${label}`;
}

function push<K, V>(map: Map<K, V[]>, k: K, v: V): void {
  const list = map.get(k);
  if (list) list.push(v);
  else map.set(k, [v]);
}

function medianShift(elements: ElementIdentity[], refs: Array<string | undefined>, previous: Known[]): { x: number; y: number } {
  const byRef = new Map(previous.map((p) => [p.ref, p]));
  const dx: number[] = [];
  const dy: number[] = [];
  elements.forEach((e, i) => {
    const old = refs[i] === undefined ? undefined : byRef.get(refs[i] as string);
    if (!old) return;
    const a = centre(e.bounds);
    const b = centre(old.bounds);
    // Only what moved: bars that stay put say nothing about how far a list scrolled.
    if (a.x === b.x && a.y === b.y) return;
    dx.push(a.x - b.x);
    dy.push(a.y - b.y);
  });
  const median = (v: number[]) => (v.length === 0 ? 0 : v.sort((p, q) => p - q)[Math.floor(v.length / 2)]);
  return { x: median(dx), y: median(dy) };
}

function nearest(candidates: Known[], point: { x: number; y: number }, within: number): Known | undefined {
  let best: Known | undefined;
  let bestDistance = Infinity;
  for (const c of candidates) {
    const p = centre(c.bounds);
    const d = Math.hypot(p.x - point.x, p.y - point.y);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= within ? best : undefined;
}
