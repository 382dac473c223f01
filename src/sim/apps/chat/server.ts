// The Chat backend: a small HTTP/JSON server on loopback that the Chat app on every virtual phone
// talks to (the API is described in api.ts). Messages live in memory for the server's lifetime.
// Phones started in one process share one server, started with the first phone that has Chat
// and stopped with the last (acquireSharedChatServer); startChatServer runs one on its own, for
// phones started in different processes.
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { CHAT_USERS, MAX_MESSAGE_LENGTH, WRONG_PASSWORD, type ChatMessage } from './api.js';
import { listenOn } from '../../listen.js';

export interface ChatServerOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Loopback address to bind; default 127.0.0.1. */
  host?: string;
}

export interface ChatServer {
  /** Base URL, e.g. http://127.0.0.1:41234 — what `startSim({ chatServer })` and `--chat-server` take. */
  readonly url: string;
  readonly port: number;
  /** Every message sent so far, oldest first. */
  messages(): readonly ChatMessage[];
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

/** Body size the server reads at most, bytes. */
const MAX_BODY = 64 * 1024;
/** A token is the user's name signed with this key, so a session outlives a restarted server. */
const TOKEN_KEY = 'mobiletest-chat';

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Starts a Chat backend listening on loopback. */
export async function startChatServer(options: ChatServerOptions = {}): Promise<ChatServer> {
  const host = options.host ?? '127.0.0.1';
  const messages: ChatMessage[] = [];
  const server = createServer((req, res) => {
    handle(req, messages)
      .then((reply) => send(res, reply.status, reply.body))
      .catch((error: unknown) => {
        const status = error instanceof HttpError ? error.status : 500;
        send(res, status, { error: error instanceof Error ? error.message : String(error) });
      });
  });
  // Deadlines for slow clients; the app closes its connection after each request anyway.
  server.requestTimeout = 10_000;
  server.headersTimeout = 5_000;
  server.keepAliveTimeout = 1_000;
  const port = await listenOn(server, { port: options.port, host });
  return {
    url: `http://${host}:${port}`,
    port,
    messages: () => messages,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

interface Reply {
  status: number;
  body: unknown;
}

async function handle(req: IncomingMessage, messages: ChatMessage[]): Promise<Reply> {
  const url = new URL(req.url ?? '/', 'http://chat');
  const route = `${req.method} ${url.pathname}`;
  if (route === 'GET /api/health') return { status: 200, body: { ok: true } };
  if (route === 'POST /api/sign-in') {
    const body = await readJson(req);
    const name = stringField(body, 'name').trim().toLowerCase();
    if (CHAT_USERS[name] === undefined || CHAT_USERS[name] !== stringField(body, 'password')) throw new HttpError(401, WRONG_PASSWORD);
    return { status: 200, body: { name, token: tokenFor(name) } };
  }
  const known = route === 'GET /api/users' || route === 'GET /api/messages' || route === 'POST /api/messages';
  if (!known) throw new HttpError(404, `No such call: ${route}`);
  const me = caller(req);
  if (route === 'GET /api/users') return { status: 200, body: { users: Object.keys(CHAT_USERS) } };
  if (route === 'GET /api/messages') {
    const since = Number(url.searchParams.get('since') ?? 0);
    if (!Number.isFinite(since)) throw new HttpError(400, '"since" must be a message id');
    const other = url.searchParams.get('with');
    const mine = messages.filter((m) => m.id > since && (m.from === me || m.to === me));
    return { status: 200, body: { messages: other ? mine.filter((m) => m.from === other || m.to === other) : mine } };
  }
  const body = await readJson(req);
  const to = stringField(body, 'to');
  const text = stringField(body, 'text');
  if (CHAT_USERS[to] === undefined) throw new HttpError(404, `No user "${to}"`);
  if (!text.trim()) throw new HttpError(400, 'A message needs some text');
  if (text.length > MAX_MESSAGE_LENGTH) throw new HttpError(413, `A message holds at most ${MAX_MESSAGE_LENGTH} characters`);
  const message: ChatMessage = { id: messages.length + 1, from: me, to, text, sentAt: Date.now() };
  messages.push(message);
  return { status: 201, body: { message } };
}

function tokenFor(name: string): string {
  return `${name}.${createHmac('sha256', TOKEN_KEY).update(name).digest('hex').slice(0, 32)}`;
}

/** The signed-in user a request's bearer token names, or 401. */
function caller(req: IncomingMessage): string {
  const token = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const name = token.split('.')[0] ?? '';
  if (CHAT_USERS[name] === undefined || tokenFor(name) !== token) throw new HttpError(401, 'Your session has ended. Sign in again.');
  return name;
}

function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) reject(new HttpError(413, 'Request body too large'));
      else chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => {
      try {
        const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
        if (typeof value !== 'object' || value === null) throw new Error('not an object');
        resolve(value as Record<string, unknown>);
      } catch {
        reject(new HttpError(400, 'The body must be a JSON object'));
      }
    });
  });
}

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string') throw new HttpError(400, `"${name}" must be a string`);
  return value;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return;
  const data = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(data) });
  res.end(data);
}

/** The process's shared server while phones hold it, and how many do. */
let shared: { server: Promise<ChatServer>; users: number } | undefined;

/**
 * The backend phones in this process share: the first call starts it, each call holds it once, and
 * the last release stops it. Two phones started together get the same server.
 */
export async function acquireSharedChatServer(): Promise<{ url: string; release(): Promise<void> }> {
  const holding = shared ?? { server: startChatServer(), users: 0 };
  shared = holding;
  holding.users += 1;
  let server: ChatServer;
  try {
    server = await holding.server;
  } catch (error) {
    if (shared === holding) shared = undefined;
    throw error;
  }
  let released = false;
  return {
    url: server.url,
    async release() {
      if (released) return;
      released = true;
      holding.users -= 1;
      if (holding.users > 0) return;
      if (shared === holding) shared = undefined;
      await server.close();
    },
  };
}
