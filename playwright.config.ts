import { defineConfig } from '@playwright/test';

// The project's own tests: unit tests next to their modules, end-to-end specs in e2e/, and the
// packed package installed into new projects (runner/packaging/).
const CI_PROJECT_WORKERS = process.env.CI ? 2 : undefined;
// The unit project holds most of the suite's time: three of the four workers may take its tests.
const CI_UNIT_WORKERS = process.env.CI ? 3 : undefined;

export default defineConfig({
  timeout: 60_000,
  forbidOnly: !!process.env.CI,
  // Four at once on CI's two cores, at most two from any one project: the projects that mostly wait
  // (real-timing's phone paced at a real phone's speed, the peers' tools) run beside the busy ones.
  workers: process.env.CI ? 4 : undefined,
  reporter: [['list'], ['./reporters/summary-line.ts']],
  projects: [
    // The packed package installed as users install it: one tarball, caches and Node binaries shared by every project.
    // First, so its long installs run beside the unit tests rather than after them.
    { name: 'install-setup', testDir: 'runner/packaging', testMatch: '*.setup.ts' },
    { name: 'install', workers: CI_PROJECT_WORKERS, testDir: 'runner/packaging', testMatch: '*.test.ts', dependencies: ['install-setup'] },
    {
      name: 'unit',
      workers: CI_UNIT_WORKERS,
      testDir: '.',
      testMatch: ['src/**/*.test.ts', 'runner/**/*.test.ts', 'reporters/**/*.test.ts', 'bench/**/*.test.ts'],
      testIgnore: ['runner/packaging/**', '**/*.real.test.ts'],
    },
    { name: 'e2e', workers: CI_PROJECT_WORKERS, testDir: 'e2e', testMatch: '**/*.spec.ts' },
    // Reliability tests tagged @real-timing again on a phone paced as a mid-range Android 14 one (a dump ~2 s), and *.real.test.ts (tagged too) that only make sense there.
    {
      name: 'real-timing',
      workers: CI_PROJECT_WORKERS,
      testDir: '.',
      testMatch: ['src/primitives/exec/*.test.ts', 'src/agent/**/*.test.ts', 'src/drivers/**/*.real.test.ts', 'runner/real-timing/*.test.ts'],
      grep: /@real-timing/,
      metadata: { simTiming: 'real' },
      fullyParallel: true,
    },
    // Every offline goal form on the sample apps, each step checked against what adb says; its teardown prints the table.
    { name: 'truth', workers: CI_PROJECT_WORKERS, testDir: 'e2e/truth', testMatch: '*.truth.ts', fullyParallel: true, teardown: 'truth-summary' },
    { name: 'truth-summary', testDir: 'e2e/truth', testMatch: 'battery.summary.ts' },
    // Widely used Android tools (mobile-mcp, appium-adb, Midscene, adbkit) driving the phone through their public APIs; e2e/peers has its own node_modules.
    { name: 'peers', workers: CI_PROJECT_WORKERS, testDir: 'e2e/peers', testMatch: '*.peer.ts', fullyParallel: true },
  ],
});
