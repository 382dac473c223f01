import { expect, test } from '@playwright/test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { actionSchema, primitiveParamsSchema, toolDefinitions, type JsonSchema } from './json-schema.js';
import { PRIMITIVE_NAMES, PRIMITIVES } from './registry.js';
import { validateCall } from './validate.js';
import { SAMPLES } from './samples.test-data.js';

/** Every object node in a schema, with its JSON pointer, so strictness can be checked everywhere. */
function objectNodes(schema: unknown, at = '#'): { at: string; node: JsonSchema }[] {
  if (typeof schema !== 'object' || schema === null) return [];
  if (Array.isArray(schema)) return schema.flatMap((s, i) => objectNodes(s, `${at}/${i}`));
  const node = schema as JsonSchema;
  // Branches like {properties: {equals: true}, required: [equals]} only say which field is present; they describe no shape.
  const presence = Object.values((node.properties ?? {}) as object).every((p) => p === true);
  const own = node.type === 'object' && node.properties !== undefined && !presence ? [{ at, node }] : [];
  return [...own, ...Object.entries(node).flatMap(([k, v]) => objectNodes(v, `${at}/${k}`))];
}

test('the registry holds the 25 primitives, each under its own name, with a one-line description', () => {
  expect(PRIMITIVE_NAMES).toHaveLength(25);
  for (const name of PRIMITIVE_NAMES) {
    expect(PRIMITIVES[name].name).toBe(name);
    expect(PRIMITIVES[name].description).toMatch(/^[A-Z].{5,140}\.$/);
    expect(PRIMITIVES[name].description).not.toContain('\n');
  }
});

test('every object in every primitive schema forbids unknown fields', () => {
  for (const name of PRIMITIVE_NAMES) {
    const nodes = objectNodes(primitiveParamsSchema(name));
    expect(nodes.length, name).toBeGreaterThan(0);
    for (const { at, node } of nodes) expect(node.additionalProperties, `${name} ${at}`).toBe(false);
  }
  const action = actionSchema();
  for (const { at, node } of objectNodes(action.oneOf)) expect(node.additionalProperties, `action ${at}`).toBe(false);
});

test('the action schema compiles under ajv strict mode and picks exactly one primitive by name', () => {
  const validate = new Ajv2020({ strict: true }).compile(actionSchema());
  for (const name of PRIMITIVE_NAMES) {
    expect(validate({ name, params: SAMPLES[name] }), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
  }
  expect(validate({ name: 'tap', params: { target: 'OK', foo: 1 } })).toBe(false);
  expect(validate({ name: 'tap', params: { text: 'hello' } })).toBe(false);
  expect(validate({ name: 'input_text', params: { target: 'OK' } })).toBe(false);
  expect(validate({ name: 'tapp', params: { target: 'OK' } })).toBe(false);
  expect(validate({ name: 'tap', params: { target: 'OK' }, extra: true })).toBe(false);
});

test('zod and the JSON Schema agree: each sample call round-trips through both unchanged', () => {
  const ajv = new Ajv2020({ strict: true });
  for (const name of PRIMITIVE_NAMES) {
    const params: unknown = SAMPLES[name];
    expect(ajv.validate(primitiveParamsSchema(name), params), name).toBe(true);
    expect(PRIMITIVES[name].params.parse(params), name).toEqual(params);
    expect(validateCall({ name, params })).toEqual({ name, params });
  }
});

test('zod and the JSON Schema agree on rejecting an extra field and a wrong type in every primitive', () => {
  const ajv = new Ajv2020({ strict: true });
  for (const name of PRIMITIVE_NAMES) {
    const schema = PRIMITIVES[name].params;
    const extra = { ...SAMPLES[name], surplus: 1 };
    expect(ajv.validate(primitiveParamsSchema(name), extra), name).toBe(false);
    expect(schema.safeParse(extra).success, name).toBe(false);
    const [field] = Object.keys(SAMPLES[name]);
    if (field === undefined) continue;
    const wrong = { ...SAMPLES[name], [field]: [[]] };
    expect(ajv.validate(primitiveParamsSchema(name), wrong), `${name}.${field}`).toBe(false);
    expect(schema.safeParse(wrong).success, `${name}.${field}`).toBe(false);
  }
});

test('tool definitions give every primitive an object input schema that accepts its sample', () => {
  const ajv = new Ajv2020({ strict: true });
  const tools = toolDefinitions();
  expect(tools.map((t) => t.name)).toEqual(PRIMITIVE_NAMES);
  for (const tool of tools) {
    expect(tool.inputSchema.type, tool.name).toBe('object');
    expect(ajv.validate(tool.inputSchema, SAMPLES[tool.name]), tool.name).toBe(true);
  }
});
