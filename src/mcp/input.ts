// A tool's arguments checked by the zod schema its listed JSON Schema comes from; a bad call is an
// InvalidToolInput that names the argument, what it should be (read off that JSON Schema) and what came.
import type { z } from 'zod';
import { jsonSchemaOf, type JsonSchema } from '../primitives/index.js';
import { closestName, InvalidToolInput } from './errors.js';

/** How a field's JSON Schema reads in a message: "one of a, b", "a whole number from 1 to 500". */
export function expectedOf(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map(String).join(', ')}`;
  const range = (unit: string): string => {
    const { minimum: min, maximum: max } = schema as { minimum?: number; maximum?: number };
    if (min !== undefined && max !== undefined) return `${unit} from ${min} to ${max}`;
    if (min !== undefined) return `${unit} of ${min} or more`;
    return max !== undefined ? `${unit} up to ${max}` : unit;
  };
  switch (schema.type) {
    case 'boolean':
      return 'true or false';
    case 'integer':
      return range('a whole number');
    case 'number':
      return range('a number');
    case 'string':
      return schema.minLength !== undefined || schema.pattern !== undefined ? 'a non-empty string' : 'a string';
    case 'object':
      return 'an object';
    case 'array':
      return 'a list';
    default:
      return 'a JSON value';
  }
}

/** `args` as `schema` reads them, or InvalidToolInput for the first thing wrong with them. */
export function toolInput<S extends z.ZodObject>(tool: string, schema: S, args: Record<string, unknown>): z.infer<S> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return parsed.data;
  // An unknown field first: it is often a misspelt one, which explains the rest.
  const { issues } = parsed.error;
  const issue = issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0];
  const allowed = Object.keys(schema.shape);
  if (issue.code === 'unrecognized_keys') {
    const extra = issue.keys[0];
    throw new InvalidToolInput(`unknown field \`${extra}\` in ${tool}${closestName(extra, allowed)}; allowed: ${allowed.join(', ') || 'none'}`);
  }
  const field = String(issue.path[0]);
  const fieldSchema = ((jsonSchemaOf(schema).properties ?? {}) as Record<string, JsonSchema>)[field] ?? {};
  const value = args[field];
  const hint = typeof value === 'string' && Array.isArray(fieldSchema.enum) ? closestName(value, fieldSchema.enum.map(String)) : '';
  throw new InvalidToolInput(`field \`${field}\` in ${tool} should be ${expectedOf(fieldSchema)}; got ${JSON.stringify(value) ?? 'nothing'}${hint}`);
}
