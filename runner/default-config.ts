// The config `mobiletest test` runs with when a project has none: the specs under the current
// folder, on the virtual phone unless --device or MOBILETEST_DEVICE names another.
import path from 'node:path';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: process.cwd(),
  testMatch: ['**/*.test.ts', '**/*.spec.ts'],
  testIgnore: ['**/node_modules/**'],
  outputDir: path.resolve('test-results'),
});
