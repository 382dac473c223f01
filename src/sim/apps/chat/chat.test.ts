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
    expect(one.has({ desc: 'You: hi bob' })).toBe(true);
    await waitFor(one, { text: 'Sent' });

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
