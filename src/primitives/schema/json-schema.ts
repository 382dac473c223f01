import { z } from 'zod';
import { PRIMITIVE_NAMES, PRIMITIVES, type PrimitiveName } from './registry.js';

export type JsonSchema = { [key: string]: unknown };

export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

function paramsSchema(name: PrimitiveName): JsonSchema {
  const def = PRIMITIVES[name];
  const { $schema: _dialect, ...schema } = z.toJSONSchema(def.params, { io: 'input', unrepresentable: 'throw' }) as JsonSchema;
  const exactlyOne = 'exactlyOne' in def ? def.exactlyOne : undefined;
  if (exactlyOne) schema.oneOf = exactlyOne.map((field) => ({ type: 'object', properties: { [field]: true }, required: [field] }));
  return { description: def.description, ...schema };
}

/**
 * A zod schema's JSON Schema as it is embedded in a tool or a request: no `$schema`, and none of the keywords
 * that say nothing JSON does not already (`propertyNames: {type: string}`, `additionalProperties: {}`), so
 * a record of any values is `{type: 'object'}`, the open object providers' dialects look for.
 */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, {
    override: ({ jsonSchema }) => {
      const names = jsonSchema.propertyNames;
      const rest = jsonSchema.additionalProperties;
      if (typeof names === 'object' && Object.keys(names).length === 1 && names.type === 'string') delete jsonSchema.propertyNames;
      if (typeof rest === 'object' && Object.keys(rest).length === 0) delete jsonSchema.additionalProperties;
    },
  }) as JsonSchema;
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
