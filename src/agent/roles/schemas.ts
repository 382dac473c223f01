// JSON Schemas of each role's answer: sent with the request (in the provider's dialect) and checked
// with ajv on the way back.
import { toJSONSchema, type z } from 'zod';
import { AttributableCategory } from '../../events/index.js';
import type { JsonSchema } from '../../primitives/index.js';
import { PLANNER_ACTIONS } from './action-list.js';

/** Names given to the schemas on the wire (OpenAI response format, Anthropic's forced tool). */
export const SCHEMA_NAMES = { planner: 'plan', locator: 'locate', validator: 'judge', debugger: 'diagnose', query: 'query' } as const;

const REF = { type: 'string', pattern: '^e[0-9]+$' };

/**
 * `{thought, actions}`: 1 to 3 calls, each an action name of the planner's and its params as an object.
 * The params are described once, in the prompt's action list; after the answer each call is checked
 * against its primitive's own schema (the registry's, strictly), and a wrong one is shown back. Sending
 * every primitive's params schema here instead cost about 17,000 tokens a call.
 */
const plannerSchema: JsonSchema = {
  type: 'object',
  properties: {
    thought: { type: 'string', description: 'why these actions, in one or two sentences' },
    actions: {
      type: 'array',
      minItems: 1,
      maxItems: 3,
      items: {
        type: 'object',
        properties: {
          name: { type: 'string', enum: [...PLANNER_ACTIONS] },
          params: { type: 'object', description: 'the action\'s parameters, as its line in the action list names them' },
        },
        required: ['name', 'params'],
        additionalProperties: false,
      },
    },
  },
  required: ['thought', 'actions'],
  additionalProperties: false,
};

export function plannerAnswerSchema(): JsonSchema {
  return plannerSchema;
}

export const locatorAnswerSchema: JsonSchema = {
  type: 'object',
  properties: {
    candidates: {
      type: 'array',
      maxItems: 5,
      items: {
        type: 'object',
        properties: { ref: REF, confidence: { type: 'number', minimum: 0, maximum: 1 } },
        required: ['ref', 'confidence'],
        additionalProperties: false,
      },
    },
  },
  required: ['candidates'],
  additionalProperties: false,
};

// The reason comes first so a model that writes fields in order reasons before it decides.
export const validatorAnswerSchema: JsonSchema = {
  type: 'object',
  properties: {
    reason: { type: 'string' },
    verdict: { type: 'string', enum: ['pass', 'fail'] },
    refs: { type: 'array', items: REF },
  },
  required: ['reason', 'verdict', 'refs'],
  additionalProperties: false,
};

export const debuggerAnswerSchema: JsonSchema = {
  type: 'object',
  properties: {
    reason: { type: 'string' },
    category: { type: 'string', enum: AttributableCategory.options },
    decision: { type: 'string', enum: ['retry', 'replan', 'stop'] },
  },
  required: ['reason', 'category', 'decision'],
  additionalProperties: false,
};

/** `{answer, refs}` around the caller's schema (its own `$schema`/`$id` dropped, as it is nested). */
export function queryAnswerSchema(answer: Readonly<Record<string, unknown>>): JsonSchema {
  const { $schema: _dialect, $id: _id, ...nested } = answer;
  return {
    type: 'object',
    properties: { answer: nested, refs: { type: 'array', items: REF } },
    required: ['answer', 'refs'],
    additionalProperties: false,
  };
}

/** The JSON Schema of a caller's zod schema for `ai.query` (its output shape; what JSON cannot say is left open). */
export function queryJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  return json;
}
