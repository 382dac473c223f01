// The package's public API: the test runner (test, expect, defineConfig and the device API), the
// virtual phone, the device drivers, the observed screen, the primitives and the event log.
export { test, expect, EVENTS_ATTACHMENT } from './fixtures/index.js';
export type { MobileOptions, MobileTestFixtures, MobileWorkerFixtures } from './fixtures/index.js';
export { defineConfig, ConfigError, type MobileConfig } from './config.js';
export { Device, MobileLocator, LocatorError, ActionFailed, AppNotInstalled, DeviceLeaseError } from './device/index.js';
export type { ActionOptions, WaitOptions as DeviceWaitOptions, LaunchOptions as DeviceLaunchOptions, TextCheck, DeviceLease } from './device/index.js';
export { startSim, sampleApps } from '../src/sim/index.js';
export type { SimOptions, Sim, Phone } from '../src/sim/index.js';
export * from '../src/drivers/index.js';
export * from '../src/observe/index.js';
export * from '../src/primitives/index.js';
export * from '../src/events/index.js';
