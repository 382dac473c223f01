import { primitiveParamsSchema, type JsonSchema, type PrimitiveName } from '../../src/primitives/index.js';

type Scalar = string | number | boolean | null;

function jsonType(value: Scalar): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether a JSON Schema could take this scalar, by its type, enum and const (patterns are left to validation). */
function accepts(schema: JsonSchema, value: Scalar): boolean {
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return alternatives.some((s) => accepts(s, value));
  if (Array.isArray(schema.enum)) return schema.enum.includes(value);
  if ('const' in schema) return schema.const === value;
  const types = schema.type === undefined ? [] : ([] as unknown[]).concat(schema.type);
  const kind = jsonType(value);
  return types.includes(kind) || (kind === 'integer' && types.includes('number'));
}

function namesValue(schema: JsonSchema, value: Scalar): boolean {
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return alternatives.some((s) => namesValue(s, value));
  return Array.isArray(schema.enum) && schema.enum.includes(value);
}

/**
 * The parameter a scalar step value (`- tap: Log in`, `- press_key: back`, `- wait_idle: 2000`) fills,
 * read from the primitive's schema: its one required parameter; else its `target`; else the one
 * parameter that accepts the value (an enum naming the value wins over free text). Undefined when
 * the primitive has no such parameter, so the step must spell its parameters out.
 */
export function shorthandField(name: PrimitiveName, value: Scalar): string | undefined {
  const schema = primitiveParamsSchema(name);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const fields = Object.keys(properties).filter((field) => field !== 'expected');
  const required = ((schema.required ?? []) as string[]).filter((field) => field !== 'expected');
  if (required.length === 1) return required[0];
  if (fields.includes('target')) return 'target';
  const accepting = fields.filter((field) => accepts(properties[field], value));
  if (accepting.length === 1) return accepting[0];
  const naming = accepting.filter((field) => namesValue(properties[field], value));
  return naming.length === 1 ? naming[0] : undefined;
}

/** The parameters a primitive takes, for messages. */
export function parameterNames(name: PrimitiveName): string[] {
  const properties = (primitiveParamsSchema(name).properties ?? {}) as Record<string, unknown>;
  return Object.keys(properties);
}
