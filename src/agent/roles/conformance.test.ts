import { expect, test } from '@playwright/test';
import {
  anthropicToolProblems,
  geminiSchemaProblems,
  llamaCppGrammar,
  openAiStrictProblems,
  xgrammarCompile,
  type JsonSchema,
} from '../../llm/testing/conformance/index.js';
import { actionSchema } from '../../primitives/index.js';
import { z } from 'zod';
import { countTokens, profileFor, type ModelRequest, type ProviderProfile } from '../../llm/index.js';
import { buildScreen, parseUiautomatorXml, screenText } from '../../observe/index.js';
import { fixture } from '../../observe/testing/fixtures.js';
import { requestBody, roleRequests } from '../testing/role-requests.js';
import { queryAnswerSchema, queryJsonSchema } from './index.js';

// The first llama.cpp call extracts the converter and starts the parser process; later calls in the worker reuse them.
test.describe.configure({ timeout: 120_000 });

// Documents a known defect: `actionSchema()` is one `oneOf` branch per primitive, and the branches of primitives that
// take exactly one of several fields carry `properties: { field: true }`, a boolean subschema the converter cannot read.
test("the registry's full per-primitive oneOf is rejected by llama.cpp", async () => {
  const result = await llamaCppGrammar(actionSchema());
  expect(result).toEqual({ ok: false, stage: 'convert', error: "AttributeError: 'bool' object has no attribute 'get'" });
});

test("the registry's full per-primitive oneOf is refused by OpenAI strict mode and as an Anthropic tool", () => {
  expect(openAiStrictProblems(actionSchema())).toContainEqual(expect.stringMatching(/^\(root\): oneOf is not supported/));
  expect(anthropicToolProblems({ name: 'act', input_schema: actionSchema() })).toContainEqual(
    expect.stringMatching(/^input_schema: oneOf is not supported at the top level/),
  );
});

// Every request mobiletest can send, as each provider profile writes it, checked by that provider's own code
// (llama.cpp's converter and parser, xgrammar) or by a checker of its documented rules.
const QUERY = z.object({
  title: z.string(),
  price: z.number().min(0).optional(),
  seller: z.object({ name: z.string(), email: z.email().optional(), rating: z.number().max(5).optional() }).optional(),
  tags: z.array(z.string()),
  in_stock: z.boolean().nullable(),
  counts: z.record(z.string(), z.number()),
  extra: z.unknown(),
});

// A real app's screen (a uiautomator dump of WeWork's confirm dialog), each role's request on it, and a
// query whose schema comes from a caller's zod schema.
const shown = buildScreen(parseUiautomatorXml(fixture('wework-confirm.xml').xml));
const onScreen = roleRequests({ text: screenText(shown), elements: shown.elements.map((e) => ({ ref: e.ref, label: e.label })) });
const requests: ModelRequest[] = [...Object.values(onScreen), { ...onScreen.query, schema: queryAnswerSchema(queryJsonSchema(QUERY)) }];

const PROFILES: Array<{ name: string; profile: ProviderProfile }> = [
  { name: 'OpenAI gpt-4o-mini', profile: profileFor({ provider: 'openai', model: 'gpt-4o-mini' }) },
  { name: 'OpenAI gpt-5-mini', profile: profileFor({ provider: 'openai', model: 'gpt-5-mini' }) },
  { name: 'Anthropic claude-sonnet-4-5', profile: profileFor({ provider: 'anthropic', model: 'claude-sonnet-4-5' }) },
  { name: 'Anthropic claude-opus-4-7', profile: profileFor({ provider: 'anthropic', model: 'claude-opus-4-7' }) },
  { name: 'Gemini', profile: profileFor({ provider: 'gemini', model: 'gemini-2.5-flash' }) },
  { name: 'a local server (llama.cpp, Ollama, LM Studio)', profile: profileFor({ provider: 'local', model: 'qwen2.5', baseUrl: 'http://localhost:8080/v1' }) },
  { name: 'vLLM (xgrammar)', profile: profileFor({ provider: 'openai', model: 'qwen2.5', baseUrl: 'http://localhost:8000/v1' }) },
];

type Sent = { schema?: JsonSchema; tool?: { name: string; description?: string; input_schema: JsonSchema }; body: Record<string, unknown> };

function sent(profile: ProviderProfile, request: ModelRequest): Sent {
  const body = requestBody(profile, request);
  if (profile.wire === 'anthropic') return { tool: (body.tools as Sent['tool'][])[0], body };
  const format = body.response_format as { json_schema?: { schema: JsonSchema } } | undefined;
  return { schema: format?.json_schema?.schema, body };
}

for (const { name, profile } of PROFILES) {
  test(`every answer schema sent to ${name} passes its compiler or its documented rules`, async () => {
    for (const request of requests) {
      const { schema, tool, body } = sent(profile, request);
      const what = `${request.schemaName} (${profile.id}, ${profile.output})`;
      if (profile.dialect === 'openai-strict') {
        expect(openAiStrictProblems(schema!), what).toEqual([]);
        expect(body.response_format, what).toMatchObject({ type: 'json_schema', json_schema: { strict: true } });
      } else if (profile.wire === 'anthropic') {
        expect(anthropicToolProblems(tool!), what).toEqual([]);
      } else if (profile.dialect === 'gemini') {
        expect(geminiSchemaProblems(schema!), what).toEqual([]);
      } else {
        expect(await llamaCppGrammar(schema!), what).toMatchObject({ ok: true });
        expect(await xgrammarCompile(schema!), what).toEqual({ ok: true });
      }
      // The planner's schema no longer carries every primitive's params: it stays a few hundred tokens.
      if (request.role === 'planner') expect(await countTokens(JSON.stringify(schema ?? tool)), what).toBeLessThan(300);
      // The whole request, as billed: a planner call within 1,500 tokens, every other within 800, on this real screen.
      expect(await countTokens(JSON.stringify(body)), what).toBeLessThanOrEqual(request.role === 'planner' ? 1500 : 800);
    }
  });
}

test('parameters go only to models that take them: no temperature and max_completion_tokens for reasoning models, none for Opus 4.7', () => {
  const [planner] = requests;
  const body = (model: string, provider: 'openai' | 'anthropic' = 'openai') =>
    requestBody(profileFor({ provider, model }), { ...planner, reasoningEffort: 'low' }, model);
  expect(body('gpt-5-mini')).toMatchObject({ max_completion_tokens: 400, reasoning_effort: 'low' });
  expect(body('gpt-5-mini')).not.toHaveProperty('temperature');
  expect(body('gpt-5-mini')).not.toHaveProperty('max_tokens');
  expect(body('gpt-4o-mini')).toMatchObject({ temperature: 0, max_completion_tokens: 400 });
  expect(body('gpt-4o-mini')).not.toHaveProperty('reasoning_effort');
  expect(body('claude-opus-4-7', 'anthropic')).not.toHaveProperty('temperature');
  expect(body('claude-sonnet-4-5', 'anthropic')).toMatchObject({ temperature: 0, max_tokens: 400 });
});

test("json-object and prompt modes send no schema, and the prompts name JSON (OpenAI's JSON mode requires the word)", () => {
  for (const output of ['json-object', 'prompt'] as const) {
    const profile = profileFor({ provider: 'local', model: 'm', baseUrl: 'http://localhost:8080/v1', output });
    const body = requestBody(profile, onScreen.planner);
    expect(body.response_format).toEqual(output === 'json-object' ? { type: 'json_object' } : undefined);
    expect(JSON.stringify(body.messages)).toMatch(/json/i);
  }
});
