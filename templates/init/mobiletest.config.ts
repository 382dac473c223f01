import { defineConfig } from 'mobiletest';

// `{{test}}` runs the specs in {{specDir}}/. With no phone connected it uses the virtual
// phone and its sample apps; `--device SERIAL` (or `use.device`) picks a real one.
export default defineConfig({
  testDir: '{{specDir}}',
  use: {
    // The app under test, launched fresh (data cleared) before each test.
    app: 'com.example.shop',
    // What to do with a system dialog (a permission request) that shows up: allow, deny or fail.
    dialogs: 'allow',
  },
});
