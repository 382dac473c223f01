import { defineConfig } from 'mobiletest';

// The demo project: specs that drive the Shop sample app on the virtual phone.
export default defineConfig({
  testDir: '.',
  use: { app: 'com.example.shop', device: 'sim', dialogs: 'allow' },
});
