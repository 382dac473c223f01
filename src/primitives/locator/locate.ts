// Resolves a target on the observed screen into ranked candidates, or says it is ambiguous or missing.
import { area, holdsPoint, pixelBlock, type Role, type Screen, type ScreenElement } from '../../observe/index.js';
import { parseTarget, type Query } from './query.js';
import { matchElement, matchId, matchText, SCORES, type Match } from './score.js';
import type { Target } from './target.js';
import { similarity, tokens } from './text.js';

export interface Candidate {
  element: ScreenElement;
  score: number;
  /** Which rules matched, strongest first: 'exact label', 'resource-id "login_button"', 'role button', ... */
  reasons: string[];
  /** Its text only looks like the target's (a fuzzy or shared-words match): see LocateOptions.lookalikes. */
  lookalike?: true;
}

export interface Nearest {
  ref: string;
  role: Role;
  label: string;
  similarity: number;
}

export type LocateResult =
  | { status: 'found'; best: Candidate; candidates: Candidate[] }
  | { status: 'ambiguous'; candidates: Candidate[] }
  | { status: 'not_found'; nearest: Nearest[]; anchorMissing?: boolean };

export interface LocateOptions {
  /** 'action' (default) prefers elements one can act on; 'read' treats all alike. */
  for?: 'action' | 'read';
  /**
   * Whether an element whose text only looks like the target's (within a few edits, or sharing most
   * words) is a candidate; default true. Checks of what is shown pass false: a row edited "Nov 26" is
   * not the deleted row edited "13:26", though an action aimed at a misspelt label may still want it.
   */
  lookalikes?: boolean;
}

/** The best is found only when this far ahead of the next candidate; closer than this is ambiguous. */
export const MARGIN = 0.1;
/** Candidates scoring below this are not matches at all. */
export const MIN_SCORE = 0.4;
const ROLE_BONUS = 0.05;
const ROLE_PENALTY = 0.6;
const PASSIVE_PENALTY = 0.9;
const ROLE_ONLY = 0.8;
const NEAR_BONUS = 0.15;
/** A match its pixels show covered or greyed out, beside a live one with the same label. */
const NOT_LIVE_PENALTY = 0.8;
const OUTSIDE = 1000;
const ACTIONABLE: ReadonlySet<Role> = new Set(['button', 'input', 'toggle', 'checkbox', 'tab', 'item']);

export function isActionable(e: ScreenElement): boolean {
  return ACTIONABLE.has(e.role) || e.states.includes('long-clickable') || e.states.some((s) => s.startsWith('scrollable'));
}

function textMatch(e: ScreenElement, q: Query): Match | undefined {
  const plain = q.text === '' ? undefined : matchElement(e, q.text);
  const phrase = q.phrase === undefined ? undefined : matchElement(e, q.phrase);
  return plain && (!phrase || plain.score >= phrase.score) ? plain : phrase;
}

function score(e: ScreenElement, q: Query, purpose: 'action' | 'read'): Candidate | undefined {
  const parts: Match[] = [];
  const hasText = q.text !== '' || q.phrase !== undefined;
  for (const m of [
    hasText ? (textMatch(e, q) ?? null) : undefined,
    q.desc === undefined ? undefined : (matchText(e.label, q.desc, 'content-desc') ?? null),
    q.id === undefined ? undefined : (matchId(e.resourceId, q.id) ?? null),
  ]) {
    if (m === null) return undefined;
    if (m) parts.push(m);
  }
  const roleOk = q.roles?.includes(e.role);
  if (parts.length === 0) {
    if (q.roles === undefined || !roleOk) return undefined;
    parts.push({ score: ROLE_ONLY, reason: `role ${e.role}` });
  } else if (q.roles !== undefined) {
    if (roleOk) parts.push({ score: ROLE_BONUS, reason: `role ${e.role}` });
    else parts.push({ score: 0, reason: `${e.role}, not ${q.roles[0]}` });
  }
  const textParts = parts.filter((p) => !p.reason.startsWith('role ') && !p.reason.includes(', not '));
  let value = textParts.length === 0 ? ROLE_ONLY : Math.min(...textParts.map((p) => p.score));
  if (q.roles !== undefined && hasText) value = roleOk ? Math.min(1, value + ROLE_BONUS) : value * ROLE_PENALTY;
  const reasons = parts.map((p) => p.reason);
  if (purpose === 'action' && !isActionable(e)) {
    value *= PASSIVE_PENALTY;
    reasons.push('not actionable');
  }
  const lookalike = textParts.some((p) => p.lookalike);
  return { element: e, score: round(value), reasons, ...(lookalike ? { lookalike: true as const } : {}) };
}

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}

