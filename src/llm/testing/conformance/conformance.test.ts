import { expect, test } from '@playwright/test';
import { parseGbnf } from './llama-grammar-parser.js';
import { anthropicToolProblems, geminiSchemaProblems, llamaCppGrammar, openAiStrictProblems, xgrammarCompile, type JsonSchema } from './index.js';

// The first llama.cpp call extracts the converter and starts the parser process; later calls reuse both.
test.describe.configure({ timeout: 120_000 });

/** A schema every provider accepts: an object with a string, a bounded number, a closed enum and a nullable field. */
const good: JsonSchema = {
  type: 'object',
  properties: {
    thought: { type: 'string', description: 'why' },
    confidence: { type: 'number', minimum: 0, maximum: 1 },
    verdict: { type: 'string', enum: ['pass', 'fail'] },
    refs: { type: 'array', items: { type: 'string', pattern: '^e[0-9]+$' }, maxItems: 5 },
  },
  required: ['thought', 'confidence', 'verdict', 'refs'],
  additionalProperties: false,
};

const withProperty = (schema: JsonSchema): JsonSchema => ({ type: 'object', properties: { x: schema }, required: ['x'], additionalProperties: false });

test.describe('llama.cpp (json_schema_to_grammar.py, then the GBNF parser)', () => {
  test('a plain schema converts and parses', async () => {
    const result = await llamaCppGrammar(good);
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.grammar).toContain('root ::=');
  });

  test('a boolean subschema crashes the converter', async () => {
    const result = await llamaCppGrammar({ type: 'object', properties: { x: true } });
    expect(result).toEqual({ ok: false, stage: 'convert', error: "AttributeError: 'bool' object has no attribute 'get'" });
  });

  test('\\w and \\S in a pattern convert, then the grammar parser rejects them', async () => {
    for (const pattern of ['^\\w+$', '^\\S+$']) {
      const result = await llamaCppGrammar(withProperty({ type: 'string', pattern }));
      expect(result).toMatchObject({ ok: false, stage: 'parse' });
      expect(!result.ok && result.error).toContain('unknown escape');
    }
  });

  test("the parser is llama.cpp's own, run without a model: it rejects what llama.cpp rejects", async () => {
    expect(await parseGbnf('root ::= "a" | "b" [0-9]*')).toEqual({ ok: true });
    expect(await parseGbnf('root ::= "a" [\\w]')).toEqual({ ok: false, error: expect.stringContaining('unknown escape') });
    expect(await parseGbnf('root ::= foo')).toEqual({ ok: false, error: expect.stringContaining("Undefined rule identifier 'foo'") });
    expect(await parseGbnf('root ::= root "a"')).toEqual({ ok: false, error: expect.stringContaining('left recursion') });
  });
});

test.describe("xgrammar (vLLM's compiler, WebAssembly build)", () => {
  test('a plain schema compiles', async () => {
    expect(await xgrammarCompile(good)).toEqual({ ok: true });
  });

  test("an unknown type, a broken pattern and an empty range are rejected with xgrammar's reason", async () => {
    expect(await xgrammarCompile(withProperty({ type: 'strin' }))).toEqual({ ok: false, error: 'Unsupported type "strin"' });
    const pattern = await xgrammarCompile(withProperty({ type: 'string', pattern: '((' }));
    expect(pattern).toMatchObject({ ok: false, error: expect.stringContaining('Regex parsing error') });
    const range = await xgrammarCompile(withProperty({ type: 'integer', minimum: 5, maximum: 1 }));
    expect(range).toMatchObject({ ok: false, error: expect.stringContaining('minimum greater than maximum') });
  });

  test('it still compiles after rejecting a schema', async () => {
    expect(await xgrammarCompile(withProperty({ type: 'strin' }))).toMatchObject({ ok: false });
    expect(await xgrammarCompile(good)).toEqual({ ok: true });
  });
});

