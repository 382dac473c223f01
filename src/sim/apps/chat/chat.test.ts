import { createServer, type Socket } from 'node:net';
import { test, expect } from '@playwright/test';
import { startSim, startChatServer, type Sim } from '../../index.js';
import { ScreenDriver } from '../../testing/screen-driver.js';
import type { NodeQuery } from '../../testing/dump-query.js';
import { CHAT_PACKAGE } from './index.js';

/** Waits, reading the screen again and again, until it shows the node; fails with what it shows. */
async function waitFor(screen: ScreenDriver, query: NodeQuery, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!screen.has(query)) {
    if (Date.now() > until) throw new Error(`Never showed ${JSON.stringify(query)}; on screen: ${screen.texts().join(' | ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function signIn(screen: ScreenDriver, name: string, password: string): Promise<void> {
  expect(screen.phone.ui.launch(CHAT_PACKAGE).ok).toBe(true);
  screen.fill({ id: 'name' }, name);
  screen.fill({ id: 'password' }, password);
  screen.tap({ id: 'sign_in' });
}

test('two phones in one process share a backend: a message goes from alice to bob and back', async () => {
  const sims: Sim[] = await Promise.all([startSim({ apps: ['chat'] }), startSim({ apps: ['chat'] })]);
  try {
    const [one, two] = sims.map((s) => new ScreenDriver(s.phone)) as [ScreenDriver, ScreenDriver];
    expect(sims[0]?.chatServer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sims[1]?.chatServer).toBe(sims[0]?.chatServer);

    await signIn(one, 'alice', 'pass123');
    await waitFor(one, { text: 'bob' });
    expect(one.has({ text: 'Signed in as alice' })).toBe(true);
    await signIn(two, 'bob', 'pass456');
    await waitFor(two, { text: 'alice' });

    one.tap({ text: 'bob' });
    expect(one.get({ id: 'title' }).text).toBe('bob');
    one.fill({ id: 'message_input' }, 'hi bob');
    one.tap({ id: 'send' });
    // Shown at once, before the server has answered, then as sent.
    expect(one.has({ desc: 'You: hi bob' })).toBe(true);
    expect(one.get({ id: 'message_status' }).text).toBe('Sending…');
    await waitFor(one, { id: 'message_status', text: 'Sent' });

    // Bob's list shows the message and an unread badge before he opens it.
    await waitFor(two, { id: 'unread_badge', text: '1' });
    expect(two.has({ id: 'last_message', text: 'hi bob' })).toBe(true);
    two.tap({ text: 'alice' });
    expect(two.has({ desc: 'alice: hi bob' })).toBe(true);
    two.fill({ id: 'message_input' }, 'hello alice');
    two.tap({ id: 'send' });
    two.tap({ desc: 'Navigate up' });
    expect(two.has({ id: 'unread_badge' })).toBe(false);
    expect(two.has({ id: 'last_message', text: 'You: hello alice' })).toBe(true);

    await waitFor(one, { desc: 'bob: hello alice' });
  } finally {
    await Promise.all(sims.map((s) => s.stop()));
  }
});

test('a wrong password shows the server’s answer and stays on the sign-in screen', async () => {
  const sim = await startSim({ apps: ['chat'] });
  try {
    const screen = new ScreenDriver(sim.phone);
    await signIn(screen, 'alice', 'nope');
    await waitFor(screen, { id: 'error', text: 'Wrong name or password' });
    expect(screen.has({ id: 'sign_in', text: 'Sign in' })).toBe(true);
  } finally {
    await sim.stop();
  }
});

test('a stopped backend shows that the server cannot be reached, and force-stop keeps the user signed in', async () => {
  const server = await startChatServer();
  const sim = await startSim({ apps: ['chat'], chatServer: server.url });
  try {
    const screen = new ScreenDriver(sim.phone);
    expect(sim.chatServer).toBe(server.url);
    await signIn(screen, 'carol', 'pass789');
    await waitFor(screen, { text: 'alice' });
    await server.close();
    await waitFor(screen, { id: 'connection_error', text: /Can't reach the server/ });

    sim.phone.ui.forceStop(CHAT_PACKAGE);
    sim.phone.ui.launch(CHAT_PACKAGE);
    expect(screen.has({ text: 'Signed in as carol' })).toBe(true);
    sim.phone.ui.clearData(CHAT_PACKAGE);
    sim.phone.ui.launch(CHAT_PACKAGE);
    expect(screen.has({ id: 'sign_in' })).toBe(true);
    screen.fill({ id: 'name' }, 'carol');
    screen.fill({ id: 'password' }, 'pass789');
    screen.tap({ id: 'sign_in' });
    await waitFor(screen, { id: 'error', text: /Can't reach the server/ });
  } finally {
    await sim.stop();
  }
});

/** What keeps a Node process alive (listening servers, open sockets, ref'd timers), counted by kind. */
function liveHandles(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) if (/^(TCPServerWrap|TCPSocketWrap|Timeout)$/.test(kind)) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

test('stopping the phones stops their polling and the shared backend, leaving nothing that keeps the process running', async () => {
  const before = liveHandles();
  const sims = await Promise.all([startSim({ apps: ['chat'] }), startSim({ platform: 'ios', apps: ['chat'] })]);
  const url = sims[0].chatServer as string;
  const [one, two] = sims.map((s) => new ScreenDriver(s.phone)) as [ScreenDriver, ScreenDriver];
  await signIn(one, 'alice', 'pass123');
  await signIn(two, 'bob', 'pass456');
  await waitFor(one, { text: 'bob' });
  await waitFor(two, { text: 'alice' });
  one.tap({ text: 'bob' });
  one.fill({ id: 'message_input' }, 'bye');
  one.tap({ id: 'send' });

  // Stopped with a message on its way and polls due.
  await sims[0].stop();
  expect(sims[0].phone.ui.processes().map((p) => p.package)).not.toContain(CHAT_PACKAGE);
  expect((await fetch(`${url}/api/health`)).ok, 'the backend stays while the iPhone holds it').toBe(true);
  await sims[1].stop();
  await expect(fetch(`${url}/api/health`)).rejects.toThrow();

  // No more of any kind than before the phones started (closing sockets may take a moment to go).
  const grown = (): string[] => Object.entries(liveHandles()).flatMap(([kind, n]) => (n > (before[kind] ?? 0) ? [`${kind} x${n - (before[kind] ?? 0)}`] : []));
  const until = Date.now() + 5000;
  while (grown().length > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(grown()).toEqual([]);
});

test('a backend that takes the connection but never answers: the screen stays readable, and the call gives up with an error', async () => {
  const held: Socket[] = [];
  const silent = createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  const { port } = silent.address() as { port: number };
  const sim = await startSim({ apps: ['chat'], chatServer: `http://127.0.0.1:${port}` });
  try {
    const screen = new ScreenDriver(sim.phone);
    await signIn(screen, 'alice', 'pass123');
    await waitFor(screen, { id: 'sign_in', text: 'Signing in…' });
    // The call is out: the screen is still dumped, the button disabled until it ends.
    expect(screen.get({ id: 'sign_in' }).enabled).toBe(false);
    await waitFor(screen, { id: 'error', text: /Can't reach the server/ }, 15_000);
    expect(screen.get({ id: 'sign_in' }).text).toBe('Sign in');
  } finally {
    await sim.stop();
    held.forEach((socket) => socket.destroy());
    await new Promise((resolve) => silent.close(resolve));
  }
});
