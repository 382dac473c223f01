import { test, expect } from 'mobiletest';

// Two people, two phones (the project's `team`: alice on Android, bob on an iPhone): each phone is its
// own device with its own session, and the Chat app on each reaches the same server. A checkpoint marks where a long flow can resume.
test('alice and bob chat on two phones', async ({ team: { alice, bob } }) => {
  await alice.fill('Name', 'alice');
  await alice.fill('Password', 'pass123', { secret: true });
  await alice.tap('Sign in');
  await bob.fill('Name', 'bob');
  await bob.fill('Password', 'pass456', { secret: true });
  await bob.tap('Sign in');
  await Promise.all([alice.checkpoint('alice signed in'), bob.checkpoint('bob signed in')]);

  await alice.tap('bob');
  await alice.fill('Message', 'hi bob');
  await alice.tap('Send');
  // The message reaches bob's phone through the server: his list shows it, then the conversation.
  await expect(bob.find('hi bob')).toBeVisible({ timeout: 10_000 });
  await bob.tap('alice');
  await expect(bob.find('alice: hi bob')).toBeVisible();

  // Agent steps on one phone read that phone's screen only.
  await bob.ai.step('type "hi alice" into Message');
  await bob.ai.step('tap Send');
  await expect(alice.find('bob: hi alice')).toBeVisible({ timeout: 10_000 });
  await alice.ai.expect('the screen shows bob: hi alice');
});
