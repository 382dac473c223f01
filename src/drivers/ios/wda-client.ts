// The driver's WebDriverAgent: its base URL and one session, opened at connect and opened again, once,
// when WebDriverAgent answers "invalid session id" (it restarted, or another client took over).
import type { CallScope } from '../calls.js';
import { WdaCommandFailed } from './wda-command-failed.js';
import { wdaHttp, type WdaMethod } from './wda-http.js';
import { WDA_ERRORS } from './wda-response.js';
import { WdaSessionLost } from './wda-session-lost.js';

export interface WdaRequest {
  method: WdaMethod;
  /** The route after `/session/ID` for a session route, else from the base URL. */
  path: string;
  body?: unknown;
  /** Whether the route is under the session (default true). */
  session?: boolean;
  /** Called once the answer's head has arrived. */
  answered?: () => void;
}

/** What WebDriverAgent's GET /status says about itself and the device. */
export interface WdaStatus {
  ready: boolean;
  osName: string | undefined;
  osVersion: string | undefined;
  /** Set only when WebDriverAgent runs on a simulator. */
  simulatorVersion: string | undefined;
  /** `iphone`, `ipad`, … */
  deviceKind: string | undefined;
  message: string | undefined;
}

export class WdaClient {
  private sessionId: string | undefined;
  private reopening: Promise<string> | undefined;

  constructor(
    readonly url: string,
    private readonly options: { device: string; capabilities: Record<string, unknown> },
  ) {}

  get device(): string {
    return this.options.device;
  }

  get session(): string | undefined {
    return this.sessionId;
  }

  /** GET /status: answers without a session. */
  async status(scope: CallScope): Promise<WdaStatus> {
    return parseStatus(await this.send(scope, { method: 'GET', path: '/status', session: false }));
  }

  /** POST /session with W3C capabilities; `bundleId` launches that app with it. */
  async openSession(scope: CallScope, extra: Record<string, unknown> = {}): Promise<string> {
    const alwaysMatch = { ...this.options.capabilities, ...extra };
    scope.step('POST /session');
    const answer = await wdaHttp({
      url: this.url,
      device: this.device,
      method: 'POST',
      path: '/session',
      body: { capabilities: { alwaysMatch, firstMatch: [{}] } },
      signal: scope.signal,
    });
    if (answer.sessionId === undefined) throw new Error(`WebDriverAgent at ${this.url} answered POST /session without a session id`);
    this.sessionId = answer.sessionId;
    return answer.sessionId;
  }

  /** Sends a request; a session route whose session expired is sent again, once, in a new session. */
  async send(scope: CallScope, request: WdaRequest): Promise<unknown> {
    if (request.session === false) return this.sendOnce(scope, request, undefined);
    const used = this.sessionId ?? (await this.reopen(scope, `${request.method} ${request.path}`));
    try {
      return await this.sendOnce(scope, request, used);
    } catch (error) {
      if (!isExpired(error)) throw error;
      const fresh =
        this.sessionId !== used && this.sessionId !== undefined ? this.sessionId : await this.reopen(scope, `${request.method} ${request.path}`, used);
      try {
        return await this.sendOnce(scope, request, fresh);
      } catch (again) {
        if (!isExpired(again)) throw again;
        throw new WdaSessionLost({ device: this.device, url: this.url, during: `${request.method} ${request.path}`, cause: again });
      }
    }
  }

  /** DELETE /session/ID, so WebDriverAgent frees it; answers nothing. */
  async closeSession(scope: CallScope): Promise<void> {
    const id = this.sessionId;
    this.sessionId = undefined;
    if (id !== undefined) await this.sendOnce(scope, { method: 'DELETE', path: '' }, id);
  }

  private async sendOnce(scope: CallScope, request: WdaRequest, session: string | undefined): Promise<unknown> {
    const path = session === undefined ? request.path : `/session/${session}${request.path}`;
    scope.step(`${request.method} ${request.path.replace(/\?.*$/, '') || '/session'}`);
    const answer = await wdaHttp({
      url: this.url,
      device: this.device,
      method: request.method,
      path,
      body: request.body,
      signal: scope.signal,
      answered: request.answered,
    });
    return answer.value;
  }

  /** One new session for every request that found the old one gone; without the app, so nothing is relaunched. */
  private reopen(scope: CallScope, during: string, expired?: string): Promise<string> {
    if (this.reopening === undefined) {
      if (expired !== undefined && this.sessionId === expired) this.sessionId = undefined;
      this.reopening = this.openSession(scope)
        .catch((error: unknown) => {
          if (scope.signal.aborted) throw error;
          throw new WdaSessionLost({ device: this.device, url: this.url, during, cause: error });
        })
        .finally(() => {
          this.reopening = undefined;
        });
    }
    return this.reopening;
  }
}

function isExpired(error: unknown): boolean {
  return error instanceof WdaCommandFailed && error.error === WDA_ERRORS.invalidSession;
}

function parseStatus(value: unknown): WdaStatus {
  const v = (value ?? {}) as {
    ready?: unknown;
    message?: unknown;
    os?: { name?: unknown; version?: unknown };
    ios?: { simulatorVersion?: unknown };
    device?: unknown;
  };
  const text = (x: unknown) => (typeof x === 'string' && x !== '' ? x : undefined);
  return {
    ready: v.ready !== false,
    osName: text(v.os?.name),
    osVersion: text(v.os?.version),
    simulatorVersion: text(v.ios?.simulatorVersion),
    deviceKind: text(v.device),
    message: text(v.message),
  };
}
