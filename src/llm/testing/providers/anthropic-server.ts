// A local server that answers as Anthropic's Messages API does, refusals included.
import { anthropicError, anthropicRejection, type AnthropicRuleOptions } from './anthropic-rules.js';
import { pictureTokens } from './image-rules.js';
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

/**
 * What the model answers. `json` comes back as the forced tool's tool_use block; `truncated` is a tool_use block cut at
 * max_tokens, whose `input` is what the test gives (an object missing fields, or {}): the docs say only that the block is
 * incomplete and to retry with a higher max_tokens (https://platform.claude.com/docs/build-with-claude/handling-stop-reasons).
 */
export type AnthropicAnswer = Answer<unknown>;

/** Anthropic's rules (a tool checker) and `decide`, the model's answers. */
export type AnthropicServerOptions = ServerOptions<AnthropicRuleOptions, unknown>;

/** Default messages for failures given without one. */
function failureBody(status: number, message: string): unknown {
  // 429 wording: https://github.com/Trae-AI/TRAE/issues/625; 529 "Overloaded": https://github.com/anthropics/claude-code/issues/35792; 500's is a guess.
  const defaults: Record<number, string> = {
    429: 'This request would exceed the rate limit for your organization of 30,000 input tokens per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits. You can see the response headers for current usage. Please reduce the prompt length or the maximum tokens requested, or try again later.',
    500: 'Internal server error',
    529: 'Overloaded',
  };
  return anthropicError(status, message || (defaults[status] ?? `HTTP ${status}`));
}

/**
 * input_tokens, an estimate: o200k tokens of the system prompt, the messages and the tools' JSON. Anthropic's own
 * tokenizer differs (its counts run higher for the same text), so use it for "more schema, more tokens", not exact sums.
 */
export function anthropicInputTokens(body: Record<string, unknown>): number {
  const messages = messagesOf(body).reduce((sum, message) => sum + tokens(contentText(message.content)), 0);
  return tokens(contentText(body.system)) + messages + (body.tools === undefined ? 0 : tokens(JSON.stringify(body.tools))) + pictureTokens(body, 'anthropic');
}

/** The tool the model answers through: the forced one, else the first listed. */
function toolName(body: Record<string, unknown>): string {
  const choice = body.tool_choice as { type?: string; name?: unknown } | undefined;
  if (choice?.type === 'tool' && typeof choice.name === 'string') return choice.name;
  const first = Array.isArray(body.tools) ? (body.tools[0] as { name?: unknown } | undefined) : undefined;
  return typeof first?.name === 'string' ? first.name : 'answer';
}

interface Outcome {
  content: unknown[];
  stop: string;
  stopDetails: unknown;
  outputTokens: number;
}

function outcomeOf(answer: ModelAnswer<unknown>, body: Record<string, unknown>): Outcome {
  const toolUse = (input: unknown) => ({ type: 'tool_use', id: nextId('toolu_'), name: toolName(body), input });
  if ('json' in answer) return { content: [toolUse(answer.json)], stop: 'tool_use', stopDetails: null, outputTokens: tokens(JSON.stringify(answer.json)) };
  if ('text' in answer)
    return { content: [{ type: 'text', text: answer.text, citations: null }], stop: 'end_turn', stopDetails: null, outputTokens: tokens(answer.text) };
  if ('refusal' in answer) {
    // stop_reason 'refusal' (Claude 4 and later) with stop_details saying why; no refusal text in content:
    // https://platform.claude.com/docs/test-and-evaluate/strengthen-guardrails/handle-streaming-refusals
    return { content: [], stop: 'refusal', stopDetails: { type: 'refusal', category: null, explanation: answer.refusal }, outputTokens: 0 };
  }
  // Cut at max_tokens: the output used every token it was allowed.
  return { content: [toolUse(answer.truncated)], stop: 'max_tokens', stopDetails: null, outputTokens: Number(body.max_tokens) || 0 };
}

function message(request: RecordedRequest, answer: ModelAnswer<unknown>): Reply {
  const outcome = outcomeOf(answer, request.body);
  return {
    body: {
      id: nextId('msg_'),
      type: 'message',
      role: 'assistant',
      model: String(request.body.model ?? ''),
      content: outcome.content,
      stop_reason: outcome.stop,
      stop_sequence: null,
      stop_details: outcome.stopDetails,
      usage: {
        input_tokens: anthropicInputTokens(request.body),
        output_tokens: outcome.outputTokens,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
      },
    },
    headers: { 'request-id': nextId('req_') },
  };
}

/**
 * Starts a server answering POST /v1/messages as Anthropic does: a request Anthropic refuses gets its 400, any other the
 * test's answer. Give the SDK `server.baseURL`.
 */
export function startAnthropicServer(options: AnthropicServerOptions): Promise<ProviderServer> {
  return startProviderServer(
    {
      method: 'POST',
      paths: ['/v1/messages'],
      handle: (request, n) =>
        anthropicRejection(request.body, options) ?? replyTo(options.decide(request, n), failureBody, (answer) => message(request, answer)),
      // Type per the errors page; the "Not Found" wording is a guess.
      notFound: () => ({ status: 404, body: anthropicError(404, 'Not Found') }),
    },
    '',
  );
}
