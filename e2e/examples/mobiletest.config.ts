import { defineConfig } from 'mobiletest';

// The demo project: specs that drive the Shop sample app on the virtual phone and on the virtual
// iPhone, one Playwright project per platform.
export default defineConfig({
  testDir: '.',
  use: { app: 'com.example.shop', device: 'sim', dialogs: 'allow' },
  projects: [
    { name: 'android', use: { platform: 'android' } },
    { name: 'ios', use: { platform: 'ios' } },
  ],
});