function rank(cs: Candidate[], order: Map<ScreenElement, number>): Candidate[] {
  return cs.sort((a, b) => b.score - a.score || (order.get(a.element) ?? 0) - (order.get(b.element) ?? 0));
}

/** Candidates close enough to the best to count as equal, in reading order. */
function ties(cs: Candidate[], order: Map<ScreenElement, number>): Candidate[] {
  const top = cs[0]?.score ?? 0;
  return cs.filter((c) => top - c.score < MARGIN).sort((a, b) => (order.get(a.element) ?? 0) - (order.get(b.element) ?? 0));
}

/** Which of the pool to take (negative counts from the end), why, and every candidate for the result. */
interface Choice {
  n: number;
  reason: string;
  all: Candidate[];
}

function pick(pool: Candidate[], { n, reason, all }: Choice): LocateResult {
  const at = n < 0 ? pool.length + n : n;
  const chosen = pool[at];
  if (!chosen) return { status: 'not_found', nearest: pool.map((c) => nearestOf(c.element, 0)) };
  const best = { ...chosen, reasons: [...chosen.reasons, reason] };
  return { status: 'found', best, candidates: [best, ...all.filter((c) => c !== chosen)] };
}

function nearestOf(e: ScreenElement, sim: number): Nearest {
  return { ref: e.ref, role: e.role, label: e.label, similarity: round(sim) };
}

/** Labelled elements most like the target's words, for a "closest:" hint. */
export function nearestLabels(screen: Screen, text: string, count = 3): Nearest[] {
  if (text === '') return [];
  const want = new Set(tokens(text));
  return screen.elements
    .filter((e) => e.label !== '')
    .map((e) => {
      const words = tokens(e.label);
      const shared = words.filter((w) => want.has(w)).length / Math.max(1, new Set([...words, ...want]).size);
      const sim = similarity(e.label, text);
      return nearestOf(e, shared > 0 || sim >= 0.5 ? Math.max(sim, shared) : 0);
    })
    .filter((n) => n.similarity > 0)
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, count);
}

/** Distance from an element to the anchor: overlapping ones first (a button inside its row), then the edge gap. */
function distance(a: ScreenElement['bounds'], b: ScreenElement['bounds']): number {
  const dx = Math.max(0, a.left - b.right, b.left - a.right);
  const dy = Math.max(0, a.top - b.bottom, b.top - a.bottom);
  const overlaps = a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const cx = (a.left + a.right - b.left - b.right) / 2;
  const cy = (a.top + a.bottom - b.top - b.bottom) / 2;
  const centre = Math.hypot(cx, cy);
  return overlaps ? centre / 100 : OUTSIDE + Math.hypot(dx, dy) + centre / 100;
}

/** Raises the candidates nearest the anchor among those about as good as the best. */
function preferNear(cs: Candidate[], anchor: ScreenElement): Candidate[] {
  const rest = cs.filter((c) => c.element !== anchor);
  const top = rest[0]?.score ?? 0;
  const close = rest.filter((c) => top - c.score < 2 * MARGIN);
  if (close.length === 0) return rest;
  const dist = new Map(close.map((c) => [c, distance(c.element.bounds, anchor.bounds)]));
  const least = Math.min(...dist.values());
  return rest.map((c) => {
    const d = dist.get(c);
    if (d === undefined || d > least * 1.1 + 2) return c;
    return { ...c, score: round(c.score + NEAR_BONUS), reasons: [...c.reasons, `near ${anchor.ref} "${anchor.label}"`] };
  });
}

/** A match the pixels show covered or greyed out yields to a live one with the same label (the same button, one under an overlay). */
function preferLive(cs: Candidate[]): Candidate[] {
  const live = new Set(cs.filter((c) => pixelBlock(c.element) === undefined).map((c) => c.element.label.toLowerCase()));
  return cs.map((c) => {
    const block = pixelBlock(c.element);
    if (!block || !live.has(c.element.label.toLowerCase())) return c;
    return { ...c, score: round(c.score * NOT_LIVE_PENALTY), reasons: [...c.reasons, block] };
  });
}

/** Labelled rows of the list with the most of them: the results, not a strip of tabs or chips above them. */
function mainListRows(screen: Screen): ScreenElement[] {
  const byList = new Map<string, ScreenElement[]>();
  for (const e of screen.elements) {
    if (e.list === undefined || e.role !== 'item' || e.label === '') continue;
    byList.set(e.list, [...(byList.get(e.list) ?? []), e]);
  }
  return [...byList.values()].reduce<ScreenElement[]>((most, rows) => (rows.length > most.length ? rows : most), []);
}

