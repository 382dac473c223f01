// OpenAI Structured Outputs, strict mode: the schema rules of
// https://platform.openai.com/docs/guides/structured-outputs#supported-schemas ("Supported schemas").
import { isObject, isObjectSchema, join, walkSchema, where, type JsonSchema } from './schema-walk.js';

const DOC = 'https://platform.openai.com/docs/guides/structured-outputs#supported-schemas';

// "Supported types": string, number, boolean, integer, object, array, enum, anyOf (null as a union member for optional values).
const TYPES = new Set(['string', 'number', 'boolean', 'integer', 'object', 'array', 'null']);

// "Supported properties" per type, plus the keywords every schema may carry (descriptions, enum/const, $defs/$ref, anyOf).
const BY_TYPE: Record<string, string[]> = {
  string: ['pattern', 'format'],
  number: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  integer: ['multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum'],
  array: ['items', 'minItems', 'maxItems'],
  object: ['properties', 'required', 'additionalProperties'],
};
const ANY_TYPE = ['type', 'title', 'description', 'enum', 'const', 'anyOf', '$ref', '$defs', 'definitions', '$schema', '$id', '$comment'];

// "Some type-specific keywords are not yet supported" / composition: allOf, not, dependentRequired, dependentSchemas, if, then, else.
const NAMED_UNSUPPORTED = ['allOf', 'not', 'dependentRequired', 'dependentSchemas', 'if', 'then', 'else', 'oneOf', 'patternProperties'];

// "Supported string formats".
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

// "Objects have limitations on nesting depth and size": 5000 properties, 10 levels of nesting.
const MAX_PROPERTIES = 5000;
const MAX_DEPTH = 10;
// "Limitations on total string size": 120,000 characters of property names, definition names, enum values and const values.
const MAX_STRING_CHARS = 120_000;
// "Limitations on enum size": 1000 enum values in all; a string enum over 250 values may total 15,000 characters.
const MAX_ENUM_VALUES = 1000;
const LARGE_ENUM = 250;
const LARGE_ENUM_CHARS = 15_000;

const typesOf = (schema: JsonSchema): string[] =>
  typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === 'string') : [];

/** Problems with a schema sent as OpenAI `response_format: {type:'json_schema', json_schema:{strict:true, schema}}`. [] when it is accepted. */
export function openAiStrictProblems(schema: JsonSchema): string[] {
  const problems: string[] = [];
  const say = (path: string, text: string): void => void problems.push(`${where(path)}: ${text} (${DOC})`);

  // "Root objects must not be anyOf and must be an object".
  if (!isObject(schema) || schema.type !== 'object') say('', 'the root schema must be `type: "object"`');
  if (isObject(schema) && 'anyOf' in schema) say('', 'the root schema must not be anyOf');

  let propertyCount = 0;
  let enumValues = 0;
  let stringChars = 0;
  const countString = (value: unknown): void => void (typeof value === 'string' && (stringChars += value.length));

  walkSchema(schema, ({ schema: node, path, objectDepth, via }) => {
    // additionalProperties: false is the one boolean schema strict mode has.
    if (typeof node === 'boolean') {
      if (!(via === 'additionalProperties' && node === false)) say(path, `a boolean subschema (${node}) is not supported; write the schema out`);
      return;
    }
    if (!isObject(node)) return say(path, 'a subschema must be an object');
    const types = typesOf(node);
    for (const type of types) if (!TYPES.has(type)) say(join(path, 'type'), `"${type}" is not a supported type`);
    // A schema with neither type nor enum/const/anyOf/$ref says nothing the model can follow.
    if (!types.length && !['enum', 'const', 'anyOf', '$ref', ...NAMED_UNSUPPORTED].some((k) => k in node))
      say(path, 'every schema needs a `type` (or enum, const, anyOf, $ref)');

    for (const key of NAMED_UNSUPPORTED) if (key in node) say(path, `${key} is not supported`);
    const allowed = new Set([...ANY_TYPE, ...NAMED_UNSUPPORTED, ...types.flatMap((t) => BY_TYPE[t] ?? [])]);
    for (const key of Object.keys(node))
      if (!allowed.has(key)) say(path, `${key} is not a supported keyword${types.length ? ` for type ${types.join('|')}` : ''}`);

    if (typeof node.format === 'string' && !FORMATS.has(node.format)) say(path, `format "${node.format}" is not a supported string format`);

    if (isObjectSchema(node)) {
      const depth = objectDepth + 1;
      if (depth > MAX_DEPTH) say(path, `objects nest ${depth} levels deep; at most ${MAX_DEPTH} are allowed`);
      // "additionalProperties: false must always be set in objects".
      if (node.additionalProperties !== false) say(path, 'objects must set `additionalProperties: false`');
      const names = isObject(node.properties) ? Object.keys(node.properties) : [];
      propertyCount += names.length;
      names.forEach(countString);
      // "All fields must be required"; an optional field is a union with null.
      const required = Array.isArray(node.required) ? node.required : [];
      for (const name of names)
        if (!required.includes(name)) say(path, `property "${name}" must be listed in \`required\` (make it optional with a union with null)`);
    }
    if (via === '$defs' || via === 'definitions') countString(path.split('.').at(-1));
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      node.enum.forEach(countString);
      const strings = node.enum.filter((v): v is string => typeof v === 'string');
      const chars = strings.reduce((sum, v) => sum + v.length, 0);
      if (strings.length > LARGE_ENUM && chars > LARGE_ENUM_CHARS)
        say(path, `a string enum of over ${LARGE_ENUM} values may total ${LARGE_ENUM_CHARS} characters; this one has ${chars}`);
    }
    countString(node.const);
  });

  if (propertyCount > MAX_PROPERTIES) say('', `${propertyCount} object properties in all; at most ${MAX_PROPERTIES} are allowed`);
  if (enumValues > MAX_ENUM_VALUES) say('', `${enumValues} enum values in all; at most ${MAX_ENUM_VALUES} are allowed`);
  if (stringChars > MAX_STRING_CHARS)
    say('', `${stringChars} characters of property names, definition names, enum and const values; at most ${MAX_STRING_CHARS} are allowed`);
  return problems;
}
