// The agent's contracts: what each role takes and answers, as typed JSON, and what a goal ends with.
// The answers are inferred from their one description, the zod schemas of roles/schemas.ts.
import { z } from 'zod';
import type { PrimitiveCall, Target } from '../primitives/index.js';
import type { AgentPath, CacheOutcome, Verdict } from '../events/index.js';
import type * as Answers from './roles/schemas.js';

/** One earlier action as the planner and the debugger see it. */
export interface HistoryEntry {
  /** The call as run, secret text already masked. */
  call: PrimitiveCall;
  verdict: Verdict;
  /** The situation report in words ("screen changed; new: e9 button "Add to cart"; ..."). */
  report: string;
  /** The failure's name and message, when the verdict was not OK. */
  failure?: string;
}

/** What the planner is asked: the goal, the compressed screen, the recent past and the limits. */
export interface PlannerInput {
  goal: string;
  /** The screen as text (screenText), about 300 tokens. */
  screen: string;
  /** The last 5–10 actions, oldest first. */
  history: HistoryEntry[];
  /** Actions that changed nothing on this screen: not to be tried again. */
  noEffect: string[];
  /** Limits and hints in words ("4 steps left", "the last plan failed: ..."). */
  constraints: string[];
  /** The app under test, when known. */
  app?: string;
}

/** The planner's answer once checked: its reason, then 1–3 primitives to run in order (finish/give_up end the goal). */
export type PlannerDecision = Omit<z.infer<typeof Answers.PlannerAnswer>, 'actions'> & { actions: PrimitiveCall[] };

/** Asked only when the rule locator found several equal candidates. */
export interface LocatorInput {
  target: Target;
  screen: string;
  candidates: Array<{ ref: string; label: string; score: number }>;
}

export type LocatorAnswer = z.infer<typeof Answers.LocatorAnswer>;

/** A fuzzy `ai.expect` / `ai.waitFor` the rules could not check. */
export interface ValidatorInput {
  assertion: string;
  screen: string;
}

export type ValidatorAnswer = z.infer<typeof Answers.ValidatorAnswer>;

export type DebuggerAnswer = z.infer<typeof Answers.DebuggerAnswer>;

/** What the debugger decides after a failed action. */
export type Recovery = DebuggerAnswer['decision'];

export interface DebuggerInput {
  goal: string;
  /** The failed action and its failure. */
  failed: HistoryEntry;
  /** The recent window of actions before it, oldest first. */
  window: HistoryEntry[];
  screen: string;
}

/** `ai.query`: a question and the JSON Schema of the answer wanted. */
export interface QueryInput {
  question: string;
  screen: string;
  schema: Record<string, unknown>;
}

export type QueryAnswer = z.infer<typeof Answers.QueryAnswer>;

/** How a goal or check was served (the cache, the offline rules, or a model), and what the plan cache did: as the event log records them. */
export type { AgentPath, CacheOutcome };

/** How a run uses the plan cache: `ai.cache` in the config, MOBILETEST_CACHE, `mobiletest test --cache`. */
export const CacheMode = z.enum(['read-write', 'read-only', 'refresh', 'off']);
export type CacheMode = z.infer<typeof CacheMode>;
export const CACHE_MODES = CacheMode.options;
