// The closed word lists of the evidence log, each written once as a zod enum: the event schemas use
// them, and the layers above (primitives, agent, runner, reporters) take their types and lists from here.
import { z } from 'zod';

/** How an action ended: done, to be tried again, failed, or a fault of the harness or device. */
export const Verdict = z.enum(['OK', 'RETRY', 'FAIL', 'EXCEPTION']);
export type Verdict = z.infer<typeof Verdict>;

/** Who asked for an action: the spec's own code, an agent step, or an MCP client. */
export const ActionSource = z.enum(['script', 'agent', 'mcp']);
export type ActionSource = z.infer<typeof ActionSource>;

/** How a test ended, in Playwright's words. */
export const TestStatus = z.enum(['passed', 'failed', 'timedOut', 'skipped', 'interrupted']);
export type TestStatus = z.infer<typeof TestStatus>;

/** Whose fault a failure is; `refusal` is a model that declined the request (neither the app's nor the runner's). */
export const FailureCategory = z.enum(['environment', 'execution', 'locator', 'plan', 'product', 'refusal']);
export type FailureCategory = z.infer<typeof FailureCategory>;

/** The categories a failure can be attributed to by looking at it (the debugger's rules and model); a refusal only reports itself. */
export const AttributableCategory = FailureCategory.exclude(['refusal']);
export type AttributableCategory = z.infer<typeof AttributableCategory>;

/** Which agent call an agent event belongs to: `ai.step`, `ai.expect`, `ai.query`, `ai.waitFor`. */
export const AgentCall = z.enum(['step', 'expect', 'query', 'wait_for']);
export type AgentCall = z.infer<typeof AgentCall>;

/** How a goal or check was served: the plan cache, the offline rules, or a model. */
export const AgentPath = z.enum(['cache', 'rules', 'model']);
export type AgentPath = z.infer<typeof AgentPath>;

/** What the plan cache did for one agent call. hit: replayed; healed: replayed in part, then the agent took over; miss: not cached; off: not used. */
export const CacheOutcome = z.enum(['hit', 'miss', 'healed', 'off']);
export type CacheOutcome = z.infer<typeof CacheOutcome>;

/** The agent's model roles: each has its prompt, its model settings and its token account. */
export const ModelRole = z.enum(['planner', 'locator', 'validator', 'debugger']);
export type ModelRole = z.infer<typeof ModelRole>;

/** Who took a decision inside an agent call: a model role (or the offline rules standing in for it), or the plan cache. */
export const DecisionRole = z.enum([...ModelRole.options, 'cache']);
export type DecisionRole = z.infer<typeof DecisionRole>;

/** Where an llm_call's tokens_in and tokens_out come from: the provider's reported usage, or mobiletest's own count. */
export const UsageSource = z.enum(['provider', 'counted']);
export type UsageSource = z.infer<typeof UsageSource>;
export const USAGE_SOURCES = UsageSource.options;
