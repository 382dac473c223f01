import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { DeviceCalls } from '../calls.js';
import { WdaClient } from './wda-client.js';
import { WdaSessionLost } from './wda-session-lost.js';

/** A WebDriverAgent stand-in that answers each request with what `answer` says, and records the requests. */
async function serve(answer: (method: string, path: string, sessions: number) => { status: number; value: unknown }) {
  const seen: string[] = [];
  let sessions = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const line = `${request.method} ${request.url}`;
      seen.push(line);
      if (line === 'POST /session') sessions++;
      const { status, value } =
        line === 'POST /session' ? { status: 200, value: { sessionId: `S${sessions}`, capabilities: {} } } : answer(request.method!, request.url!, sessions);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ value, sessionId: `S${sessions}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const expired = { status: 404, value: { error: 'invalid session id', message: 'Session does not exist', traceback: '' } };
const calls = new DeviceCalls({ device: 'UDID-1', defaultTimeoutMs: 5_000 });
const run = <T>(body: (scope: { signal: AbortSignal; step: (l: string) => void; timeoutMs: number }) => Promise<T>) =>
  calls.run('test', undefined, (scope) => body({ signal: scope.signal, step: scope.step, timeoutMs: 5_000 }));

test('a session that expired is opened again once, for every request that found it gone, and the requests go through', async () => {
  // Session S1 expires; S2 works.
  const wda = await serve((_method, path) => (path.startsWith('/session/S1/') ? expired : { status: 200, value: path }));
  try {
    const client = new WdaClient(wda.url, { device: 'UDID-1', capabilities: {} });
    await run((scope) => client.openSession(scope));
    const answers = await run((scope) =>
      Promise.all([client.send(scope, { method: 'GET', path: '/source' }), client.send(scope, { method: 'GET', path: '/wda/activeAppInfo' })]),
    );
    expect(answers).toEqual(['/session/S2/source', '/session/S2/wda/activeAppInfo']);
    expect(wda.seen.filter((line) => line === 'POST /session')).toHaveLength(2);
    expect(client.session).toBe('S2');
  } finally {
    await wda.close();
  }
});

test('a session that expires again right after it was opened anew ends in WdaSessionLost naming the device, the URL and the request', async () => {
  const wda = await serve(() => expired);
  try {
    const client = new WdaClient(wda.url, { device: 'UDID-1', capabilities: {} });
    await run((scope) => client.openSession(scope));
    const error = await run((scope) => client.send(scope, { method: 'POST', path: '/actions', body: {} })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WdaSessionLost);
    expect((error as Error).message).toContain('UDID-1');
    expect((error as Error).message).toContain(wda.url);
    expect((error as Error).message).toContain('POST /actions');
    expect(wda.seen.filter((line) => line === 'POST /session')).toHaveLength(2);
  } finally {
    await wda.close();
  }
});
