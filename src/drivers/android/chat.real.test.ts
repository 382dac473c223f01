import { test } from '@playwright/test';
import { conversationOfTwo } from './chat-users.testing.js';

// The Chat conversation on phones paced as real ones (a hierarchy read about 2 s): run by the real-timing project.
test('the same conversation on phones paced as real ones @real-timing', async () => {
  test.setTimeout(240_000);
  await conversationOfTwo('real');
});
