// The drivers' public surface: the platform-neutral Driver interface, its errors, and the Android and iOS drivers.
export type {
  AppVersion,
  CallOptions,
  DeviceInfo,
  Driver,
  Foreground,
  GestureOptions,
  Glance,
  GlanceOptions,
  Hierarchy,
  HierarchyFormat,
  Key,
  KeyOptions,
  LaunchOptions,
  LogEntry,
  LogMark,
  LogPriority,
  LogsOptions,
  OpenLinkOptions,
  Orientation,
  PermissionRequest,
  Platform,
  Point,
  RawImage,
  PrepareOptions,
  ScreenSize,
  ShellOutput,
} from './types.js';
export { PLATFORMS } from './types.js';
export { DeviceError } from './errors/device-error.js';
export { DeviceTimeout } from './errors/device-timeout.js';
export { DeviceDisconnected } from './errors/device-disconnected.js';
export { DeviceNotFound, type ListedDevice } from './errors/device-not-found.js';
export { SeveralDevices } from './errors/several-devices.js';
export { DeviceCommandFailed } from './errors/device-command-failed.js';
export { UnsupportedText } from './errors/unsupported-text.js';
export { UnsupportedDevice } from './errors/unsupported-device.js';
export { HierarchyUnavailable } from './errors/hierarchy-unavailable.js';
export { ScreenshotUnreadable } from './errors/screenshot-unreadable.js';
export { AdbServerUnavailable } from './android/adb-server-unavailable.js';
export { AndroidDriver, type AndroidConnectOptions } from './android/android-driver.js';
export { IosDriver, type AlertButtonOptions } from './ios/ios-driver.js';
export type { IosConnectOptions } from './ios/connect.js';
export type { ListedSimulator } from './ios/simulator.js';
export { WdaUnavailable } from './ios/wda-unavailable.js';
export { WdaCommandFailed } from './ios/wda-command-failed.js';
export { WdaSessionLost } from './ios/wda-session-lost.js';
export { UnexpectedAlert } from './ios/unexpected-alert.js';
