// A local server that answers as OpenAI's Chat Completions API does, refusals included.
import { decode, encode } from 'gpt-tokenizer/encoding/o200k_base';
import { pictureTokens } from './image-rules.js';
import { openAiError, openAiRejection, type OpenAiRuleOptions } from './openai-rules.js';
import {
  contentText,
  messagesOf,
  nextId,
  replyTo,
  startProviderServer,
  tokens,
  type Answer,
  type ModelAnswer,
  type ProviderServer,
  type RecordedRequest,
  type Reply,
  type ServerOptions,
} from './provider-server.js';

/** What the model answers: JSON, raw text, a refusal, text cut at the token limit, an HTTP failure, or a hang. */
export type OpenAiAnswer = Answer<string>;

/** OpenAI's rules (strict schema check, or a local server's compiler) and `decide`, the model's answers. */
export type OpenAiServerOptions = ServerOptions<OpenAiRuleOptions, string>;

/** Failure envelopes by status, for a failure answer given as a message. */
function failureBody(status: number, message: string): unknown {
  // 429 type 'tokens', code 'rate_limit_exceeded' and the wording: https://github.com/TheR1D/shell_gpt/issues/653, https://github.com/BuilderIO/micro-agent/issues/86
  if (status === 429)
    return openAiError(
      message ||
        'Rate limit reached for gpt-4o in organization org-test on tokens per min (TPM): Limit 30000, Used 29937, Requested 385. Please try again in 644ms. Visit https://platform.openai.com/account/rate-limits to learn more.',
      { type: 'tokens', code: 'rate_limit_exceeded' },
    );
  // 500 wording: https://github.com/LlmKira/Openaibot/issues/125; type 'server_error' and the 503 wording are from memory, not found quoted.
  if (status === 500) return openAiError(message || 'The server had an error while processing your request. Sorry about that!', { type: 'server_error' });
  if (status >= 500) return openAiError(message || 'The server is overloaded or not ready yet.', { type: 'server_error' });
  return openAiError(message || `HTTP ${status}`);
}

/** The schema's part of the prompt: response_format's JSON schema, as sent. */
function schemaText(body: Record<string, unknown>): string {
  const format = body.response_format as { json_schema?: { schema?: unknown } } | undefined;
  return format?.json_schema?.schema === undefined ? '' : JSON.stringify(format.json_schema.schema);
}

/** prompt_tokens: the OpenAI cookbook's count (3 per message, role and content, 3 to prime the reply) plus the schema. */
export function openAiPromptTokens(body: Record<string, unknown>): number {
  const messages = messagesOf(body);
  const perMessage = messages.reduce((sum, message) => sum + 3 + tokens(message.role) + tokens(contentText(message.content)), 0);
  return perMessage + 3 + tokens(schemaText(body)) + pictureTokens(body, 'openai');
}

/** The text cut to the request's token limit, when it has one and the text is longer. */
function cut(text: string, body: Record<string, unknown>): string {
  const limit = Number(body.max_completion_tokens ?? body.max_tokens);
  if (!Number.isInteger(limit) || limit <= 0) return text;
  const encoded = encode(text);
  return encoded.length > limit ? decode(encoded.slice(0, limit)) : text;
}

interface Message {
  content: string | null;
  refusal: string | null;
  finish: 'stop' | 'length';
}

function messageOf(answer: ModelAnswer<string>, body: Record<string, unknown>): Message {
  if ('json' in answer) return { content: JSON.stringify(answer.json), refusal: null, finish: 'stop' };
  if ('text' in answer) return { content: answer.text, refusal: null, finish: 'stop' };
  // Structured-output refusals: content null, message.refusal set, finish_reason 'stop' (https://platform.openai.com/docs/guides/structured-outputs#refusals).
  if ('refusal' in answer) return { content: null, refusal: answer.refusal, finish: 'stop' };
  return { content: cut(answer.truncated, body), refusal: null, finish: 'length' };
}

function completion(request: RecordedRequest, answer: ModelAnswer<string>): Reply {
  const message = messageOf(answer, request.body);
  const promptTokens = openAiPromptTokens(request.body);
  const completionTokens = tokens(message.content ?? message.refusal ?? '');
  return {
    body: {
      id: nextId('chatcmpl-'),
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: String(request.body.model ?? ''),
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: message.content, refusal: message.refusal, annotations: [] },
          logprobs: null,
          finish_reason: message.finish,
        },
      ],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      system_fingerprint: 'fp_local',
    },
    headers: { 'x-request-id': nextId('req_') },
  };
}

/**
 * Starts a server answering POST /v1/chat/completions (and /chat/completions, for base URLs without /v1) as OpenAI does:
 * a request OpenAI refuses gets OpenAI's 400, any other gets the test's answer. Give the SDK `server.baseURL`.
 */
export function startOpenAiServer(options: OpenAiServerOptions): Promise<ProviderServer> {
  return startProviderServer(
    {
      method: 'POST',
      paths: ['/v1/chat/completions', '/chat/completions'],
      handle: (request, n) =>
        openAiRejection(request.body, options) ?? replyTo(options.decide(request, n), failureBody, (answer) => completion(request, answer)),
      // Wording from memory of the live API ("Invalid URL (POST /v1/x)"); not found quoted.
      notFound: (request) => ({ status: 404, body: openAiError(`Invalid URL (${request.method} ${request.path})`) }),
    },
    '/v1',
  );
}
