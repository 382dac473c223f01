// How the Chat app talks to its backend: real HTTP requests from the phone's runtime, one
// connection each (closed after the answer, so nothing stays open when the app ends), every one
// with a deadline and cancelled with the app's process.
import { request } from 'node:http';
import type { ChatMessage, SignInReply } from './api.js';

/** What went wrong with a call: no answer (server down, deadline passed) or an answer saying no. */
export class ChatCallError extends Error {
  override name = 'ChatCallError';
  constructor(
    readonly kind: 'unreachable' | 'rejected',
    message: string,
    /** The HTTP status of a rejected call. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** What the app shows when the server does not answer. */
export const UNREACHABLE = "Can't reach the server. Check your connection and try again.";

/** How long one call may take, real ms. */
export const CALL_DEADLINE_MS = 5000;

export interface ChatClientOptions {
  /** Base URL of the backend; undefined when the phone has none set. */
  baseUrl: string | undefined;
  /** Ends every call in flight (the app's process ended). */
  signal?: AbortSignal;
}

export class ChatClient {
  constructor(private readonly o: ChatClientOptions) {}

  signIn(name: string, password: string): Promise<SignInReply> {
    return this.call<SignInReply>({ method: 'POST', path: '/api/sign-in', body: { name, password } });
  }

  async users(token: string): Promise<string[]> {
    return (await this.call<{ users: string[] }>({ method: 'GET', path: '/api/users', token })).users;
  }

  async send(token: string, to: string, text: string): Promise<ChatMessage> {
    return (await this.call<{ message: ChatMessage }>({ method: 'POST', path: '/api/messages', token, body: { to, text } })).message;
  }

  async messagesSince(token: string, since: number): Promise<ChatMessage[]> {
    return (await this.call<{ messages: ChatMessage[] }>({ method: 'GET', path: `/api/messages?since=${since}`, token })).messages;
  }

  private call<T>(o: { method: 'GET' | 'POST'; path: string; token?: string; body?: unknown }): Promise<T> {
    const base = this.o.baseUrl;
    if (!base) return Promise.reject(new ChatCallError('unreachable', UNREACHABLE));
    const signals = [AbortSignal.timeout(CALL_DEADLINE_MS), ...(this.o.signal ? [this.o.signal] : [])];
    const data = o.body === undefined ? undefined : JSON.stringify(o.body);
    return new Promise<T>((resolve, reject) => {
      let url: URL;
      try {
        url = new URL(o.path, base);
      } catch {
        reject(new ChatCallError('unreachable', UNREACHABLE));
        return;
      }
      const req = request(url, {
        method: o.method,
        agent: false,
        signal: AbortSignal.any(signals),
        headers: {
          connection: 'close',
          accept: 'application/json',
          ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
          ...(data !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) } : {}),
        },
      });
      req.on('error', () => reject(new ChatCallError('unreachable', UNREACHABLE)));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', () => reject(new ChatCallError('unreachable', UNREACHABLE)));
        res.on('end', () => {
          let body: unknown;
          try {
            body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            reject(new ChatCallError('unreachable', `The server sent something that is not JSON (HTTP ${res.statusCode}).`));
            return;
          }
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(body as T);
          else reject(new ChatCallError('rejected', errorText(body, status), status));
        });
      });
      req.end(data);
    });
  }
}

function errorText(body: unknown, status: number): string {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof error === 'string' ? error : `The server said no (HTTP ${status}).`;
}