test.describe('OpenAI strict structured outputs', () => {
  test('a plain schema has no problems', () => {
    expect(openAiStrictProblems(good)).toEqual([]);
  });

  test('nullable unions, $defs and $ref, and nested anyOf are accepted', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        note: { type: ['string', 'null'] },
        step: { $ref: '#/$defs/step' },
        value: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      },
      required: ['note', 'step', 'value'],
      additionalProperties: false,
      $defs: { step: { type: 'object', properties: { name: { const: 'tap' } }, required: ['name'], additionalProperties: false } },
    };
    expect(openAiStrictProblems(schema)).toEqual([]);
  });

  test('oneOf, a property missing from required and a missing additionalProperties: false are each named at their path', () => {
    const oneOf = openAiStrictProblems({
      ...good,
      properties: { ...(good.properties as JsonSchema), refs: { oneOf: [{ type: 'string' }, { type: 'number' }] } },
    });
    expect(oneOf).toEqual([expect.stringMatching(/^properties\.refs: oneOf is not supported/)]);
    expect(openAiStrictProblems({ ...good, required: ['thought', 'confidence', 'verdict'] })).toEqual([
      expect.stringMatching(/^\(root\): property "refs" must be listed in `required`/),
    ]);
    const { additionalProperties: _open, ...open } = good;
    expect(openAiStrictProblems(open)).toEqual([expect.stringMatching(/^\(root\): objects must set `additionalProperties: false`/)]);
  });

  test('the root must be a non-anyOf object, and allOf, not, if and boolean subschemas are refused', () => {
    expect(openAiStrictProblems({ type: 'array', items: { type: 'string' } })).toContainEqual(
      expect.stringContaining('the root schema must be `type: "object"`'),
    );
    expect(openAiStrictProblems({ anyOf: [good] })).toContainEqual(expect.stringContaining('the root schema must not be anyOf'));
    for (const key of ['allOf', 'not', 'if']) {
      expect(openAiStrictProblems(withProperty({ type: 'string', [key]: key === 'allOf' ? [{}] : {} }))).toContainEqual(
        expect.stringContaining(`properties.x: ${key} is not supported`),
      );
    }
    expect(openAiStrictProblems(withProperty(true as unknown as JsonSchema))).toContainEqual(expect.stringContaining('properties.x: a boolean subschema'));
  });

  test('the documented limits: nesting depth, enum count', () => {
    let deep: JsonSchema = { type: 'string' };
    for (let i = 0; i < 11; i++) deep = withProperty(deep);
    expect(openAiStrictProblems(deep)).toContainEqual(expect.stringContaining('objects nest 11 levels deep'));
    const many = withProperty({ type: 'string', enum: Array.from({ length: 1001 }, (_, i) => `v${i}`) });
    expect(openAiStrictProblems(many)).toContainEqual(expect.stringContaining('1001 enum values in all'));
  });
});

test.describe('Anthropic tool definitions', () => {
  test('a plain tool has no problems', () => {
    expect(anthropicToolProblems({ name: 'judge', description: 'Judge the screen', input_schema: good })).toEqual([]);
  });

  test('a root oneOf, a non-object root and a bad name are refused', () => {
    const oneOf = anthropicToolProblems({ name: 'act', input_schema: { type: 'object', oneOf: [good, good] } });
    expect(oneOf).toEqual([expect.stringMatching(/^input_schema: oneOf is not supported at the top level/)]);
    expect(anthropicToolProblems({ name: 'list', input_schema: { type: 'array', items: { type: 'string' } } })).toEqual([
      expect.stringMatching(/^input_schema: the root must be `type: "object"`/),
    ]);
    expect(anthropicToolProblems({ name: 'tap on', input_schema: good })).toEqual([expect.stringMatching(/^name: "tap on" must match/)]);
  });

  test('a schema that is not valid draft 2020-12 is refused', () => {
    const problems = anthropicToolProblems({ name: 'x', input_schema: { type: 'object', properties: { a: { type: 'strng' } } } });
    expect(problems).toContainEqual(expect.stringContaining('not valid JSON Schema draft 2020-12'));
  });
});

test.describe('Gemini response schema', () => {
  const plain: JsonSchema = { ...good };
  delete plain.additionalProperties;

  test('a plain schema without additionalProperties has no problems', () => {
    expect(geminiSchemaProblems({ ...plain, propertyOrdering: ['thought', 'confidence', 'verdict', 'refs'] })).toEqual([]);
  });

  test('additionalProperties, const and an object without properties are refused at their path', () => {
    expect(geminiSchemaProblems(good)).toEqual([expect.stringMatching(/^\(root\): additionalProperties is not supported/)]);
    expect(geminiSchemaProblems({ type: 'object', properties: { name: { const: 'tap' } } })).toEqual([
      expect.stringMatching(/^properties\.name: const is not supported/),
    ]);
    expect(geminiSchemaProblems({ type: 'object', properties: { params: { type: 'object', properties: {} } } })).toEqual([
      expect.stringMatching(/^properties\.params\.properties: should be non-empty for OBJECT type/),
    ]);
  });

  test('oneOf, type lists and boolean subschemas are refused', () => {
    expect(geminiSchemaProblems({ type: 'object', properties: { a: { oneOf: [{ type: 'string' }] } } })).toContainEqual(
      expect.stringContaining('properties.a: oneOf is not supported'),
    );
    expect(geminiSchemaProblems({ type: 'object', properties: { a: { type: ['string', 'null'] } } })).toContainEqual(
      expect.stringContaining('properties.a.type: a list of types'),
    );
    expect(geminiSchemaProblems({ type: 'object', properties: { a: true } })).toContainEqual(expect.stringContaining('properties.a: a boolean subschema'));
  });
});
