// Messages for a target that did not resolve to one element.
import type { LocateResult } from './locate.js';
import { MARGIN } from './locate.js';
import { describeTarget, type Target } from './target.js';

function quoted(label: string, role: string, ref: string): string {
  return `${label === '' ? 'unlabelled' : `"${label}"`} (${role} ${ref})`;
}

/** One line for an error: what did not match and the closest labels, or the tied candidates; '' when found. */
export function describeLocateResult(target: Target, result: LocateResult): string {
  const what = describeTarget(target);
  if (result.status === 'found') return '';
  if (result.status === 'ambiguous') {
    const top = result.candidates[0].score;
    // Reading order, so the list lines up with `index`.
    const tied = result.candidates
      .filter((c) => top - c.score < MARGIN)
      .sort((a, b) => a.element.bounds.top - b.element.bounds.top || a.element.bounds.left - b.element.bounds.left);
    const more = tied.length > 5 ? `, and ${tied.length - 5} more` : '';
    const list =
      tied
        .slice(0, 5)
        .map((c) => quoted(c.element.label, c.element.role, c.element.ref))
        .join(', ') + more;
    return `${what} matches ${tied.length} elements about equally: ${list}; use a ref, an index or near to pick one`;
  }
  const head = result.anchorMissing ? `The anchor (near) of ${what} matches no element` : `No element matches ${what}`;
  if (result.nearest.length === 0) return `${head}; nothing on the screen is close`;
  return `${head}; closest: ${result.nearest.map((n) => quoted(n.label, n.role, n.ref)).join(', ')}`;
}
