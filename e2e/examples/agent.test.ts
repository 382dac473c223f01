import { test } from 'mobiletest';

// Agent steps say what to do, not how. Without a model configured they run on mobiletest's offline
// rules (no model call, no cost); with MOBILETEST_LLM_PROVIDER set, goals outside those rules go to
// the model, and what it did is cached in __mobiletest__/ so the next run replays it for free.
test('alice signs in and adds a cable to her cart, by goals', async ({ device }) => {
  await device.ai.step('log in with alice@example.com and "pass123"');
  await device.ai.expect('the screen shows Hi, Alice');
  await device.ai.step('search for cable');
  await device.ai.expect('the screen shows USB-C Cable');
  await device.ai.step('tap USB-C Cable');
  await device.ai.step('tap Add to cart');
  await device.ai.expect('the screen shows Cart, 1 item');
});
