import { expect, test } from '@playwright/test';
import { UnexpectedAlert } from './unexpected-alert.js';
import { WdaCommandFailed } from './wda-command-failed.js';
import { sessionIdOf, wdaValue } from './wda-response.js';

const answer = (status: number, body: unknown) => ({
  device: 'UDID-1',
  request: 'POST /actions',
  status,
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

test("a successful answer gives its value, and POST /session's session id is read from the value or the envelope", () => {
  expect(wdaValue(answer(200, { value: 'abc', sessionId: 'S1' }))).toBe('abc');
  expect(wdaValue(answer(200, { value: null, sessionId: null }))).toBeNull();
  const created = { value: { sessionId: 'S2', capabilities: { device: 'iphone' } }, sessionId: 'S2' };
  expect(sessionIdOf(wdaValue(answer(200, created)), JSON.stringify(created))).toBe('S2');
  expect(sessionIdOf({ capabilities: {} }, JSON.stringify({ value: {}, sessionId: 'S3' }))).toBe('S3');
});

test("WebDriverAgent's W3C error object becomes WdaCommandFailed naming the device, the request, the code and its message", () => {
  const body = { value: { error: 'unknown error', message: 'Cannot tap outside of the screen', traceback: '' }, sessionId: 'S1' };
  const error = catching(() => wdaValue(answer(500, body)));
  expect(error).toBeInstanceOf(WdaCommandFailed);
  expect(error).toMatchObject({ device: 'UDID-1', error: 'unknown error', status: 500, wdaMessage: 'Cannot tap outside of the screen' });
  expect(error.message).toContain('"POST /actions" on device UDID-1 failed: HTTP 500 unknown error: Cannot tap outside of the screen');
  expect(error.message).toContain("WebDriverAgent's log");
});

test('an expired session, a missing alert and an unknown route keep their codes, with what they mean', () => {
  const expired = catching(() => wdaValue(answer(404, { value: { error: 'invalid session id', message: 'Session does not exist' } })));
  expect(expired).toMatchObject({ error: 'invalid session id', status: 404 });
  const noAlert = catching(() => wdaValue(answer(404, { value: { error: 'no such alert', message: '' } })));
  expect(noAlert.message).toContain('no alert is open');
  const unknown = catching(() => wdaValue(answer(404, { value: { error: 'unknown command', message: 'Unhandled route' } })));
  expect(unknown.message).toContain('does not serve that route');
});

test('"unexpected alert open" becomes UnexpectedAlert carrying the alert text when the answer has it', () => {
  const body = { value: { error: 'unexpected alert open', message: 'A modal dialog was open', data: { text: '“Shop” Would Like to Send You Notifications' } } };
  const error = catching(() => wdaValue(answer(500, body)));
  expect(error).toBeInstanceOf(UnexpectedAlert);
  expect(error).toMatchObject({ alertText: '“Shop” Would Like to Send You Notifications', during: 'POST /actions', device: 'UDID-1' });
  expect(error.message).toContain('acceptAlert');
});

test('a non-JSON error page and a JSON Wire failure status are errors too, never values', () => {
  const html = catching(() => wdaValue(answer(502, '<html>Bad Gateway</html>')));
  expect(html).toBeInstanceOf(WdaCommandFailed);
  expect(html.message).toContain('HTTP 502');
  expect(html.message).toContain('Bad Gateway');
  const wire = catching(() => wdaValue(answer(200, { status: 13, value: 'boom' })));
  expect(wire.message).toContain('JSON Wire status 13: boom');
  expect(catching(() => wdaValue(answer(200, 'not json')))).toBeInstanceOf(WdaCommandFailed);
});

function catching(run: () => unknown): Error & Record<string, unknown> {
  try {
    run();
  } catch (error) {
    return error as Error & Record<string, unknown>;
  }
  throw new Error('expected a throw');
}