/**
 * A point on the screen: the smallest element that holds it (the one a touch there reaches), narrowed to
 * the point so that a touch lands exactly there; a point on no element is a spot on the app's window.
 */
function atPoint(screen: Screen, p: { x: number; y: number }): LocateResult {
  if (!holdsPoint({ left: 0, top: 0, right: screen.width, bottom: screen.height }, p)) return { status: 'not_found', nearest: [] };
  const holders = screen.elements.filter((e) => holdsPoint(e.bounds, p)).sort((a, b) => area(a.bounds) - area(b.bounds));
  const under = holders[0];
  const spot = { left: p.x, top: p.y, right: p.x + 1, bottom: p.y + 1 };
  const element: ScreenElement = under
    ? { ...under, bounds: spot }
    : { ref: `@${p.x},${p.y}`, role: 'image', label: '', bounds: spot, states: [], window: 0, className: '', resourceId: '' };
  const best = { element, score: 1, reasons: [`point (${p.x}, ${p.y})${under ? ` on ${under.ref}` : ''}`] };
  return { status: 'found', best, candidates: [best] };
}

/** Rules only: see index.ts for the rules, their scores and the margin. */
export function locate(screen: Screen, target: Target, options: LocateOptions = {}): LocateResult {
  const purpose = options.for ?? 'action';
  const q = parseTarget(target);
  if (q.point !== undefined) return atPoint(screen, q.point);
  if (q.ref !== undefined) {
    const e = screen.elements.find((x) => x.ref === q.ref);
    if (!e) return { status: 'not_found', nearest: [] };
    const best = { element: e, score: 1, reasons: ['ref'] };
    return { status: 'found', best, candidates: [best] };
  }
  if (q.roleWord !== undefined) {
    // "Title", "Photo", "Text" name a role, but a field or button labelled exactly that is what was meant.
    const named = locate(screen, { text: q.roleWord }, options);
    if (named.status === 'found' && named.best.score >= SCORES.normalised) return named;
  }
  const order = new Map(screen.elements.map((e, i) => [e, i]));
  if (q.ordinalOverList && q.ordinal !== undefined) {
    const rows = mainListRows(screen);
    const pool = rows.map((e) => ({ element: e, score: ROLE_ONLY, reasons: ['list item'] }));
    return pick(pool, {
      n: q.ordinal > 0 ? q.ordinal - 1 : q.ordinal,
      reason: `ordinal ${q.ordinal === -1 ? 'last' : q.ordinal} of ${pool.length} list items`,
      all: pool,
    });
  }
  const lookalikes = options.lookalikes ?? true;
  const counts = (c: Candidate | undefined): c is Candidate => c !== undefined && c.score >= MIN_SCORE && (lookalikes || !c.lookalike);
  let cs = rank(screen.elements.map((e) => score(e, q, purpose)).filter(counts), order);
  if (q.near !== undefined) {
    const anchor = locate(screen, q.near, { for: 'read', lookalikes });
    const a = anchor.status === 'found' ? anchor.best : anchor.status === 'ambiguous' ? anchor.candidates[0] : undefined;
    if (!a) return { status: 'not_found', nearest: anchor.status === 'not_found' ? anchor.nearest : [], anchorMissing: true };
    cs = rank(preferNear(cs, a.element), order);
  }
  if (purpose === 'action') cs = rank(preferLive(cs), order);
  if (cs.length === 0) return { status: 'not_found', nearest: nearestLabels(screen, q.phrase ?? (q.text || q.desc || q.id || '')) };
  if (q.ordinal !== undefined) {
    const pool = ties(cs, order);
    return pick(pool, {
      n: q.ordinal > 0 ? q.ordinal - 1 : q.ordinal,
      reason: `ordinal ${q.ordinal === -1 ? 'last' : q.ordinal} of ${pool.length} equal matches`,
      all: cs,
    });
  }
  if (q.index !== undefined) {
    const pool = ties(cs, order);
    return pick(pool, { n: q.index, reason: `index ${q.index} of ${pool.length} equal matches`, all: cs });
  }
  if (cs.length === 1 || cs[0].score - cs[1].score >= MARGIN) return { status: 'found', best: cs[0], candidates: cs };
  return { status: 'ambiguous', candidates: cs };
}

/** The elements that match as well as the best one (several equal rows, e.g. every "Add to cart"); none when missing. */
export function bestMatches(result: LocateResult): ScreenElement[] {
  if (result.status === 'not_found') return [];
  const top = result.candidates[0]?.score ?? 0;
  return result.candidates.filter((c) => c.score >= top - 1e-9).map((c) => c.element);
}
