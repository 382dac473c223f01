import { primitiveParamsSchema, type JsonSchema } from './json-schema.js';
import { PRIMITIVE_NAMES, PRIMITIVES } from './registry.js';

function typeText(schema: JsonSchema): string {
  if (Array.isArray(schema.enum)) return schema.enum.map(String).join('|');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(typeText).join('|');
  if (schema.type === 'array') return `${typeText((schema.items ?? {}) as JsonSchema)}[]`;
  if (schema.type === 'integer') return 'int';
  if (schema.type === 'boolean') return 'bool';
  return typeof schema.type === 'string' ? schema.type : 'value';
}

function fieldText(name: string, schema: JsonSchema, required: boolean): string {
  const mark = required ? '' : '?';
  // Target and expected are explained once in the header, so they read as bare names.
  if (schema.title === 'target' || schema.title === 'expected') return `${name}${mark}`;
  return `${name}${mark}: ${typeText(schema)}`;
}

/** One line per primitive with its parameters, for prompts and help text. */
export function describeActionSpace(): string {
  const lines = [
    'Actions (call exactly one, by name, with params):',
    'target = a semantic string ("Log in", "the search field", "e7") or {text?, desc?, id?, role?, index?, near?}',
    'expected? = post-condition to check: {visible: target} | {gone: target} | {text: {target, contains}} | {activity: string} | {screen_changed: true}',
    'checks (expected, assert_*, wait_for) count only an element the target names (its text, or all its words in a longer label; an id, role or ref), never a lookalike label a few characters or words off',
  ];
  for (const name of PRIMITIVE_NAMES) {
    const schema = primitiveParamsSchema(name);
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    const fields = Object.entries(properties).map(([field, s]) => fieldText(field, s, required.has(field)));
    lines.push(`- ${name} {${fields.join(', ')}}: ${PRIMITIVES[name].description}`);
  }
  return lines.join('\n');
}
