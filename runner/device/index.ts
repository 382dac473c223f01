export { Device, type ActionOptions, type WaitOptions, type LaunchOptions, type TextCheck, type DeviceOptions } from './device.js';
export { MobileLocator, LocatorError } from './locator.js';
export { ActionFailed } from './action-failed.js';
export { AppNotInstalled } from './app-check.js';
export { DeviceLeaseError } from './lease/lease-error.js';
export type { DeviceLease } from './lease/pool.js';
export { METHODS, methodFor, type DeviceMethodName } from './methods.js';
