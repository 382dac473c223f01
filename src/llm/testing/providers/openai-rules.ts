// The requests OpenAI's Chat Completions API refuses, with its own words, and those of the local servers
// (Ollama, llama.cpp's llama-server) that speak the same API. Each rule cites where its wording was seen.
import { formatOf, picturesOf } from './image-rules.js';
import { contentText, messagesOf, type Reply } from './provider-server.js';

/** OpenAI's error envelope: https://platform.openai.com/docs/guides/error-codes (shape as every quoted error shows it). */
export interface OpenAiError {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export function openAiError(message: string, options: { type?: string; param?: string | null; code?: string | null } = {}): OpenAiError {
  return { error: { message, type: options.type ?? 'invalid_request_error', param: options.param ?? null, code: options.code ?? null } };
}

/** A local server's own schema compiler, which refuses schemas OpenAI would take. */
export interface LocalSchemaCompiler {
  /** Which server's reply to give: Ollama's 500 or llama-server's 400. */
  server: 'ollama' | 'llama-server';
  /** The compiler's complaint about a schema (for llama-server: its converter's error lines), or undefined when it compiles. */
  problem: (schema: unknown) => string | undefined;
}

export interface OpenAiRuleOptions {
  /** OpenAI's strict-mode schema rules: one problem per line, phrased as OpenAI does ("In context=('properties', 'x'), ..."). */
  checkStrictSchema?: (schema: unknown) => string[];
  /** Be a local server instead of OpenAI: only its schema compiler can refuse, OpenAI's own rules are off. */
  rejectSchema?: LocalSchemaCompiler;
}

/** Reasoning models: o1, o3, o4 and gpt-5 families. The one place this list lives. */
export function isReasoningModel(model: string): boolean {
  return /^(o1|o3|o4|gpt-5)(?![0-9])/.test(model);
}

function badRequest(error: OpenAiError): Reply {
  return { status: 400, body: error };
}

function modelRules(body: Record<string, unknown>): Reply | undefined {
  const model = typeof body.model === 'string' ? body.model : '';
  if (isReasoningModel(model)) {
    // Wording and param/code: https://github.com/griptape-ai/ComfyUI-Griptape/issues/312 (gpt-5), https://github.com/ITSpecialist111/ai_automation_suggester/issues/38 (o1)
    if (body.max_tokens !== undefined) {
      return badRequest(
        openAiError("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", {
          param: 'max_tokens',
          code: 'unsupported_parameter',
        }),
      );
    }
    // Wording and param/code: https://github.com/gabrii/Cursor-Azure-GPT-5/issues/33, https://github.com/owndev/Open-WebUI-Functions/issues/98 (0.01 shows the value is echoed)
    if (body.temperature !== undefined && body.temperature !== 1) {
      return badRequest(
        openAiError(`Unsupported value: 'temperature' does not support ${String(body.temperature)} with this model. Only the default (1) value is supported.`, {
          param: 'temperature',
          code: 'unsupported_value',
        }),
      );
    }
  } else if (body.reasoning_effort !== undefined) {
    // Wording, param null and code null: https://github.com/davidmigloz/langchain_dart/issues/712 (gpt-4o-mini)
    return badRequest(openAiError('Unrecognized request argument supplied: reasoning_effort'));
  }
  return undefined;
}

function schemaNameRule(name: unknown): Reply | undefined {
  const param = 'response_format.json_schema.name';
  const text = typeof name === 'string' ? name : '';
  // Wording and code by analogy with the same rule on tool names (no quote found for json_schema.name itself):
  // https://github.com/orchidfiles/ungate/issues/26 (string_above_max_length), https://github.com/Vortiago/mcp-azure-devops/pull/30 (pattern, invalid_value)
  if (text.length > 64) {
    return badRequest(
      openAiError(`Invalid '${param}': string too long. Expected a string with maximum length 64, but got a string with length ${text.length} instead.`, {
        param,
        code: 'string_above_max_length',
      }),
    );
  }
  if (!/^[a-zA-Z0-9_-]+$/.test(text)) {
    return badRequest(
      openAiError(`Invalid '${param}': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`, {
        param,
        code: 'invalid_value',
      }),
    );
  }
  return undefined;
}

function mentionsJson(body: Record<string, unknown>): boolean {
  return messagesOf(body).some((message) => /json/i.test(contentText(message.content)));
}

function responseFormatRules(body: Record<string, unknown>, options: OpenAiRuleOptions): Reply | undefined {
  const format = body.response_format as { type?: string; json_schema?: { name?: unknown; schema?: unknown; strict?: unknown } } | undefined;
  if (format?.type === 'json_object' && !mentionsJson(body)) {
    // Wording quoted in public code and docs (GitHub code search "must contain the word 'json' in some form"); param 'messages' is our reading, not seen quoted.
    return badRequest(
      openAiError("'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.", { param: 'messages' }),
    );
  }
  if (format?.type !== 'json_schema') return undefined;
  const named = schemaNameRule(format.json_schema?.name);
  if (named) return named;
  if (format.json_schema?.strict === true && options.checkStrictSchema) {
    const problems = options.checkStrictSchema(format.json_schema.schema ?? {});
    // Wording, param 'response_format' and code null: https://github.com/moeru-ai/xsai/issues/202, https://github.com/dottxt-ai/outlines/issues/1666
    if (problems.length > 0)
      return badRequest(openAiError(`Invalid schema for response_format '${String(format.json_schema.name)}': ${problems[0]}`, { param: 'response_format' }));
  }
  return undefined;
}

function localServerRule(body: Record<string, unknown>, compiler: LocalSchemaCompiler): Reply | undefined {
  const format = body.response_format as { type?: string; json_schema?: { schema?: unknown } } | undefined;
  if (format?.type !== 'json_schema') return undefined;
  const problem = compiler.problem(format.json_schema?.schema ?? {});
  if (problem === undefined) return undefined;
  if (compiler.server === 'ollama') {
    // Ollama's /api/chat says {"error":"invalid JSON schema in format"} with 500 (https://github.com/ollama/ollama/issues/8325,
    // https://github.com/datalab-to/marker/issues/984); its /v1 middleware re-wraps errors with NewError: type api_error for a 500
    // (ollama/ollama middleware/openai.go writeError, openai/openai.go NewError). The compiler's reason goes to Ollama's log only.
    return { status: 500, body: openAiError('invalid JSON schema in format', { type: 'api_error' }) };
  }
  // llama-server: 400 {"error":{"code":400,"message":"JSON schema conversion failed:\n<converter errors>","type":"invalid_request_error"}}
  // as quoted in https://github.com/browseros-ai/BrowserOS/issues/255. A grammar that converts but then fails to parse is
  // NOT refused: llama-server logs it and answers 200 unconstrained (https://github.com/ggml-org/llama.cpp/issues/19051).
  return { status: 400, body: { error: { code: 400, message: `JSON schema conversion failed:\n${problem}`, type: 'invalid_request_error' } } };
}

/** The reply OpenAI (or the local server being played) gives a request it refuses, or undefined when it takes it. */
/** Models OpenAI serves that take no images (the stand-in's own list). */
const TEXT_ONLY_MODELS = /^(gpt-3\.5|gpt-4(-\d{4})?$|o1-mini|o3-mini)/;

function pictureRules(body: Record<string, unknown>): Reply | undefined {
  const [first] = picturesOf(body);
  if (!first) return undefined;
  // Wording, param and code null: https://github.com/browser-use/web-ui/issues/274, https://github.com/vllm-project/vllm/issues/11629 (gpt-3.5, gpt-4)
  if (TEXT_ONLY_MODELS.test(String(body.model ?? ''))) {
    return badRequest(
      openAiError('Invalid content type. image_url is only supported by certain models.', {
        param: `messages.[${first.message}].content.[${first.part}].type`,
      }),
    );
  }
  // Wording from memory of the live API; code invalid_image_format.
  const bad = picturesOf(body).find((p) => formatOf(p.bytes) === undefined);
  if (bad) {
    return badRequest(
      openAiError("You uploaded an unsupported image. Please make sure your image has of one the following formats: ['png', 'jpeg', 'gif', 'webp'].", {
        code: 'invalid_image_format',
      }),
    );
  }
  return undefined;
}

export function openAiRejection(body: Record<string, unknown>, options: OpenAiRuleOptions): Reply | undefined {
  if (options.rejectSchema) return localServerRule(body, options.rejectSchema);
  return modelRules(body) ?? pictureRules(body) ?? responseFormatRules(body, options);
}
