// The text rules: how well one element answers a query, and why.
import type { ScreenElement } from '../../observe/index.js';
import { editDistance, idWords, normalise, tokens } from './text.js';

export interface Match {
  score: number;
  reason: string;
  /**
   * Set by the likeness rules (fuzzy, shared words): the element shows other text that only looks
   * like the target's, which an action may still aim at but a check of what is shown does not count.
   */
  lookalike?: true;
}

/** Scores of the text rules, highest first; the locator documents them in index.ts. */
export const SCORES = {
  ref: 1,
  exact: 1,
  normalised: 0.95,
  joined: 0.9,
  value: 0.85,
  resourceId: 0.85,
  containsBase: 0.5,
  containsSpan: 0.35,
  fuzzyBase: 0.35,
  fuzzySpan: 0.3,
  overlapBase: 0.25,
  overlapSpan: 0.25,
} as const;

// Words ids add to what an element is ("login_button", "search_src_text") that people leave out.
const ID_FILLER = new Set([
  'btn',
  'button',
  'bt',
  'edit',
  'et',
  'text',
  'txt',
  'tv',
  'src',
  'field',
  'input',
  'view',
  'iv',
  'img',
  'image',
  'icon',
  'ic',
  'layout',
  'container',
  'label',
  'id',
  'action',
  'menu',
  'item',
]);
const FUZZY_MIN = 0.75;

function best(matches: Array<Match | undefined>): Match | undefined {
  let top: Match | undefined;
  for (const m of matches) if (m && (!top || m.score > top.score)) top = m;
  return top;
}

/** How well `text` names a string the element shows (its label or value). */
export function matchText(shown: string, text: string, what: string): Match | undefined {
  if (shown === '' || text === '') return undefined;
  if (shown === text) return { score: SCORES.exact, reason: `exact ${what}` };
  const a = normalise(shown);
  const b = normalise(text);
  if (a === '' || b === '') return undefined;
  if (a === b) return { score: SCORES.normalised, reason: `normalised ${what}` };
  if (a.replace(/ /g, '') === b.replace(/ /g, '')) return { score: SCORES.joined, reason: `${what} without spaces` };
  const shownWords = a.split(' ');
  const textWords = b.split(' ');
  const all = textWords.every((w) => shownWords.includes(w));
  // CJK labels have no spaces: a query inside one counts as contained by characters.
  const inside = !all && b.length >= 2 && a.includes(b) && /[^\p{ASCII}]/u.test(b);
  if (all || inside) {
    // Numbers the target leaves out (a price, a count) do not make a label a worse match for it:
    // "Smart Watch" names "Smart Watch $199.99" better than "Smart Watch Band $19.99".
    const counted = shownWords.filter((w) => !/^\d+$/.test(w) || textWords.includes(w)).length;
    const ratio = all ? textWords.length / Math.max(counted, textWords.length) : b.length / a.length;
    const start = a.startsWith(b) ? 0.05 : 0;
    return { score: SCORES.containsBase + SCORES.containsSpan * ratio + start, reason: `${what} contains "${text}"` };
  }
  const max = Math.max(a.length, b.length);
  const distance = editDistance(a, b, Math.floor(max * (1 - FUZZY_MIN)));
  const sim = 1 - distance / max;
  const fuzzy =
    sim >= FUZZY_MIN
      ? {
          score: SCORES.fuzzyBase + SCORES.fuzzySpan * sim,
          reason: `${what} like "${text}" (${distance} edit${distance === 1 ? '' : 's'})`,
          lookalike: true as const,
        }
      : undefined;
  const shared = textWords.filter((w) => shownWords.includes(w)).length;
  const jaccard = shared / new Set([...textWords, ...shownWords]).size;
  const overlap =
    jaccard >= 0.5
      ? { score: SCORES.overlapBase + SCORES.overlapSpan * jaccard, reason: `${what} shares words with "${text}"`, lookalike: true as const }
      : undefined;
  return best([fuzzy, overlap]);
}

/** How well `text` names the element's resource id, by its words ("login_button" ↔ "Log in"). */
export function matchIdWords(resourceId: string, text: string): Match | undefined {
  if (resourceId === '' || text === '') return undefined;
  const words = idWords(resourceId);
  const meaningful = words.filter((w) => !ID_FILLER.has(w));
  const want = tokens(text).filter((w) => !ID_FILLER.has(w));
  if (want.length === 0 || meaningful.length === 0) return undefined;
  const reason = `resource-id "${resourceId.slice(resourceId.lastIndexOf('/') + 1)}"`;
  if (meaningful.join('') === want.join('')) return { score: SCORES.resourceId, reason };
  if (want.every((w) => meaningful.includes(w))) return { score: SCORES.resourceId - 0.15 * (1 - want.length / meaningful.length), reason };
  return undefined;
}

/** How well an `id` part of a target names the element's resource id. */
export function matchId(resourceId: string, id: string): Match | undefined {
  if (resourceId === '') return undefined;
  const tail = resourceId.slice(resourceId.lastIndexOf('/') + 1);
  if (resourceId === id || tail === id) return { score: SCORES.exact, reason: `resource-id "${tail}"` };
  return matchIdWords(resourceId, id.replace(/^.*\//, ''));
}

/** The text rules together: label, value, resource-id words. */
export function matchElement(e: ScreenElement, text: string): Match | undefined {
  return best([
    matchText(e.label, text, 'label'),
    e.value === undefined ? undefined : cap(matchText(e.value, text, 'value'), SCORES.value),
    matchIdWords(e.resourceId, text),
  ]);
}

function cap(m: Match | undefined, max: number): Match | undefined {
  return m && { ...m, score: Math.min(m.score, max) };
}
