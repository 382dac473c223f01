import { z } from 'zod';
import { PRIMITIVE_NAMES, PRIMITIVES, type PrimitiveName } from './registry.js';

export type JsonSchema = { [key: string]: unknown };

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * Leaves out the keywords that say nothing JSON does not already: `propertyNames: {type: string}`,
 * `additionalProperties: {}` (so a record of any values is `{type: 'object'}`, the open object providers'
 * dialects look for), and the ±2^53 bounds zod gives every integer (tokens a provider bills on every tool
 * and every request, to say a count is not astronomically large).
 */
function plain({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  const names = jsonSchema.propertyNames;
  const rest = jsonSchema.additionalProperties;
  if (typeof names === 'object' && names !== null && Object.keys(names).length === 1 && 'type' in names && names.type === 'string')
    delete jsonSchema.propertyNames;
  if (typeof rest === 'object' && rest !== null && Object.keys(rest).length === 0) delete jsonSchema.additionalProperties;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
}

function paramsSchema(name: PrimitiveName): JsonSchema {
  const def = PRIMITIVES[name];
  const { $schema: _dialect, ...schema } = z.toJSONSchema(def.params, { io: 'input', unrepresentable: 'throw', override: plain }) as JsonSchema;
  const exactlyOne = 'exactlyOne' in def ? def.exactlyOne : undefined;
  if (exactlyOne) schema.oneOf = exactlyOne.map((field) => ({ type: 'object', properties: { [field]: true }, required: [field] }));
  return { description: def.description, ...schema };
}

/** A zod schema's JSON Schema as it is embedded in a tool or a request: no `$schema`, nothing `plain` leaves out. */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { override: plain }) as JsonSchema;
  return json;
}

const cache = new Map<PrimitiveName, JsonSchema>();

/** JSON Schema of one primitive's parameters (no `$schema`; it is embedded in tool and action schemas). */
export function primitiveParamsSchema(name: PrimitiveName): JsonSchema {
  let schema = cache.get(name);
  if (!schema) {
    schema = paramsSchema(name);
    cache.set(name, schema);
  }
  return schema;
}

/** JSON Schema of a whole call to one primitive: `{ name, params }`. */
export function primitiveCallSchema(name: PrimitiveName): JsonSchema {
  return {
    type: 'object',
    title: name,
    description: PRIMITIVES[name].description,
    properties: { name: { const: name }, params: primitiveParamsSchema(name) },
    required: ['name', 'params'],
    additionalProperties: false,
  };
}

/** One schema for any action, discriminated by `name`: for LLM structured output, MCP and YAML steps. */
export function actionSchema(): JsonSchema {
  return {
    $schema: JSON_SCHEMA_DIALECT,
    title: 'action',
    type: 'object',
    properties: { name: { enum: [...PRIMITIVE_NAMES] } },
    required: ['name', 'params'],
    oneOf: PRIMITIVE_NAMES.map(primitiveCallSchema),
  };
}

export interface ToolDefinition {
  name: PrimitiveName;
  description: string;
  inputSchema: JsonSchema;
}

/** One tool per primitive, its parameters as the input schema: the shape MCP `tools/list` and LLM tool calling expect. */
export function toolDefinitions(): ToolDefinition[] {
  return PRIMITIVE_NAMES.map((name) => ({ name, description: PRIMITIVES[name].description, inputSchema: primitiveParamsSchema(name) }));
}
