import { expect, test } from '@playwright/test';
import { fromDialect, toDialect, type JsonSchema } from './dialects.js';

// A schema with what providers disagree on: optional fields, an open object, const, oneOf, a boolean subschema, patterns.
const SCHEMA: JsonSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: {
    name: { type: 'string', enum: ['tap', 'swipe'] },
    params: { type: 'object', description: 'the params' },
    note: { type: 'string', minLength: 1, pattern: '^\\w+$' },
    mode: { const: 'fast' },
    any: true,
    target: { oneOf: [{ type: 'string' }, { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false }] },
  },
  required: ['name', 'params'],
  additionalProperties: false,
};

test('openai-strict: every field required and optional ones nullable, objects closed, open objects as strings, no oneOf or patterns', () => {
  const strict = toDialect(SCHEMA, 'openai-strict');
  const text = JSON.stringify(strict);
  expect(strict.required).toEqual(['name', 'params', 'note', 'mode', 'any', 'target']);
  expect(strict.additionalProperties).toBe(false);
  expect(text).not.toMatch(/oneOf|pattern|minLength|\$schema|"const"/);
  const properties = strict.properties as Record<string, JsonSchema>;
  expect(properties.params.type).toBe('string');
  expect(properties.note.type).toEqual(['string', 'null']);
  expect(properties.mode).toEqual({ anyOf: [{ enum: ['fast'] }, { type: 'null' }] });
  expect(SCHEMA.properties).toHaveProperty('params.type', 'object');
});

test('openai-strict answers read back: nulls of optional fields dropped, an open object parsed from its string', () => {
  const answer = { name: 'tap', params: '{"target":"e7"}', note: null, mode: null, any: null, target: { id: 'x' } };
  expect(fromDialect(answer, SCHEMA, 'openai-strict')).toEqual({ name: 'tap', params: { target: 'e7' }, target: { id: 'x' } });
  // A params string that is not an object stays a string: the schema check then says what is wrong.
  expect(fromDialect({ name: 'tap', params: 'tap e7' }, SCHEMA, 'openai-strict')).toEqual({ name: 'tap', params: 'tap e7' });
});

test('gemini: no additionalProperties, const or type lists; an open object as a string', () => {
  const gemini = toDialect(SCHEMA, 'gemini');
  const text = JSON.stringify(gemini);
  expect(text).not.toMatch(/additionalProperties|oneOf|"const"|pattern|\$schema/);
  expect((gemini.properties as Record<string, JsonSchema>).params.type).toBe('string');
  expect((gemini.properties as Record<string, JsonSchema>).any).toEqual({});
});

test('grammar: boolean subschemas become {} and regex patterns are left to the check after the answer', () => {
  const grammar = toDialect(SCHEMA, 'grammar');
  expect((grammar.properties as Record<string, JsonSchema>).any).toEqual({});
  expect(JSON.stringify(grammar)).not.toMatch(/pattern|\$schema/);
  expect((grammar.properties as Record<string, JsonSchema>).params).toEqual({ type: 'object', description: 'the params' });
  expect(fromDialect({ name: 'tap', params: {} }, SCHEMA, 'grammar')).toEqual({ name: 'tap', params: {} });
});

test('openai-strict and gemini send what they cannot say as JSON strings: a record, any value; the answer reads back parsed', () => {
  const schema: JsonSchema = {
    type: 'object',
    properties: { counts: { type: 'object', additionalProperties: { type: 'number' } }, extra: {} },
    required: ['counts', 'extra'],
    additionalProperties: false,
  };
  for (const dialect of ['openai-strict', 'gemini'] as const) {
    const written = toDialect(schema, dialect).properties as Record<string, JsonSchema>;
    expect(written.counts.type, dialect).toBe('string');
    expect(written.extra.type, dialect).toBe('string');
    expect(fromDialect({ counts: '{"cables":2}', extra: '[1,"a"]' }, schema, dialect)).toEqual({ counts: { cables: 2 }, extra: [1, 'a'] });
  }
  // A closed object with no fields stays an object.
  expect(toDialect({ type: 'object', properties: {}, additionalProperties: false }, 'openai-strict')).toMatchObject({ type: 'object' });
});
