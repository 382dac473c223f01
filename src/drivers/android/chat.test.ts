import { expect, test } from '@playwright/test';
import { startSim, type IosSim } from '../../sim/index.js';
import { findWdaNode, hasWdaNode, type WdaNodeQuery } from '../ios/wda-nodes.testing.js';
import { IosDriver } from '../ios/ios-driver.js';
import { findNode } from '../testing/screen.js';
import { AndroidUser, CHAT, conversationOfTwo } from './chat-users.testing.js';

// Two people chatting, each on a phone of their own, driven as a test would (the Chat app on virtual phones in one process).

test('alice and bob chat from two Android phones: the message arrives, with an unread badge, and the reply comes back', async () => {
  await conversationOfTwo();
});

test('a wrong password shows the error, and the user stays on the sign-in screen', async () => {
  const carol = await AndroidUser.start();
  try {
    await carol.driver.launchApp(CHAT, { stopFirst: true });
    await carol.fill({ id: 'name' }, 'carol');
    await carol.fill({ id: 'password' }, 'pass123');
    await carol.tap({ id: 'sign_in' });
    const xml = await carol.waitFor({ id: 'error' });
    expect(findNode(xml, { id: 'error' }).attributes.text).toBe('Wrong name or password');
    expect(findNode(xml, { id: 'password' }).attributes.password).toBe('true');
  } finally {
    await carol.stop();
  }
});

test('a message from an Android phone reaches the virtual iPhone, and its answer comes back', async () => {
  const alice = await AndroidUser.start();
  const iphone: IosSim = await startSim({ platform: 'ios', apps: ['chat'] });
  const bob = await IosDriver.connect({ wdaUrl: iphone.wdaUrl, udid: iphone.udid, xcrun: '/nonexistent/xcrun' });
  const source = async (): Promise<string> => (await bob.hierarchy()).xml;
  const tap = async (query: WdaNodeQuery): Promise<void> => bob.tap(findWdaNode(await source(), 3, query));
  const waitFor = async (query: WdaNodeQuery): Promise<void> => {
    const until = Date.now() + 20_000;
    while (!hasWdaNode(await source(), 3, query)) {
      if (Date.now() > until) findWdaNode(await source(), 3, query);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  try {
    expect(iphone.chatServer).toBe(alice.sim.chatServer);
    await alice.signIn('alice', 'pass123');
    await alice.tap({ id: 'conversation_name', text: 'bob' });
    await alice.send('hello iPhone');

    await bob.launchApp(CHAT);
    await tap({ name: 'name' });
    await bob.typeText('bob');
    await tap({ name: 'password' });
    await bob.typeText('pass456');
    await tap({ name: 'sign_in' });
    await waitFor({ name: 'unread_badge', label: /1 unread message/ });
    await tap({ name: 'conversation_name', label: 'alice' });
    await waitFor({ label: 'alice: hello iPhone' });
    await tap({ name: 'message_input' });
    await bob.typeText('hello Android');
    await tap({ name: 'send' });

    await alice.waitFor({ desc: 'bob: hello Android' });
  } finally {
    await bob.close();
    await Promise.all([alice.stop(), iphone.stop()]);
  }
});
