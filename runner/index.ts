// The package's public API. The test runner (test, expect, defineConfig) arrives with the
// runner; today the package offers the virtual phone, the device drivers and the observed screen.
export { startSim, sampleApps } from '../src/sim/index.js';
export type { SimOptions, Sim, Phone } from '../src/sim/index.js';
export * from '../src/drivers/index.js';
export * from '../src/observe/index.js';
export * from '../src/primitives/index.js';
export * from '../src/events/index.js';
