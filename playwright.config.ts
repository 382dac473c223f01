import { defineConfig } from '@playwright/test';

// The project's own tests: unit tests next to their modules, end-to-end specs in e2e/, and the
// packed package installed into new projects (runner/packaging/).
export default defineConfig({
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  workers: process.env.CI ? 2 : undefined,
  reporter: [['list'], ['./reporters/summary-line.ts']],
  projects: [
    {
      name: 'unit',
      testDir: '.',
      testMatch: ['src/**/*.test.ts', 'runner/**/*.test.ts', 'reporters/**/*.test.ts', 'bench/**/*.test.ts'],
      testIgnore: ['runner/packaging/**', '**/*.real.test.ts'],
    },
    { name: 'e2e', testDir: 'e2e', testMatch: '**/*.spec.ts' },
    // Reliability tests tagged @real-timing again on a phone paced as a mid-range Android 14 one (a dump ~2 s), and *.real.test.ts (tagged too) that only make sense there.
    {
      name: 'real-timing',
      testDir: '.',
      testMatch: ['src/primitives/exec/*.test.ts', 'src/agent/**/*.test.ts', 'src/drivers/**/*.real.test.ts', 'runner/real-timing/*.test.ts'],
      grep: /@real-timing/,
      metadata: { simTiming: 'real' },
      fullyParallel: true,
    },
    // Every offline goal form on the sample apps, each step checked against what adb says; its teardown prints the table.
    { name: 'truth', testDir: 'e2e/truth', testMatch: '*.truth.ts', fullyParallel: true, teardown: 'truth-summary' },
    { name: 'truth-summary', testDir: 'e2e/truth', testMatch: 'battery.summary.ts' },
    // Widely used Android tools (mobile-mcp, appium-adb, Midscene, adbkit) driving the phone through their public APIs; e2e/peers has its own node_modules.
    { name: 'peers', testDir: 'e2e/peers', testMatch: '*.peer.ts', fullyParallel: true },
    // The packed package installed as users install it: one tarball, caches and Node binaries shared by every project.
    { name: 'install-setup', testDir: 'runner/packaging', testMatch: '*.setup.ts' },
    { name: 'install', testDir: 'runner/packaging', testMatch: '*.test.ts', dependencies: ['install-setup'] },
  ],
});
