// The config `mobiletest test` runs with when a project has none: the specs under the current
// folder, on the virtual phone unless --device or MOBILETEST_DEVICE names another.
import { defineConfig } from './config.js';

export default defineConfig({ testDir: process.cwd() });
