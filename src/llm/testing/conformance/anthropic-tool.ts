// Anthropic Messages API tool definitions: the rules of Anthropic's tool-use docs and the API's own errors.
import { Ajv2020 } from 'ajv/dist/2020.js';
import { isObject, type JsonSchema } from './schema-walk.js';

const DEFINE_TOOLS = 'https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools';
const MESSAGES_API = 'https://docs.anthropic.com/en/api/messages';

// The API checks input_schema against the draft 2020-12 meta-schema; ajv carries that meta-schema.
const metaSchema = new Ajv2020({ strict: false, validateFormats: false });

/** Problems with an Anthropic Messages API tool (`{name, description, input_schema}`), per Anthropic's tool-use docs. */
export function anthropicToolProblems(tool: { name: string; description?: string; input_schema: JsonSchema }): string[] {
  const problems: string[] = [];
  const say = (where: string, text: string, source: string): void => void problems.push(`${where}: ${text} (${source})`);

  // Define tools, "Specifying client tools": name "Must match the regex ^[a-zA-Z0-9_-]{1,64}$".
  if (typeof tool.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(tool.name))
    say('name', `"${String(tool.name)}" must match ^[a-zA-Z0-9_-]{1,64}$`, DEFINE_TOOLS);
  // Messages API reference, tools[].description: a string (optional, "strongly recommended").
  if (tool.description !== undefined && typeof tool.description !== 'string') say('description', 'must be a string', MESSAGES_API);

  const schema: unknown = tool.input_schema;
  // Messages API reference, tools[].input_schema: an object whose `type` is "object".
  if (!isObject(schema)) {
    say('input_schema', 'must be a JSON Schema object', MESSAGES_API);
    return problems;
  }
  if (schema.type !== 'object') say('input_schema', `the root must be \`type: "object"\` (it is ${JSON.stringify(schema.type)})`, MESSAGES_API);
  // The API's 400 "input_schema does not support oneOf, allOf, or anyOf at the top level" (not in the docs; seen in
  // https://github.com/anthropics/claude-code/issues/5319).
  for (const key of ['oneOf', 'allOf', 'anyOf']) {
    if (key in schema) say('input_schema', `${key} is not supported at the top level`, 'https://github.com/anthropics/claude-code/issues/5319');
  }
  // The API's 400 "JSON schema is invalid. It must match JSON Schema draft 2020-12" (seen in
  // https://github.com/anthropics/claude-code/issues/7365); define-tools: input_schema is "A JSON Schema object".
  if (!metaSchema.validateSchema(schema)) {
    for (const error of metaSchema.errors ?? [])
      say(`input_schema${error.instancePath.replaceAll('/', '.')}`, `not valid JSON Schema draft 2020-12: ${error.message ?? error.keyword}`, DEFINE_TOOLS);
  }
  return problems;
}
