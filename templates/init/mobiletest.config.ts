import { defineConfig } from 'mobiletest';

// `{{test}}` runs the specs in {{specDir}}/ on Android and on iOS, one Playwright project each.
// With no device connected, android runs on the virtual phone and ios on the virtual iPhone, with
// their sample apps. To pick real ones: `--device SERIAL` (or a UDID with ios), `--platform ios`,
// or one project only: `--project android`. `mobiletest devices` lists what is connected.
export default defineConfig({
  testDir: '{{specDir}}',
  use: {
    // The app under test (Android package, iOS bundle id), launched fresh (data cleared) before each test.
    app: 'com.example.shop',
    // What to do with a system dialog (a permission request) that shows up: allow, deny or fail.
    dialogs: 'allow',
  },
  projects: [
    { name: 'android', use: { platform: 'android' } },
    { name: 'ios', use: { platform: 'ios' } },
  ],
});
