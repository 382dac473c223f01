// Each role's answer, described once in zod: its TypeScript type (z.infer, in ../types.ts), the JSON Schema
// sent with the request (in the provider's dialect) and the one ajv checks the answer against on the way back.
import { z } from 'zod';
import { AttributableCategory } from '../../events/index.js';
import { jsonSchemaOf, type JsonSchema } from '../../primitives/index.js';
import { PLANNER_ACTIONS } from './action-list.js';

/** Names given to the schemas on the wire (OpenAI response format, Anthropic's forced tool). */
export const SCHEMA_NAMES = { planner: 'plan', locator: 'locate', validator: 'judge', debugger: 'diagnose', query: 'query' } as const;

/** An element of the screen the prompt showed ("e7"); a cited one must be on it (checked after the schema). */
export const REF_PATTERN = /^e[0-9]+$/;
const Ref = z.string().regex(REF_PATTERN);

/**
 * `{thought, actions}`: 1 to 3 calls, each an action name of the planner's and its params as an object.
 * The params are described once, in the prompt's action list; after the answer each call is checked
 * against its primitive's own schema (the registry's, strictly), and a wrong one is shown back. Sending
 * every primitive's params schema here instead cost about 17,000 tokens a call.
 */
export const PlannerAnswer = z.strictObject({
  thought: z.string().describe('why these actions, in one or two sentences'),
  actions: z
    .array(
      z.strictObject({
        name: z.enum(PLANNER_ACTIONS),
        params: z.record(z.string(), z.unknown()).describe("the action's parameters, as its line in the action list names them"),
      }),
    )
    .min(1)
    .max(3),
});

export const LocatorAnswer = z.strictObject({
  candidates: z.array(z.strictObject({ ref: Ref, confidence: z.number().min(0).max(1) })).max(5),
});

// The reason comes first so a model that writes fields in order reasons before it decides.
export const ValidatorAnswer = z.strictObject({
  reason: z.string(),
  verdict: z.enum(['pass', 'fail']),
  /** Refs of the elements the verdict rests on; each must be on the screen. */
  refs: z.array(Ref),
});

export const DebuggerAnswer = z.strictObject({
  reason: z.string(),
  category: AttributableCategory,
  decision: z.enum(['retry', 'replan', 'stop']),
});

/** `{answer, refs}`: the answer in the caller's schema (its JSON Schema is put in place by queryAnswerSchema). */
export const QueryAnswer = z.strictObject({ answer: z.unknown(), refs: z.array(Ref) });

// The JSON Schema of an answer is what is sent to the provider (in its dialect) and what ajv checks the answer by.
const plannerSchema = jsonSchemaOf(PlannerAnswer);

export function plannerAnswerSchema(): JsonSchema {
  return plannerSchema;
}

export const locatorAnswerSchema: JsonSchema = jsonSchemaOf(LocatorAnswer);
export const validatorAnswerSchema: JsonSchema = jsonSchemaOf(ValidatorAnswer);
export const debuggerAnswerSchema: JsonSchema = jsonSchemaOf(DebuggerAnswer);
const queryEnvelope = jsonSchemaOf(QueryAnswer);

/** `{answer, refs}` around the caller's schema (its own `$schema`/`$id` dropped, as it is nested). */
export function queryAnswerSchema(answer: Readonly<Record<string, unknown>>): JsonSchema {
  const { $schema: _dialect, $id: _id, ...nested } = answer;
  return { ...queryEnvelope, properties: { ...(queryEnvelope.properties as JsonSchema), answer: nested } };
}

/** The JSON Schema of a caller's zod schema for `ai.query` (its output shape; what JSON cannot say is left open). */
export function queryJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  return json;
}
