import { expect } from '@playwright/test';
import { startSim, type Sim, type TimingMode } from '../../sim/index.js';
import { findNode, hasNode, type NodeQuery } from '../testing/screen.js';
import { AndroidDriver } from './android-driver.js';

// Shared by the Chat tests (paced fast and real) — two people chatting, each on a phone of their own: the Chat sample app on virtual phones in one
// process, their messages going through the Chat backend the phones share, driven as a test would.
export const CHAT = 'com.example.chat';

/** One user's phone through the real Android driver. */
export class AndroidUser {
  private constructor(
    readonly sim: Sim,
    readonly driver: AndroidDriver,
  ) {}

  static async start(timing?: TimingMode): Promise<AndroidUser> {
    const sim = await startSim({ serverPort: 0, apps: ['chat'], timing });
    return new AndroidUser(sim, await AndroidDriver.connect({ port: sim.serverPort, serial: sim.serial }));
  }

  async screen(): Promise<string> {
    return (await this.driver.hierarchy()).xml;
  }

  /** Reads the screen until it shows the node (messages arrive by polling, a second apart). */
  async waitFor(query: NodeQuery, timeoutMs = 20_000): Promise<string> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const xml = await this.screen();
      if (hasNode(xml, query) || Date.now() > until) {
        findNode(xml, query);
        return xml;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async tap(query: NodeQuery): Promise<void> {
    await this.driver.tap(findNode(await this.screen(), query));
  }

  async fill(query: NodeQuery, text: string): Promise<void> {
    await this.tap(query);
    await this.driver.typeText(text);
  }

  async signIn(name: string, password: string): Promise<void> {
    await this.driver.launchApp(CHAT, { stopFirst: true });
    await this.fill({ id: 'name' }, name);
    await this.fill({ id: 'password' }, password);
    await this.tap({ id: 'sign_in' });
    await this.waitFor({ id: 'signed_in_as', text: `Signed in as ${name}` });
  }

  async send(text: string): Promise<void> {
    await this.fill({ id: 'message_input' }, text);
    await this.tap({ id: 'send' });
  }

  async stop(): Promise<void> {
    await this.driver.close();
    await this.sim.stop();
  }
}

export async function conversationOfTwo(timing?: TimingMode): Promise<void> {
  const [alice, bob] = await Promise.all([AndroidUser.start(timing), AndroidUser.start(timing)]);
  try {
    expect(alice.sim.chatServer, 'both phones use the one backend').toBe(bob.sim.chatServer);
    await alice.signIn('alice', 'pass123');
    await bob.signIn('bob', 'pass456');

    await alice.tap({ id: 'conversation_name', text: 'bob' });
    expect(findNode(await alice.screen(), { id: 'title' }).attributes.text).toBe('bob');
    await alice.send('hi bob');
    // At once on alice's phone as hers, then accepted by the server.
    await alice.waitFor({ desc: 'You: hi bob' });
    await alice.waitFor({ id: 'message_status', text: 'Sent' });

    // On bob's list: the message and an unread badge, before he opens the conversation.
    const list = await bob.waitFor({ id: 'unread_badge', text: '1' });
    expect(hasNode(list, { id: 'last_message', text: 'hi bob' })).toBe(true);
    await bob.tap({ id: 'conversation_name', text: 'alice' });
    const opened = await bob.screen();
    expect(hasNode(opened, { desc: 'alice: hi bob' })).toBe(true);
    expect(findNode(opened, { desc: 'alice: hi bob' }).x, 'theirs on the left').toBeLessThan(findNode(opened, { id: 'send' }).x);
    await bob.send('hi alice, how are you?');

    await alice.waitFor({ desc: 'bob: hi alice, how are you?' });
    await bob.tap({ desc: 'Navigate up' });
    expect(hasNode(await bob.waitFor({ id: 'conversation_name', text: 'alice' }), { id: 'unread_badge' }), 'read messages leave no badge').toBe(false);
  } finally {
    await Promise.all([alice.stop(), bob.stop()]);
  }
}
