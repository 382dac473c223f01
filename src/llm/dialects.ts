// One answer schema, written the way each provider's schema compiler takes it, and the answer read back
// into the shape of the original. The original is what answers are validated against (ajv, strictly);
// a dialect only loosens or re-encodes what a provider cannot take, never adds a constraint.
export type JsonSchema = { [key: string]: unknown };

/**
 * - `json-schema`: as written (Anthropic's input_schema, vLLM);
 * - `openai-strict`: OpenAI's strict subset: every object closed and every field required (optional ones
 *   may be null), no oneOf, only the keywords it supports, an open object sent as a JSON string;
 * - `gemini`: Gemini's schema subset (OpenAPI 3.0): no additionalProperties, const or oneOf, `nullable`
 *   instead of type lists, an open object sent as a JSON string (an OBJECT needs properties);
 * - `grammar`: what llama.cpp's and Ollama's JSON-Schema-to-grammar converters compile: no boolean
 *   subschemas, no regex patterns or formats (their regex subset rejects `\w`, `\S`, lookarounds).
 */
export type SchemaDialect = 'json-schema' | 'openai-strict' | 'gemini' | 'grammar';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const SHAPING = ['type', 'properties', 'items', 'anyOf', 'oneOf', 'allOf', 'enum', 'const', '$ref', 'not'];

/**
 * What OpenAI's strict mode and Gemini cannot say: any JSON object (the planner's params, a zod record,
 * whose additionalProperties strict mode must close) or any value at all (`{}`, a zod `unknown`).
 * These travel as a JSON string, parsed back after the answer.
 */
function isFreeForm(schema: JsonSchema): boolean {
  if (schema.type === 'object') return !isRecord(schema.properties) && schema.additionalProperties !== false;
  return !SHAPING.some((key) => key in schema);
}

// Keywords each dialect leaves out; the answer is still checked against them by ajv after it arrives.
// OpenAI strict supports, besides structure, string pattern/format, number bounds and array item counts
// (platform.openai.com/docs/guides/structured-outputs#supported-schemas); patterns are dropped anyway,
// as their regex dialect is not ours and ajv checks them.
const DROPPED: Record<SchemaDialect, readonly string[]> = {
  'json-schema': ['$schema', '$id'],
  'openai-strict': [
    '$schema',
    '$id',
    'pattern',
    'format',
    'minLength',
    'maxLength',
    'default',
    'examples',
    'minProperties',
    'maxProperties',
    'uniqueItems',
    'propertyNames',
    'patternProperties',
  ],
  gemini: [
    '$schema',
    '$id',
    'pattern',
    'format',
    'additionalProperties',
    'default',
    'examples',
    'minLength',
    'maxLength',
    'exclusiveMinimum',
    'exclusiveMaximum',
    'multipleOf',
    'uniqueItems',
    'title',
    'propertyNames',
    'patternProperties',
  ],
  grammar: ['$schema', '$id', 'pattern', 'format', 'propertyNames', 'patternProperties'],
};

const OPEN_OBJECT_TEXT = 'a JSON object written as a string, e.g. "{\\"target\\": \\"e7\\"}"';

/** `schema` written in `dialect`. Pure: the original is not changed. */
export function toDialect(schema: JsonSchema, dialect: SchemaDialect): JsonSchema {
  if (dialect === 'json-schema') return drop(schema, DROPPED['json-schema']);
  return convert(schema, dialect) as JsonSchema;
}

function drop(schema: JsonSchema, keys: readonly string[]): JsonSchema {
  return Object.fromEntries(Object.entries(schema).filter(([key]) => !keys.includes(key)));
}

