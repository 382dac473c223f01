// Gemini structured output: the `Schema` object, "a select subset of an OpenAPI 3.0 schema object".
import { isObject, join, walkSchema, where, type JsonSchema } from './schema-walk.js';

const SCHEMA_DOC = 'https://ai.google.dev/api/caching#Schema';
const GUIDE = 'https://ai.google.dev/gemini-api/docs/structured-output';

// The fields of the Schema object in the Gemini API reference; anything else is "Unknown name … Cannot find field".
const FIELDS = new Set([
  'type',
  'format',
  'title',
  'description',
  'nullable',
  'enum',
  'maxItems',
  'minItems',
  'properties',
  'required',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'example',
  'anyOf',
  'propertyOrdering',
  'default',
  'items',
  'minimum',
  'maximum',
]);

// Schema.type is one value of the Type enum (STRING, NUMBER, INTEGER, BOOLEAN, ARRAY, OBJECT, NULL), case aside.
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']);

// JSON Schema keywords people reach for that the subset lacks, each with what to write instead.
const INSTEAD: Record<string, string> = {
  additionalProperties: 'list every property; the subset has no additionalProperties',
  const: 'use a one-value `enum`',
  oneOf: 'use `anyOf`',
  allOf: 'merge the schemas',
  not: 'the subset has no negation',
  $ref: 'inline the referenced schema',
  $defs: 'inline the definitions',
  definitions: 'inline the definitions',
  $schema: 'leave the dialect out',
};

/** Problems with a schema sent to Gemini (its OpenAI-compatible endpoint's response_format json_schema, i.e. Gemini's responseSchema subset of OpenAPI 3.0). */
export function geminiSchemaProblems(schema: JsonSchema): string[] {
  const problems: string[] = [];
  const say = (path: string, text: string, source = SCHEMA_DOC): void => void problems.push(`${where(path)}: ${text} (${source})`);

  // Only items, properties and anyOf hold Schema objects; what sits under other keywords is reported with its keyword.
  const skipped: string[] = [];
  walkSchema(schema, ({ schema: node, path, via }) => {
    if (skipped.some((prefix) => path.startsWith(`${prefix}.`))) return;
    if (via && !['items', 'properties', 'anyOf'].includes(via)) return void skipped.push(path);
    // Every subschema (items, properties.*, anyOf[*]) is itself a Schema object: JSON Schema's true/false have no equivalent.
    if (!isObject(node)) return say(path, `a ${typeof node} subschema is not supported; a Schema object is required`);

    for (const key of Object.keys(node)) {
      if (FIELDS.has(key)) continue;
      say(path, `${key} is not supported${INSTEAD[key] ? ` (${INSTEAD[key]})` : ''}`);
    }

    const type = node.type;
    const typeName = typeof type === 'string' ? type.toLowerCase() : undefined;
    // Schema.type is a single Type value; optional values are `nullable: true`, not a type list.
    if (Array.isArray(type)) say(join(path, 'type'), 'a list of types is not supported; use one type (and `nullable: true` for null)');
    else if (type !== undefined && (typeName === undefined || !TYPES.has(typeName))) say(join(path, 'type'), `${JSON.stringify(type)} is not a Type`);

    // Schema.enum is `string[]`: "Possible values of the element of primitive type with enum format".
    if (Array.isArray(node.enum) && node.enum.some((value) => typeof value !== 'string')) say(join(path, 'enum'), 'enum values must be strings');

    const properties = node.properties;
    if (typeName === 'object') {
      // The API answers `properties: should be non-empty for OBJECT type` (https://github.com/browser-use/browser-use/issues/3786).
      if (!isObject(properties) || Object.keys(properties).length === 0)
        say(join(path, 'properties'), 'should be non-empty for OBJECT type', 'https://github.com/browser-use/browser-use/issues/3786');
    } else if (properties !== undefined || node.required !== undefined) {
      // The API answers `properties: only allowed for OBJECT type` (https://github.com/anomalyco/opencode/issues/11889).
      say(path, '`properties`/`required` are only allowed for OBJECT type', 'https://github.com/anomalyco/opencode/issues/11889');
    }
    // Schema.required lists property names of this object.
    if (Array.isArray(node.required) && isObject(properties)) {
      for (const name of node.required)
        if (typeof name !== 'string' || !(name in properties)) say(join(path, 'required'), `"${String(name)}" is not one of the properties`);
    }
    // Schema.propertyOrdering names properties of this object (structured-output guide, "Property ordering").
    if (Array.isArray(node.propertyOrdering) && isObject(properties)) {
      for (const name of node.propertyOrdering)
        if (typeof name !== 'string' || !(name in properties)) say(join(path, 'propertyOrdering'), `"${String(name)}" is not one of the properties`, GUIDE);
    }
  });
  return problems;
}
