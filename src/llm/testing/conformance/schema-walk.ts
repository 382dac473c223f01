// A walk over every subschema of a JSON Schema, each with the path a problem report names.
export type JsonSchema = { [key: string]: unknown };

export interface SchemaNode {
  /** The subschema: an object, or `true`/`false` where JSON Schema allows a boolean schema. */
  schema: unknown;
  /** Dotted path from the root (`properties.actions.items`); '' for the root. */
  path: string;
  /** How many object schemas enclose this one through `properties`/`items`/`additionalProperties` (the root object is 1). */
  objectDepth: number;
  /** The keyword this node hangs under in its parent (`properties`, `items`, `anyOf`, …); undefined at the root. */
  via?: string;
}

/** Keywords whose value is one subschema. */
const SINGLE = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedProperties',
  'unevaluatedItems',
  'additionalItems',
];
/** Keywords whose value is a list of subschemas. */
const LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

export const isObject = (value: unknown): value is JsonSchema => typeof value === 'object' && value !== null && !Array.isArray(value);

export const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/** Where a report says something is: the path, or `(root)`. */
export const where = (path: string): string => path || '(root)';

/** True when the schema describes an object (by `type`, or by carrying `properties`). */
export function isObjectSchema(schema: JsonSchema): boolean {
  const type = schema.type;
  return type === 'object' || (Array.isArray(type) && type.includes('object')) || (type === undefined && isObject(schema.properties));
}

/** Calls `visit` on the schema and on every subschema below it, depth first. */
export function walkSchema(schema: unknown, visit: (node: SchemaNode) => void): void {
  const go = (node: SchemaNode): void => {
    visit(node);
    const current = node.schema;
    if (!isObject(current)) return;
    const depth = node.objectDepth + (isObjectSchema(current) ? 1 : 0);
    for (const key of SINGLE) {
      const child = current[key];
      // `items` may be a list in drafts before 2020-12; `additionalProperties: false` is a boolean schema worth visiting.
      if (Array.isArray(child)) child.forEach((item, i) => go({ schema: item, path: join(node.path, `${key}[${i}]`), objectDepth: depth, via: key }));
      else if (child !== undefined) go({ schema: child, path: join(node.path, key), objectDepth: depth, via: key });
    }
    for (const key of LISTS) {
      const list = current[key];
      if (Array.isArray(list)) list.forEach((item, i) => go({ schema: item, path: join(node.path, `${key}[${i}]`), objectDepth: node.objectDepth, via: key }));
    }
    for (const key of MAPS) {
      const map = current[key];
      if (!isObject(map)) continue;
      // Definitions start their own nesting count: they are measured where they are used.
      const childDepth = key === '$defs' || key === 'definitions' ? 0 : depth;
      for (const [name, child] of Object.entries(map)) go({ schema: child, path: join(node.path, `${key}.${name}`), objectDepth: childDepth, via: key });
    }
  };
  go({ schema, path: '', objectDepth: 0 });
}
