// Who the virtual iPhone is to simctl: its runtime, its device type, and how iOS bundle ids name the phone's packages.

/** The one runtime the virtual iPhone runs: iOS 17.5 (build 21F79), as Xcode 15.4 ships it. */
export const IOS_RUNTIME = {
  identifier: 'com.apple.CoreSimulator.SimRuntime.iOS-17-5',
  version: '17.5',
  buildversion: '21F79',
  name: 'iOS 17.5',
  platform: 'iOS',
} as const;

/** The device type of the virtual iPhone: an iPhone 15. */
export const IPHONE_15 = {
  identifier: 'com.apple.CoreSimulator.SimDeviceType.iPhone-15',
  name: 'iPhone 15',
  modelIdentifier: 'iPhone15,4',
  productFamily: 'iPhone',
} as const;

export type SimState = 'Booted' | 'Shutdown' | 'Booting' | 'Shutting Down';

/** What simctl lists about one simulator. */
export interface SimIdentity {
  udid: string;
  /** Default 'iPhone 15'. */
  name?: string;
  /** Runtime identifier, default IOS_RUNTIME.identifier. */
  runtime?: string;
  /** Device type identifier, default IPHONE_15.identifier. */
  deviceType?: string;
}

/**
 * The one place iOS bundle ids meet the phone's package names. A bundle id maps to itself unless the
 * caller's table names another package (e.g. { 'com.apple.Preferences': 'com.android.settings' }).
 */
export class BundleIds {
  private readonly toPhone: Map<string, string>;
  private readonly toIos: Map<string, string>;

  constructor(map: Record<string, string> = {}) {
    this.toPhone = new Map(Object.entries(map));
    this.toIos = new Map(Object.entries(map).map(([bundle, pkg]) => [pkg, bundle]));
  }

  /** The phone's package for an iOS bundle id. */
  packageOf(bundleId: string): string {
    return this.toPhone.get(bundleId) ?? bundleId;
  }

  /** The iOS bundle id for a phone package. */
  bundleOf(pkg: string): string {
    return this.toIos.get(pkg) ?? pkg;
  }
}