function convert(schema: unknown, dialect: SchemaDialect): unknown {
  // A boolean subschema: `true` is any value, `false` none (handled where it is a property).
  if (schema === true) return {};
  if (!isRecord(schema)) return schema;
  if ((dialect === 'openai-strict' || dialect === 'gemini') && isFreeForm(schema)) {
    const text = schema.type === 'object' ? OPEN_OBJECT_TEXT : 'any JSON value written as a string';
    return { type: 'string', description: [schema.description, text].filter(Boolean).join('; ') };
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (DROPPED[dialect].includes(key)) continue;
    if (key === 'properties' && isRecord(value)) {
      out.properties = Object.fromEntries(
        Object.entries(value)
          .filter(([, sub]) => sub !== false)
          .map(([name, sub]) => [name, convert(sub, dialect)]),
      );
    } else if ((key === 'items' || key === 'additionalProperties' || key === 'not') && isRecord(value)) {
      out[key] = convert(value, dialect);
    } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)) {
      // OpenAI strict and Gemini know anyOf only; an answer that fits two branches is still caught by ajv.
      const target = dialect === 'grammar' || key === 'allOf' ? key : 'anyOf';
      out[target] = value.map((sub) => convert(sub, dialect));
    } else if (key === '$defs' && isRecord(value)) {
      out.$defs = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, convert(sub, dialect)]));
    } else if (key === 'const' && dialect !== 'grammar') {
      out.enum = [value];
    } else {
      out[key] = value;
    }
  }
  if (dialect === 'openai-strict') return strictObject(out);
  if (dialect === 'gemini') return geminiTypes(out);
  return out;
}

/** Strict mode: closed objects, every field required, an optional one as "its type or null". */
function strictObject(schema: JsonSchema): JsonSchema {
  if (schema.type !== 'object' || !isRecord(schema.properties)) return schema;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const properties = Object.fromEntries(Object.entries(schema.properties).map(([name, sub]) => [name, required.has(name) ? sub : nullable(sub as JsonSchema)]));
  return { ...schema, properties, required: Object.keys(properties), additionalProperties: false };
}

function nullable(schema: JsonSchema): JsonSchema {
  if (typeof schema.type === 'string' && !('enum' in schema)) return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.anyOf)) return { ...schema, anyOf: [...schema.anyOf, { type: 'null' }] };
  if (Array.isArray(schema.enum)) return { anyOf: [schema, { type: 'null' }] };
  return { anyOf: [schema, { type: 'null' }] };
}

/** Gemini: one type per schema, `nullable` for "or null"; an object needs properties. */
function geminiTypes(schema: JsonSchema): JsonSchema {
  if (!Array.isArray(schema.type)) return schema;
  const types = (schema.type as string[]).filter((t) => t !== 'null');
  return { ...schema, type: types[0], ...(types.length < (schema.type as string[]).length ? { nullable: true } : {}) };
}

/**
 * An answer given to `toDialect(schema, dialect)` read back into the shape of `schema`: the nulls strict
 * mode made an optional field send are dropped, and an open object sent as a string is parsed.
 */
export function fromDialect(value: unknown, schema: JsonSchema, dialect: SchemaDialect): unknown {
  if (dialect === 'json-schema' || dialect === 'grammar') return value;
  return decode(value, schema);
}

function decode(value: unknown, schema: unknown): unknown {
  if (!isRecord(schema)) return value;
  if (isFreeForm(schema) && typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return schema.type !== 'object' || isRecord(parsed) ? parsed : value;
    } catch {
      return value;
    }
  }
  const union = (Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined) as unknown[] | undefined;
  if (union) {
    const branch = union.find((sub) => isRecord(sub) && typeMatches(sub, value));
    return branch === undefined ? value : decode(value, branch);
  }
  if (Array.isArray(value)) return isRecord(schema.items) ? value.map((item) => decode(item, schema.items)) : value;
  if (!isRecord(value) || !isRecord(schema.properties)) return value;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const properties = schema.properties;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => !(item === null && !required.has(key) && key in properties))
      .map(([key, item]) => [key, key in properties ? decode(item, properties[key]) : item]),
  );
}

function typeMatches(schema: JsonSchema, value: unknown): boolean {
  const kind =
    value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  const types = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? undefined : [schema.type];
  if (types === undefined) return true;
  if (types.includes(kind)) return true;
  if (kind === 'integer' && types.includes('number')) return true;
  // A free-form object travels as a string in strict mode and Gemini.
  return types.includes('object') && isFreeForm(schema) && typeof value === 'string';
}
