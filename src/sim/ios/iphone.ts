// The iPhone mobiletest stands in for, as WDA and simctl describe it.
export const IPHONE = {
  name: 'iPhone 15',
  osVersion: '17.5',
  wdaVersion: '7.4.1',
  /** Status bar height, points (Dynamic Island). */
  statusBarPt: 54,
  deviceType: 'com.apple.CoreSimulator.SimDeviceType.iPhone-15',
  runtime: 'com.apple.CoreSimulator.SimRuntime.iOS-17-5',
} as const;
