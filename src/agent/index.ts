// Public entry of the agent: the Agent a test talks to, its options, errors and the plan cache.
export { Agent, registerGoalSecrets, type AiCheckOptions, type AiOutcome, type AiStepOptions } from './agent.js';
export { DEFAULT_LIMITS, type AgentLimits, type AgentOptions } from './context.js';
export { AgentStepFailed, type AgentFailureKind } from './errors.js';
export { PlanCache, cacheFileFor, onCi, PlanCacheError } from './cache/index.js';
export { FailurePatterns } from './debug/index.js';
export type { ModelAccess } from './roles/index.js';
export { checkExpectation, planGoal } from './offline/index.js';
export { CACHE_MODES, type AgentPath, type CacheMode, type CacheOutcome } from './types.js';
export * from './stages/index.js';
