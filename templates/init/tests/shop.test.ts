import { test, expect } from 'mobiletest';

// Shop is a sample app of the virtual phone and the virtual iPhone: `{{test}}` runs this spec
// on both with no setup.
test.use({ app: 'com.example.shop' });

test('alice signs in and sees her greeting', async ({ device }) => {
  await device.fill('Email', 'alice@example.com');
  await device.fill('Password', 'pass123', { secret: true });
  await device.tap('Log in');
  await expect(device.find('greeting')).toHaveText('Hi, Alice');
});

test('a wrong password keeps the user on the sign-in screen', async ({ device }) => {
  await device.fill('Email', 'alice@example.com');
  await device.fill('Password', 'wrong', { secret: true });
  await device.tap('Log in');
  await expect(device.find('Wrong email or password')).toBeVisible();
});

test('bob signs in by goals', async ({ device }) => {
  // Agent steps: these goals run on mobiletest's offline rules; anything they do not cover needs a
  // model (MOBILETEST_LLM_PROVIDER), whose plans are cached in __mobiletest__/ for free re-runs.
  await device.ai.step('log in with bob@example.com and "hunter2"');
  await device.ai.expect('the screen shows Hi, Bob');
});
