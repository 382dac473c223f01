import { defineConfig } from 'mobiletest';

// The demo project: specs that drive the Shop sample app on the virtual phone and on the virtual
// iPhone, one Playwright project per platform; and a chat between two people, alice on the phone and
// bob on the iPhone.
export default defineConfig({
  testDir: '.',
  // Two virtual devices at a time (each worker starts its own).
  workers: 2,
  use: { app: 'com.example.shop', device: 'sim', dialogs: 'allow' },
  projects: [
    { name: 'android', use: { platform: 'android' }, testIgnore: ['chat.test.ts'] },
    { name: 'ios', use: { platform: 'ios' }, testIgnore: ['chat.test.ts'] },
    { name: 'chat', testMatch: ['chat.test.ts'], use: { app: 'com.example.chat', team: { alice: 'android', bob: 'ios' } } },
  ],
});
