// WebDriverAgent's answers: `{ value, sessionId }`, where a failed command's value is W3C's error
// object `{ error, message, traceback }` sent with an HTTP error status (FBResponsePayload.m). Older
// servers answer JSON Wire's `{ status: <non-zero>, value }` instead; both become one typed error.
import { UnexpectedAlert } from './unexpected-alert.js';
import { WdaCommandFailed } from './wda-command-failed.js';

/** The W3C error codes the driver acts on. */
export const WDA_ERRORS = {
  invalidSession: 'invalid session id',
  unexpectedAlert: 'unexpected alert open',
  noSuchAlert: 'no such alert',
  noSuchElement: 'no such element',
  unknownCommand: 'unknown command',
  unknownMethod: 'unknown method',
  invalidElementState: 'invalid element state',
  invalidSelector: 'invalid selector',
} as const;

/** One HTTP answer from WebDriverAgent, and what was asked. */
export interface WdaAnswer {
  device: string;
  /** `GET /source`, `POST /session/…/actions`: names the request in an error. */
  request: string;
  status: number;
  body: string;
}

/** What to tell the user about a W3C error code, besides WebDriverAgent's own message. */
const HINTS: Record<string, string> = {
  [WDA_ERRORS.invalidSession]: 'the session ended (WebDriverAgent restarted, or another client opened a session)',
  [WDA_ERRORS.noSuchAlert]: 'no alert is open',
  [WDA_ERRORS.noSuchElement]: 'nothing on screen matches',
  [WDA_ERRORS.unknownCommand]: 'this WebDriverAgent does not serve that route: update it',
  [WDA_ERRORS.unknownMethod]: 'this WebDriverAgent does not implement that command: update it',
  [WDA_ERRORS.invalidElementState]: 'the target is not in a state to take it (no focused text field, a disabled control)',
  'unable to capture screen': 'the screen could not be captured (a secure view, or the device is locked)',
};

const FALLBACK_HINT = "see WebDriverAgent's log (the Xcode test console, or Appium's log) for why";

/** The value of a successful answer; a typed error for a failed one (UnexpectedAlert, else WdaCommandFailed). */
export function wdaValue(answer: WdaAnswer): unknown {
  const parsed = parseBody(answer.body);
  const failure = failureOf(answer, parsed);
  if (failure === undefined) return (parsed as { value?: unknown } | undefined)?.value ?? null;
  if (failure.error === WDA_ERRORS.unexpectedAlert) {
    return throwing(new UnexpectedAlert({ device: answer.device, during: answer.request, alertText: failure.alertText }));
  }
  return throwing(
    new WdaCommandFailed({
      device: answer.device,
      request: answer.request,
      status: answer.status,
      error: failure.error,
      message: failure.message,
      hint: HINTS[failure.error] ?? (answer.status >= 500 ? FALLBACK_HINT : undefined),
    }),
  );
}

/** The answer's session id: W3C's `value.sessionId` on POST /session, else the envelope's `sessionId`. */
export function sessionIdOf(value: unknown, body: string): string | undefined {
  const inValue = (value as { sessionId?: unknown } | null)?.sessionId;
  if (typeof inValue === 'string' && inValue !== '') return inValue;
  const envelope = (parseBody(body) as { sessionId?: unknown } | undefined)?.sessionId;
  return typeof envelope === 'string' && envelope !== '' ? envelope : undefined;
}

interface Failure {
  error: string;
  message: string;
  alertText: string | undefined;
}

function failureOf({ status, body }: WdaAnswer, parsed: unknown): Failure | undefined {
  const envelope = parsed as { status?: unknown; value?: unknown } | undefined;
  const value = envelope?.value as { error?: unknown; message?: unknown; data?: { text?: unknown } } | null | undefined;
  if (value && typeof value === 'object' && typeof value.error === 'string') {
    const alertText = typeof value.data?.text === 'string' ? value.data.text : undefined;
    return { error: value.error, message: typeof value.message === 'string' ? value.message : '', alertText };
  }
  if (typeof envelope?.status === 'number' && envelope.status !== 0) {
    return { error: 'unknown error', message: `JSON Wire status ${envelope.status}: ${describe(envelope.value)}`, alertText: undefined };
  }
  if (status >= 400 || parsed === undefined) {
    return { error: status >= 400 ? `HTTP ${status}` : 'unreadable answer', message: describe(parsed ?? body), alertText: undefined };
  }
  return undefined;
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

function describe(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function throwing(error: Error): never {
  throw error;
}
