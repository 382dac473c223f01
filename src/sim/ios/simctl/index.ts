// The `xcrun simctl` stand-in for virtual iPhones: serve a simulator, and the PATH directory with `xcrun`.
export { serveSimctl, DEVICE_COMMANDS } from './server.js';
export type { ServeSimctlOptions, SimctlRegistration } from './server.js';
export { simctlPathDir, SimctlStandInError } from './xcrun.js';
export { registryDir, liveRecords } from './registry.js';
export type { SimRecord } from './registry.js';
export { BundleIds, IOS_RUNTIME, IPHONE_15 } from './identity.js';
export type { SimIdentity, SimState } from './identity.js';
export type { SimctlFaults, VirtualSimulator } from './simulator.js';
export { PRIVACY_SERVICES } from './privacy.js';
