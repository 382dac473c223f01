// One HTTP request to WebDriverAgent under the call's AbortSignal, its answer turned into a value or a
// typed error: nothing listening is WdaUnavailable, a connection dropped mid-answer DeviceDisconnected.
import { DeviceDisconnected } from '../errors/device-disconnected.js';
import { sessionIdOf, wdaValue } from './wda-response.js';
import { WdaUnavailable } from './wda-unavailable.js';

export type WdaMethod = 'GET' | 'POST' | 'DELETE';

export interface WdaHttpRequest {
  /** WebDriverAgent's base URL, without a trailing slash. */
  url: string;
  /** The device the request is for, as errors name it. */
  device: string;
  method: WdaMethod;
  /** The route with its query, from the base URL: `/status`, `/session/ID/source?format=json`. */
  path: string;
  body?: unknown;
  signal: AbortSignal;
  /** Called once the answer's head has arrived, before its body is read. */
  answered?: () => void;
}

export interface WdaHttpAnswer {
  value: unknown;
  /** The session id the answer carries, if any. */
  sessionId: string | undefined;
}

/** Error codes of a connection that nothing accepts: WebDriverAgent is not there. */
const NOT_LISTENING = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'EADDRNOTAVAIL']);

/** Sends one request and returns its value; WebDriverAgent's error answers throw (see wdaValue). */
export async function wdaHttp(request: WdaHttpRequest): Promise<WdaHttpAnswer> {
  const { url, device, method, path, body, signal } = request;
  // Named as the route reads, without the session id or the query: `GET /source`.
  const label = `${method} ${path.replace(/^\/session\/[^/?]+(?=[/?]|$)/, '').replace(/\?.*$/, '') || '/session'}`;
  let response: Response;
  try {
    response = await fetch(`${url}${path}`, {
      method,
      signal,
      headers: body === undefined ? undefined : { 'content-type': 'application/json; charset=utf-8' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    throw connectionError({ error, url, device, label, signal });
  }
  request.answered?.();
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw connectionError({ error, url, device, label, signal });
  }
  const value = wdaValue({ device, request: label, status: response.status, body: text });
  return { value, sessionId: sessionIdOf(value, text) };
}

interface FailedConnection {
  error: unknown;
  url: string;
  device: string;
  label: string;
  signal: AbortSignal;
}

function connectionError({ error, url, device, label, signal }: FailedConnection): unknown {
  if (signal.aborted) return signal.reason;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.message ?? (error instanceof Error ? error.message : String(error));
  if (cause?.code !== undefined && NOT_LISTENING.has(cause.code)) return new WdaUnavailable({ device, url, reason, cause: error });
  return new DeviceDisconnected({ device, during: label, reason: `the connection to WebDriverAgent at ${url} failed: ${reason}`, cause: error });
}
