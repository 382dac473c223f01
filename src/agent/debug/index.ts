// Failure attribution (rules and learned patterns) and the loop and stuck guards of one goal.
export type { Attribution, AttributionInput } from './attribution.js';
export { attribute, RULES, type Rule } from './rules.js';
export { patternKey } from './pattern-key.js';
export { FailurePatterns, MAX_LEARNED_PATTERNS, type RememberedDecision } from './patterns.js';
export { FailurePatternsFileError } from './patterns-file-error.js';
export { ProgressGuard, type GuardKind, type GuardVerdict, type ProgressGuardOptions } from './guard.js';
export { callText, canonicalCall, screenWords } from './call-text.js';
