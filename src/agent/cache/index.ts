// The plan cache: what agent calls did, stored beside the spec and replayed with live re-location.
export { CACHE_VERSION, CachedStep, CacheEntry, CacheFile, CheckEntry, GoalEntry, type CacheCall } from './types.js';
export { PlanCacheError } from './errors.js';
export { cacheFileFor, cacheKey, onCi, type CacheKeyInput } from './keys.js';
export { formatCache, parseCache } from './format.js';
export { PlanCache, type PlanCacheOptions } from './store.js';
export { STALE_LOCK_MS } from './lock.js';
export { semanticCall, semanticTarget, recordStep, type RecordStepInput } from './semantic.js';
export { quotedValues, goalValues, secretSlot } from './values.js';
export { replaySteps, describeCall, type ReplayOptions, type ReplayResult, type StepReport } from './replay.js';
