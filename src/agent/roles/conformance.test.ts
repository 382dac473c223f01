import { expect, test } from '@playwright/test';
import { anthropicToolProblems, llamaCppGrammar, openAiStrictProblems, xgrammarCompile, type JsonSchema } from '../../llm/testing/conformance/index.js';
import { actionSchema } from '../../primitives/index.js';
import { debuggerAnswerSchema, locatorAnswerSchema, queryAnswerSchema, SCHEMA_NAMES, validatorAnswerSchema } from './index.js';

// The first llama.cpp call extracts the converter and starts the parser process; later calls in the worker reuse them.
test.describe.configure({ timeout: 120_000 });

// Documents a known defect: `actionSchema()` is one `oneOf` branch per primitive, and the branches of primitives that
// take exactly one of several fields carry `properties: { field: true }`, a boolean subschema the converter cannot read.
test('the registry\'s full per-primitive oneOf is rejected by llama.cpp', async () => {
  const result = await llamaCppGrammar(actionSchema());
  expect(result).toEqual({ ok: false, stage: 'convert', error: "AttributeError: 'bool' object has no attribute 'get'" });
});

test('the registry\'s full per-primitive oneOf is refused by OpenAI strict mode and as an Anthropic tool', () => {
  expect(openAiStrictProblems(actionSchema())).toContainEqual(expect.stringMatching(/^\(root\): oneOf is not supported/));
  expect(anthropicToolProblems({ name: 'act', input_schema: actionSchema() })).toContainEqual(expect.stringMatching(/^input_schema: oneOf is not supported at the top level/));
});

// Gemini is left out: every answer schema closes its objects with additionalProperties: false, which its subset lacks.
const roleSchemas: Record<string, JsonSchema> = {
  [SCHEMA_NAMES.locator]: locatorAnswerSchema,
  [SCHEMA_NAMES.validator]: validatorAnswerSchema,
  [SCHEMA_NAMES.debugger]: debuggerAnswerSchema,
  [SCHEMA_NAMES.query]: queryAnswerSchema({ type: 'object', properties: { count: { type: 'integer' } }, required: ['count'], additionalProperties: false }),
};

for (const [name, schema] of Object.entries(roleSchemas)) {
  test(`the ${name} answer schema is accepted by llama.cpp, xgrammar, OpenAI strict mode and as an Anthropic tool`, async () => {
    expect(await llamaCppGrammar(schema)).toMatchObject({ ok: true });
    expect(await xgrammarCompile(schema)).toEqual({ ok: true });
    expect(openAiStrictProblems(schema)).toEqual([]);
    expect(anthropicToolProblems({ name, input_schema: schema })).toEqual([]);
  });
}
