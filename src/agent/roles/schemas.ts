// JSON Schemas of each role's answer: sent with the request and checked with ajv on the way back.
import { primitiveCallSchema, type JsonSchema } from '../../primitives/index.js';
import { PLANNER_ACTIONS } from './action-list.js';

/** Names given to the schemas on the wire (OpenAI response format, Anthropic's forced tool). */
export const SCHEMA_NAMES = { planner: 'plan', locator: 'locate', validator: 'judge', debugger: 'diagnose', query: 'query' } as const;

const REF = { type: 'string', pattern: '^e[0-9]+$' };

/** `{thought, actions}`: 1 to 3 calls, each one of the planner's primitives with its own params schema. */
export function plannerAnswerSchema(): JsonSchema {
  return {
    type: 'object',
    properties: {
      thought: { type: 'string', description: 'why these actions, in one or two sentences' },
      actions: { type: 'array', minItems: 1, maxItems: 3, items: { oneOf: PLANNER_ACTIONS.map(primitiveCallSchema) } },
    },
    required: ['thought', 'actions'],
    additionalProperties: false,
  };
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
    verdict: { enum: ['pass', 'fail'] },
    refs: { type: 'array', items: REF },
  },
  required: ['reason', 'verdict', 'refs'],
  additionalProperties: false,
};

export const debuggerAnswerSchema: JsonSchema = {
  type: 'object',
  properties: {
    reason: { type: 'string' },
    category: { enum: ['environment', 'execution', 'locator', 'plan', 'product'] },
    decision: { enum: ['retry', 'replan', 'stop'] },
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
