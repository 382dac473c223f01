import { test, expect } from '@playwright/test';
import { AndroidDriver, IosDriver, type Driver } from '../../drivers/index.js';
import { DeviceObserver, screenText, type Screen, type ScreenElement } from '../../observe/index.js';
import { startSim, type IosSim, type Sim } from '../../sim/index.js';
import { describeLocateResult, locate, type Target } from './index.js';

// The Chat app on a virtual iPhone talking with an Android phone, both read and touched as a spec does:
// the compressed screen, the locator on it, a tap at the centre of what it found.
const CHAT = 'com.example.chat';

/** One person's phone, driven through its driver and read through an observer. */
class ChatUser {
  private readonly observer: DeviceObserver;

  constructor(readonly driver: Driver) {
    this.observer = new DeviceObserver(driver, { screenshots: false });
  }

  async screen(): Promise<Screen> {
    return (await this.observer.look({ app: CHAT })).observation.screen;
  }

  /** The one element `target` names on the screen, waiting for it (messages arrive by polling, a second apart). */
  async find(target: Target, o: { for?: 'action' | 'read'; timeoutMs?: number } = {}): Promise<ScreenElement> {
    const until = Date.now() + (o.timeoutMs ?? 20_000);
    for (;;) {
      const screen = await this.screen();
      // A read takes no lookalike (a label a few edits off), as a spec's find() does.
      const found = locate(screen, target, o.for === 'action' ? { for: 'action' } : { for: 'read', lookalikes: false });
      if (found.status === 'found') return found.best.element;
      if (Date.now() > until) throw new Error(`${describeLocateResult(target, found)}\n${screenText(screen)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async tap(target: Target): Promise<void> {
    const b = (await this.find(target, { for: 'action' })).bounds;
    await this.driver.tap({ x: Math.floor((b.left + b.right) / 2), y: Math.floor((b.top + b.bottom) / 2) });
  }

  async fill(target: Target, text: string): Promise<void> {
    await this.tap(target);
    await this.driver.typeText(text);
  }

  async signIn(name: string, password: string): Promise<void> {
    await this.driver.launchApp(CHAT, { stopFirst: true });
    await this.fill('Name', name);
    await this.fill('Password', password);
    await this.tap('Sign in');
    await this.find(`Signed in as ${name}`);
  }
}

let android: Sim;
let iphone: IosSim;
let alice: ChatUser;
let bob: ChatUser;

test.beforeEach(async () => {
  android = await startSim({ serverPort: 0, apps: ['chat'] });
  iphone = await startSim({ platform: 'ios', apps: ['chat'] });
  alice = new ChatUser(await AndroidDriver.connect({ port: android.serverPort, serial: android.serial }));
  bob = new ChatUser(await IosDriver.connect({ wdaUrl: iphone.wdaUrl, udid: iphone.udid, xcrun: '/nonexistent/xcrun' }));
});

test.afterEach(async () => {
  await Promise.all([alice?.driver.close(), bob?.driver.close()]);
  await Promise.all([android?.stop(), iphone?.stop()]);
});

test('on the iPhone a conversation row reads by the other user and the last message, its badge and the messages inside are found', async () => {
  expect(iphone.chatServer, 'both phones use the one backend').toBe(android.chatServer);
  await bob.signIn('bob', 'pass456');
  // Each row reads as on Android: the other user and the last message, not the row's identifier or its picture's.
  expect(await bob.find('alice')).toMatchObject({ role: 'item', label: 'alice No messages yet' });
  const rows = (await bob.screen()).elements.filter((e) => e.role === 'item').map((e) => e.label);
  expect(rows).toEqual(['alice No messages yet', 'carol No messages yet']);

  await alice.signIn('alice', 'pass123');
  await alice.tap('bob');
  await alice.fill('Message', 'hi bob');
  await alice.tap('Send');

  const badge = await bob.find('1 unread message');
  const row = await bob.find('alice');
  expect(row).toMatchObject({ role: 'item', label: expect.stringMatching(/^alice hi bob\b/) });
  expect(badge.ref, "the unread count is read on alice's row").toBe(row.ref);

  await bob.tap('alice');
  const message = await bob.find('alice: hi bob');
  expect(message.label).toBe('alice: hi bob');
  expect(screenText(await bob.screen())).not.toMatch(/"conversation"|"avatar"/);
});
