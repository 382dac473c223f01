// Public entry of the locator: targets resolved by rules on the observed screen.
//
// Rules and their scores (0..1): a ref ('e7') is taken as is (1). Label text: exact 1, normalised
// (case, punctuation, spaces) 0.95, same without spaces 0.9; the target's words all in a longer label
// 0.5 + 0.35 × (target words / label words, not counting numbers the target leaves out), +0.05 at its start; fuzzy (edit similarity ≥ 0.75)
// 0.35 + 0.3 × similarity; shared words (Jaccard ≥ 0.5) 0.25 + 0.25 × Jaccard. An input's value is
// capped at 0.85. Resource-id words, filler like btn/text/src dropped ('login_button' ↔ "Log in",
// 'search_src_text' ↔ "search"): 0.85. A role word in the target ("the Log in button", "the email
// field", "the Wi-Fi switch") adds 0.05 to elements of that role and multiplies others by 0.6; a role
// alone ("the first checkbox") scores its elements 0.8, unless one element's label says exactly that word
// ("Title", "Photo": a field or button so labelled is what was meant). For actions, elements one cannot act on are
// multiplied by 0.9, and one the pixels show covered or greyed out by 0.8 when a live one has the same label.
// Below 0.4 is no match.
// Ordinals count the rows of the screen's longest list in reading order ("first result", "3rd row"), or the
// elements of a role ("second switch"), or equal text matches ("second Add to cart"); `index` is the
// same pick, 0-based, among equal matches. `near` adds 0.15 to the candidates closest to the anchor.
// The best is 'found' only when it leads the next by MARGIN (0.1); otherwise 'ambiguous'.
// The fuzzy and shared-words rules are lookalikes (Candidate.lookalike): with `lookalikes: false`,
// which every check of what is shown uses, they match nothing, so a near miss never stands in for the target.
export type { PointTarget, Target, TargetObject } from './target.js';
export { describeTarget, isPoint } from './target.js';
export {
  locate,
  bestMatches,
  nearestLabels,
  isActionable,
  MARGIN,
  MIN_SCORE,
  type Candidate,
  type Nearest,
  type LocateResult,
  type LocateOptions,
} from './locate.js';
export { describeLocateResult } from './describe.js';
export { normalise, idWords } from './text.js';
