// WebDriverAgent's HTTP server over the virtual iPhone: WDA's routes, its `{"value", "sessionId"}`
// answers and W3C error objects, one session at a time, with faults and a log of what it served.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { IosDevice } from './device.js';
import { WdaError } from './errors.js';
import { WdaFaults } from './faults.js';
import type { Route, RouteContext } from './route.js';
import { APP_ROUTES } from './routes-app.js';
import { ELEMENT_ROUTES } from './routes-element.js';
import { SCREEN_ROUTES } from './routes-screen.js';
import { classifyRoute, WdaServedLog } from './served.js';
import { WdaSession } from './session.js';
import { listenOn } from '../listen.js';

const ROUTES: Route[] = [...APP_ROUTES, ...SCREEN_ROUTES, ...ELEMENT_ROUTES];
/** Largest request body read, bytes (a W3C actions body is a few KB). */
const MAX_BODY = 4 * 1024 * 1024;

interface Compiled {
  route: Route;
  pattern: string;
  regex: RegExp;
  names: string[];
}

function compile(route: Route): Compiled[] {
  const paths =
    route.scope === 'global'
      ? [route.path]
      : route.scope === 'session'
        ? [`/session/:sessionId${route.path}`]
        : [route.path, `/session/:sessionId${route.path}`];
  return paths.map((pattern) => {
    const names: string[] = [];
    const source = pattern.replace(/\/:(\w+)/g, (_, name: string) => {
      names.push(name);
      return '/([^/]+)';
    });
    return { route, pattern, regex: new RegExp(`^${source}/?$`), names };
  });
}

const COMPILED = ROUTES.flatMap(compile);

export interface WdaServerOptions {
  device: IosDevice;
  port?: number;
  host?: string;
  faults?: WdaFaults;
  served?: WdaServedLog;
  /** False while the simulator is shut down: every request then fails with "unknown error". */
  booted?: () => boolean;
}

export interface WdaServer {
  readonly port: number;
  readonly url: string;
  readonly faults: WdaFaults;
  readonly served: WdaServedLog;
  /** The session in progress, if any. */
  session(): WdaSession | undefined;
  /** Ends the session (as WDA's process going away does). */
  endSession(): void;
  close(): Promise<void>;
}

export async function listenWda(options: WdaServerOptions): Promise<WdaServer> {
  const faults = options.faults ?? new WdaFaults();
  const served = options.served ?? new WdaServedLog();
  const booted = options.booted ?? (() => true);
  let current: WdaSession | undefined;
  const sessions = {
    start(caps: Record<string, unknown>, bundleId: string | undefined): WdaSession {
      current = new WdaSession(caps, bundleId);
      return current;
    },
    end(): void {
      current = undefined;
    },
  };

  const answer = (res: ServerResponse, status: number, value: unknown): void => {
    const body = JSON.stringify({ value: value === undefined ? null : value, sessionId: current?.id ?? null });
    res.writeHead(status, { 'Content-Type': 'application/json;charset=UTF-8', 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<{ route?: string; status: number }> => {
    const url = new URL(req.url ?? '/', 'http://wda');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = (req.method ?? 'GET').toUpperCase();
    const raw = await readBody(req);
    if (faults.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, faults.latencyMs));
    let matched: Compiled | undefined;
    let params: Record<string, string> = {};
    for (const c of COMPILED) {
      if (c.route.method !== method) continue;
      const m = c.regex.exec(path);
      if (!m) continue;
      matched = c;
      params = Object.fromEntries(c.names.map((n, i) => [n, decodeURIComponent(m[i + 1] ?? '')]));
      break;
    }
    const fail = (error: WdaError): { route?: string; status: number } => {
      answer(res, error.status, { error: error.error, message: error.message, traceback: '' });
      return { route: matched?.pattern, status: error.status };
    };
    if (!booted()) return fail(new WdaError('unknown error', 'The simulator is shut down: boot it (xcrun simctl boot) and start WebDriverAgent again'));
    if (faults.take('failRequests'))
      return fail(new WdaError('unknown error', 'Error Domain=com.facebook.WebDriverAgent Code=1 "Internal error" (fault injected)'));
    if (faults.expirePending) {
      faults.expirePending = false;
      current = undefined;
    }
    if (!matched) return fail(new WdaError('unknown command', `Unhandled endpoint: ${path} -- http://127.0.0.1${path} with parameters {}`));
    const sessionId = params['sessionId'];
    if (sessionId !== undefined && sessionId !== current?.id) return fail(new WdaError('invalid session id', `Session does not exist`));
    let body: Record<string, unknown> = {};
    if (raw.length > 0) {
      try {
        const parsed: unknown = JSON.parse(raw.toString('utf8'));
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
      } catch {
        return fail(new WdaError('invalid argument', `The request body is not JSON: ${raw.toString('utf8').slice(0, 80)}`));
      }
    }
    const ctx: RouteContext = { device: options.device, session: current, params, body, query: url.searchParams, faults, sessions };
    try {
      const value = await matched.route.handle(ctx);
      answer(res, 200, value);
      return { route: matched.pattern, status: 200 };
    } catch (error) {
      if (error instanceof WdaError) return fail(error);
      return fail(new WdaError('unknown error', error instanceof Error ? error.message : String(error)));
    }
  };

  const server: Server = createServer((req, res) => {
    const start = performance.now();
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    handle(req, res).then(
      ({ route, status }) => served.record({ method: req.method ?? 'GET', path, route, status, kind: classifyRoute(route), ms: performance.now() - start }),
      (error: unknown) => {
        if (!res.headersSent) answer(res, 500, { error: 'unknown error', message: String(error), traceback: '' });
        served.record({ method: req.method ?? 'GET', path, route: undefined, status: 500, kind: 'other', ms: performance.now() - start });
      },
    );
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  const host = options.host ?? '127.0.0.1';
  const port = await listenOn(server, { port: options.port, host });
  return {
    port,
    url: `http://${host}:${port}`,
    faults,
    served,
    session: () => current,
    endSession: () => sessions.end(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new WdaError('invalid argument', `The request body is larger than ${MAX_BODY} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
