// What the provider servers share: the answer kinds a test chooses, the server handle, routing and token counts.
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { startRecordingServer, type RecordedRequest, type Reply } from '../recording-server.js';

export type { RecordedRequest, Reply } from '../recording-server.js';

/** An HTTP failure: `error` is the message (wrapped in the provider's own envelope) or a whole body sent as it is. */
export interface FailureAnswer {
  status: number;
  error?: string | Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Answer kinds both providers give: JSON, raw text, a refusal, an HTTP failure, or no answer at all. */
export type CommonAnswer = { json: unknown } | { text: string } | { refusal: string } | FailureAnswer | { hang: true };

/** The answer kinds, with `truncated` holding what an answer cut at the token limit holds. */
export type Answer<Cut> = CommonAnswer | { truncated: Cut };

/** An answer the model gives (as against a failure or a hang). */
export type ModelAnswer<Cut> = Exclude<Answer<Cut>, FailureAnswer | { hang: true }>;

/** Works out the answer from the request (n counts requests from 0). */
export type Decide<A> = (request: RecordedRequest, n: number) => A;

/** A server's options: the provider's rule options and the model's answer to each request the API accepts. */
export type ServerOptions<Rules, Cut> = Rules & { decide: Decide<Answer<Cut>> };

/** A provider server on 127.0.0.1: `baseURL` is what the provider's SDK takes. */
export interface ProviderServer {
  readonly url: string;
  readonly baseURL: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

export interface Route {
  method: string;
  paths: string[];
  /** The reply when the request is to this route. */
  handle: (request: RecordedRequest, n: number) => Reply;
  /** The reply for any other method or path, in the provider's own words. */
  notFound: (request: RecordedRequest) => Reply;
}

/** Starts a server that answers one route and says "not found" as the provider does elsewhere. */
export async function startProviderServer(route: Route, basePath: string): Promise<ProviderServer> {
  const server = await startRecordingServer((request, n) =>
    request.method === route.method && route.paths.includes(request.path) ? route.handle(request, n) : route.notFound(request),
  );
  return { url: server.url, baseURL: server.url + basePath, requests: server.requests, close: () => server.close() };
}

export function isFailure(answer: object): answer is FailureAnswer {
  return 'status' in answer;
}

/**
 * The reply to an answer: a hang, a failure in the provider's envelope (`envelope` gets the status and the message, '' when
 * the test gave none), or the model's answer made into a body by `answer`.
 */
export function replyTo<Cut>(answer: Answer<Cut>, envelope: (status: number, message: string) => unknown, model: (answer: ModelAnswer<Cut>) => Reply): Reply {
  if ('hang' in answer) return { hang: true };
  if (!isFailure(answer)) return model(answer);
  const body = typeof answer.error === 'object' ? answer.error : envelope(answer.status, answer.error ?? '');
  return { status: answer.status, body, headers: answer.headers };
}

/** o200k tokens of a text: OpenAI's encoding for gpt-4o and later. */
export function tokens(text: string): number {
  return text ? countTokens(text) : 0;
}

/** The text of a message content: a string, or the text parts of a content array. */
export function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part: unknown) => (part !== null && typeof part === 'object' && 'text' in part ? String(part.text) : '')).join('\n');
}

export function messagesOf(body: Record<string, unknown>): Array<{ role: string; content: unknown }> {
  return Array.isArray(body.messages) ? (body.messages as Array<{ role: string; content: unknown }>) : [];
}

let counter = 0;
/** An id in the provider's style, unique within the process. */
export function nextId(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter.toString(36).padStart(4, '0')}`;
}
